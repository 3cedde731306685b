// What the tracker said around an entry's time, to check odometer and fuel entries against it (docs/fleet-records.md
// "Checked against the tracker"). The rules are pure functions; the two readers below them fetch the few stored
// positions they need (named IO as reports read it, report-fix.ts).
//
// - Odometer: the tracker's odometer at the entry's time, interpolated between the last record at or before it and
//   the first after it (each at most ODOMETER_WINDOW_MS away), from the CAN odometer when the records carry it, else
//   the tracker's own odometer (Teltonika IO 16, GT06 mileage), else the distance the server adds up from GPS. An
//   entry further than max(5 km, 1 % of the reading) from it is flagged `odometer_mismatch`.
// - Fuel: the largest rise of the fuel level (canFuelLevelLiters, else canFuelLevelPercent) in time order within
//   FUEL_WINDOW_MS either side of a fill-up. A fill-up of at least 5 l is flagged `fill_not_seen` when the vehicle
//   reports a fuel level on both sides of its time and the level rose by less than max(2 l, half the volume), or by
//   less than 2 percentage points on a percent sensor (the tank's size is unknown). No level readings: not checked.
import { Prisma } from "../../generated/prisma/client";
import { db } from "../../db/client";
import { FIX_COLUMNS, namedIoOf, toReportFix, trackerProtocols, type PositionRowForReport } from "../reports/rollups/report-fix";

export const ODOMETER_WINDOW_MS = 2 * 3_600_000;
export const FUEL_WINDOW_MS = 3 * 3_600_000;
export const ODOMETER_TOLERANCE = { minM: 5_000, share: 0.01 } as const;
export const FILL_CHECK = { minVolumeL: 5, minRiseL: 2, volumeShare: 0.5, minRisePercent: 2 } as const;

export type Meter = "can" | "tracker" | "gps";
export interface TrackerOdometer {
  valueM: number;
  meter: Meter;
}
export interface FuelRise {
  value: number;
  unit: "l" | "%";
}

export type EntryFlag = "odometer_mismatch" | "fill_not_seen";

/** the allowed distance between an entry's odometer and the tracker's, metres */
export const odometerTolerance = (valueM: number) => Math.max(ODOMETER_TOLERANCE.minM, ODOMETER_TOLERANCE.share * valueM);

export function odometerMismatch(entryM: number, tracker: TrackerOdometer | null): boolean {
  return tracker !== null && Math.abs(entryM - tracker.valueM) > odometerTolerance(entryM);
}

/** the largest rise in time order (a later value minus an earlier, lower one); 0 when the level only falls */
export function largestRise(levels: readonly number[]): number {
  let lowest = Infinity;
  let rise = 0;
  for (const level of levels) {
    lowest = Math.min(lowest, level);
    rise = Math.max(rise, level - lowest);
  }
  return rise;
}

/** true when a sensor that saw both sides of the fill-up shows no rise worth its volume */
export function fillNotSeen(volumeL: number, rise: FuelRise | null): boolean {
  if (rise === null || volumeL < FILL_CHECK.minVolumeL) return false;
  if (rise.unit === "%") return rise.value < FILL_CHECK.minRisePercent;
  return rise.value < Math.max(FILL_CHECK.minRiseL, FILL_CHECK.volumeShare * volumeL);
}

/** interpolates the odometer between two fixes (or takes the one there is) */
export function odometerBetween(at: number, before: { time: number; valueM: number } | null, after: { time: number; valueM: number } | null): number | null {
  if (before && after && after.time > before.time) {
    return before.valueM + ((after.valueM - before.valueM) * (at - before.time)) / (after.time - before.time);
  }
  return (before ?? after)?.valueM ?? null;
}

type Reader = Pick<Prisma.TransactionClient, "$queryRaw">;

async function fixesOf(reader: Reader, rows: PositionRowForReport[]) {
  const protocols = await trackerProtocols(rows.map((row) => row.tracker_id));
  return rows.map((row) => ({ row, io: namedIoOf(row, protocols) }));
}

/** the tracker's odometer at `at`, or null when no record is near enough */
export async function trackerOdometerAt(assetId: number, at: Date, reader: Reader = db()): Promise<TrackerOdometer | null> {
  const from = new Date(at.getTime() - ODOMETER_WINDOW_MS);
  const to = new Date(at.getTime() + ODOMETER_WINDOW_MS);
  const rows = await reader.$queryRaw<PositionRowForReport[]>`
    (SELECT ${FIX_COLUMNS} FROM positions WHERE asset_id = ${assetId} AND flag IS NULL AND fix_time <= ${at} AND fix_time >= ${from}
      ORDER BY fix_time DESC LIMIT 1)
    UNION ALL
    (SELECT ${FIX_COLUMNS} FROM positions WHERE asset_id = ${assetId} AND flag IS NULL AND fix_time > ${at} AND fix_time <= ${to}
      ORDER BY fix_time ASC LIMIT 1)`;
  const fixes = (await fixesOf(reader, rows)).map(({ row, io }) => toReportFix(row, io));
  for (const meter of ["can", "tracker", "gps"] as const) {
    const read = (fix: (typeof fixes)[number]) => (meter === "can" ? fix.canM : meter === "tracker" ? fix.trackerM : fix.odometerM);
    const points = fixes.filter((fix) => read(fix) !== null).map((fix) => ({ time: fix.time, valueM: read(fix)! }));
    const before = points.find((p) => p.time <= at.getTime()) ?? null;
    const after = points.find((p) => p.time > at.getTime()) ?? null;
    const valueM = odometerBetween(at.getTime(), before, after);
    if (valueM !== null) return { valueM: Math.round(valueM), meter };
  }
  return null;
}

/** the largest fuel-level rise around `at`, or null when the vehicle reported no level on both sides of it */
export async function fuelLevelRiseAround(assetId: number, at: Date, reader: Reader = db()): Promise<FuelRise | null> {
  const rows = await reader.$queryRaw<PositionRowForReport[]>`
    SELECT ${FIX_COLUMNS} FROM positions
    WHERE asset_id = ${assetId} AND flag IS NULL
      AND fix_time >= ${new Date(at.getTime() - FUEL_WINDOW_MS)} AND fix_time <= ${new Date(at.getTime() + FUEL_WINDOW_MS)}
    ORDER BY fix_time ASC LIMIT 5000`;
  const fixes = await fixesOf(reader, rows);
  for (const [name, unit] of [["canFuelLevelLiters", "l"], ["canFuelLevelPercent", "%"]] as const) {
    const series = fixes
      .map(({ row, io }) => ({ time: row.fix_time.getTime(), level: io[name] }))
      .filter((point): point is { time: number; level: number } => typeof point.level === "number" && Number.isFinite(point.level));
    if (!series.some((p) => p.time <= at.getTime()) || !series.some((p) => p.time >= at.getTime())) continue;
    return { value: Math.round(largestRise(series.map((p) => p.level)) * 10) / 10, unit };
  }
  return null;
}
