// The rules every report applies to two consecutive fixes of an asset (docs/reports-engine.md), pure.
//
// Distance of a pair: the CAN odometer's delta when both fixes carry it, it is not negative and it is plausible
// (at most MAX_PLAUSIBLE_KMH over the interval plus ODOMETER_SLACK_M; a CAN delta of 0 while GPS shows more than
// FROZEN_ODOMETER_M is a frozen counter, not a parked vehicle); else the tracker's own odometer by the same tests;
// else the great-circle distance, counted 0 when it implies more than MAX_PLAUSIBLE_KMH (a GPS jump). A negative
// odometer delta is an odometer reset: counted, never summed (the pair falls back to the next source).
//
// State of an interval: the state of its first fix. Driving at speed >= 3 km/h (the trip detector's threshold),
// idling with ignition on below it, parked otherwise (ignition off or unknown). An interval longer than GAP_MS whose
// first fix is not parked is a gap: no state gets its time (a tracker sends every minute or so while the engine
// runs, so the vehicle's whereabouts are unknown); a parked vehicle's tracker may sleep for hours, so a parked
// interval is parked whatever its length.
import { haversineMeters, isNullIsland } from "../../positions/geo";
import { TRIP_RULES } from "../../trips/trip-detector";
import type { ReportFix } from "./report-fix";

export const PAIR_RULES = {
  maxPlausibleKmh: 250,
  odometerSlackM: 1_000,
  frozenOdometerM: 1_000,
  gapMs: 30 * 60_000,
  drivingKmh: TRIP_RULES.movingSpeedKmh,
  /** a fuel-used counter rising faster than this is a counter fault */
  maxFuelLPerHour: 200,
} as const;

export type DistanceSource = "can" | "tracker" | "gps";
export type FixState = "driving" | "idling" | "parked";

export interface PairDistance {
  metres: number;
  source: DistanceSource;
  /** an odometer (CAN or tracker) went backwards between the two fixes */
  reset: boolean;
  /** the GPS step was left out as a jump */
  jump: boolean;
}

export function fixState(fix: ReportFix): FixState {
  if (fix.speed >= PAIR_RULES.drivingKmh) return "driving";
  return fix.ignition === true ? "idling" : "parked";
}

/** true when the interval from `a` to `b` is a gap (no record for too long while not parked) */
export function isGap(a: ReportFix, b: ReportFix): boolean {
  return b.time - a.time > PAIR_RULES.gapMs && fixState(a) !== "parked";
}

function plausibleMaxM(seconds: number): number {
  return (PAIR_RULES.maxPlausibleKmh / 3.6) * seconds + PAIR_RULES.odometerSlackM;
}

export function pairDistance(a: ReportFix, b: ReportFix): PairDistance {
  const seconds = Math.max(0, (b.time - a.time) / 1000);
  let reset = false;
  let gps: number | null = null;
  const gpsMetres = () => {
    if (gps === null) {
      gps =
        isNullIsland(a.latitude, a.longitude) || isNullIsland(b.latitude, b.longitude)
          ? 0
          : haversineMeters(a.latitude, a.longitude, b.latitude, b.longitude);
    }
    return gps;
  };
  for (const source of ["can", "tracker"] as const) {
    const from = source === "can" ? a.canM : a.trackerM;
    const to = source === "can" ? b.canM : b.trackerM;
    if (from === null || to === null) continue;
    const delta = to - from;
    if (delta < 0) {
      reset = true;
      continue;
    }
    if (delta > plausibleMaxM(seconds)) continue;
    if (delta === 0 && gpsMetres() > PAIR_RULES.frozenOdometerM && gpsMetres() <= plausibleMaxM(seconds)) continue;
    return { metres: delta, source, reset, jump: false };
  }
  const metres = gpsMetres();
  const jump = seconds === 0 ? metres > PAIR_RULES.odometerSlackM : (metres / seconds) * 3.6 > PAIR_RULES.maxPlausibleKmh;
  return { metres: jump ? 0 : metres, source: "gps", reset, jump };
}

/** litres between two fixes from the CAN fuel-used counter; null when either lacks it or it is implausible */
export function pairFuel(a: ReportFix, b: ReportFix): number | null {
  if (a.fuelL === null || b.fuelL === null) return null;
  const delta = b.fuelL - a.fuelL;
  const hours = Math.max(0, (b.time - a.time) / 3_600_000);
  if (delta < 0 || delta > PAIR_RULES.maxFuelLPerHour * hours + 1) return null;
  return delta;
}
