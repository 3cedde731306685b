// Start/stop detection for one asset, pure: it is handed each new fix in time order and says when a trip starts,
// what it has accumulated, and when it ends. The pipeline persists what it reports.
//   start: moving (speed >= threshold) with ignition on, or moving when the device reports no ignition;
//   end:   ignition off, or stationary for STOP_AFTER_MS; the trip ends at the moment the vehicle stopped.
//   trail: a point every 50 m or 60 s, at most 2,000 points (thinned to half resolution when full).
import { haversineMeters, isNullIsland } from "../positions/geo";
import type { TripSummary } from "../positions/live-position";

export const TRIP_RULES = {
  movingSpeedKmh: 3,
  stopAfterMs: 5 * 60_000,
  /** a new trail point after this many metres or milliseconds */
  trailEveryM: 50,
  trailEveryMs: 60_000,
  /** distance increments implying more than this speed are GPS jumps, not driving */
  maxPlausibleKmh: 300,
  /** derived harsh event when speed changes faster than this (km/h per second, about 3.3 m/s²) */
  harshKmhPerSecond: 12,
  overspeedKmh: 120,
  /**
   * A trail keeps at most this many points: past it, its resolution halves (the first point, every second point
   * after it, the newest point), so a trip of any length keeps its whole shape in bounded memory, rows and frames.
   */
  maxTrailPoints: 2_000,
} as const;

/** detailed live frames carry only the newest points of the trail; the first message and the trips API carry it all */
export const LIVE_TRAIL_POINTS = 20;

/** the trail with `point` appended, thinned to half its resolution when it grows past TRIP_RULES.maxTrailPoints */
export function appendTrailPoint(trail: OpenTrip["trail"], point: OpenTrip["trail"][number]): OpenTrip["trail"] {
  const next = [...trail, point];
  if (next.length <= TRIP_RULES.maxTrailPoints) return next;
  return next.filter((_, i) => i % 2 === 0 || i === next.length - 1);
}

export interface TripFix {
  time: number; // epoch ms
  latitude: number;
  longitude: number;
  speed: number; // km/h
  ignition: boolean | null;
  /** Teltonika green-driving event on this record: 1 acceleration, 2 braking, 3 cornering */
  greenDrivingType: number | null;
}

export interface OpenTrip extends TripSummary {
  endLat: number;
  endLng: number;
  lastTime: number;
  lastSpeed: number;
  stoppedSince: number | null;
  overspeedMs: number;
}

export type TripEvent = { kind: "started"; trip: OpenTrip } | { kind: "ended"; trip: OpenTrip; endedAt: number };

export function scoreTrip(trip: Pick<OpenTrip, "harshEvents" | "overspeedMs">): number {
  return Math.max(0, Math.round(100 - trip.harshEvents * 5 - (trip.overspeedMs / 60_000) * 2));
}

/** Advances the open trip (or null) by one fix; returns the new open trip and what happened. */
export function advanceTrip(open: OpenTrip | null, fix: TripFix): { open: OpenTrip | null; events: TripEvent[] } {
  if (isNullIsland(fix.latitude, fix.longitude)) return { open, events: [] };
  const moving = fix.speed >= TRIP_RULES.movingSpeedKmh;
  const events: TripEvent[] = [];

  if (!open) {
    if (!moving || fix.ignition === false) return { open: null, events };
    const trip: OpenTrip = {
      id: 0, // assigned when persisted
      startedAt: fix.time,
      distanceM: 0,
      durationS: 0,
      maxSpeed: fix.speed,
      score: 100,
      harshEvents: fix.greenDrivingType ? 1 : 0,
      trail: [[fix.longitude, fix.latitude, fix.time]],
      endLat: fix.latitude,
      endLng: fix.longitude,
      lastTime: fix.time,
      lastSpeed: fix.speed,
      stoppedSince: null,
      overspeedMs: 0,
    };
    trip.score = scoreTrip(trip);
    events.push({ kind: "started", trip });
    return { open: trip, events };
  }

  const dt = fix.time - open.lastTime;
  const step = haversineMeters(open.endLat, open.endLng, fix.latitude, fix.longitude);
  const plausible = dt > 0 && (step / (dt / 1000)) * 3.6 <= TRIP_RULES.maxPlausibleKmh;
  const trip: OpenTrip = { ...open };
  if (plausible) trip.distanceM += step;
  trip.maxSpeed = Math.max(trip.maxSpeed, fix.speed);
  if (fix.speed > TRIP_RULES.overspeedKmh && dt > 0) trip.overspeedMs += dt;
  const derivedHarsh =
    fix.greenDrivingType === null && dt > 0 && Math.abs(fix.speed - open.lastSpeed) / (dt / 1000) > TRIP_RULES.harshKmhPerSecond;
  if (fix.greenDrivingType || derivedHarsh) trip.harshEvents += 1;
  const lastTrail = trip.trail[trip.trail.length - 1]!;
  if (
    haversineMeters(lastTrail[1], lastTrail[0], fix.latitude, fix.longitude) >= TRIP_RULES.trailEveryM ||
    fix.time - lastTrail[2] >= TRIP_RULES.trailEveryMs
  ) {
    trip.trail = appendTrailPoint(trip.trail, [fix.longitude, fix.latitude, fix.time]);
  }
  trip.endLat = fix.latitude;
  trip.endLng = fix.longitude;
  trip.lastTime = fix.time;
  trip.lastSpeed = fix.speed;
  trip.stoppedSince = moving ? null : (open.stoppedSince ?? fix.time);
  trip.durationS = Math.round(((trip.stoppedSince ?? fix.time) - trip.startedAt) / 1000);
  trip.score = scoreTrip(trip);

  const stoppedLongEnough = trip.stoppedSince !== null && fix.time - trip.stoppedSince >= TRIP_RULES.stopAfterMs;
  if (fix.ignition === false || stoppedLongEnough) {
    const endedAt = trip.stoppedSince ?? fix.time;
    events.push({ kind: "ended", trip, endedAt });
    return { open: null, events };
  }
  return { open: trip, events };
}
