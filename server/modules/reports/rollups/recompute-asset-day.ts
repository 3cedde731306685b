// Recomputes one asset's rollup for one local day from its positions (roll-up-day.ts), reading that day only: the
// fixes inside it plus the one before and the one after (a few thousand rows at most).
//
// Ordering against ingest: the day is first claimed (dirty = false, committed), then read. The ingest statement marks
// a day with ON CONFLICT ... WHERE NOT dirty, which locks the row: a batch committed before the claim is in what the
// read sees; a batch committing after it finds the day clean, marks it dirty again and bumps its version, so the day
// is recomputed once more. A claimed day whose figures were not written (a crash) stays stale (computed_version <
// version) and is found again.
//
// Neighbours: a pair of fixes that spans midnight gives time to both days, so when this day's first fix changed the
// day before is marked dirty, and when its last fix changed the day after is (only if they have rows: a day without a
// record of its own has no rollup).
import { Prisma } from "../../../generated/prisma/client";
import { db } from "../../../db/client";
import { FIX_COLUMNS, namedIoOf, toReportFix, trackerProtocols, type PositionRowForReport } from "./report-fix";
import { dayBounds, nextDay } from "./local-days";
import { rollUpDay } from "./roll-up-day";

interface Claimed {
  version: number;
  first_fix: Date | null;
  last_fix: Date | null;
}

/** false when the asset has no rollup row for that day */
export async function recomputeAssetDay(input: { assetId: number; day: string; timeZone: string }): Promise<boolean> {
  const { assetId, day, timeZone } = input;
  const claimed = await db().$queryRaw<Claimed[]>`
    UPDATE asset_days SET dirty = false WHERE asset_id = ${assetId} AND day = ${day}::date
    RETURNING version, first_fix, last_fix`;
  const claim = claimed[0];
  if (!claim) return false;
  const { start, end } = dayBounds(day, timeZone);
  const startAt = new Date(start);
  const endAt = new Date(end);
  const [rows, before, after, trips] = await Promise.all([
    db().$queryRaw<PositionRowForReport[]>`
      SELECT ${FIX_COLUMNS} FROM positions
      WHERE asset_id = ${assetId} AND flag IS NULL AND fix_time >= ${startAt} AND fix_time < ${endAt}
      ORDER BY fix_time`,
    db().$queryRaw<PositionRowForReport[]>`
      SELECT ${FIX_COLUMNS} FROM positions
      WHERE asset_id = ${assetId} AND flag IS NULL AND fix_time < ${startAt} ORDER BY fix_time DESC LIMIT 1`,
    db().$queryRaw<PositionRowForReport[]>`
      SELECT ${FIX_COLUMNS} FROM positions
      WHERE asset_id = ${assetId} AND flag IS NULL AND fix_time >= ${endAt} ORDER BY fix_time LIMIT 1`,
    db().trip.count({ where: { assetId, startedAt: { gte: startAt, lt: endAt } } }),
  ]);
  const all = [...before, ...rows, ...after];
  const protocols = await trackerProtocols(all.map((row) => row.tracker_id));
  const fix = (row: PositionRowForReport) => toReportFix(row, namedIoOf(row, protocols));
  const figures = rollUpDay({
    start,
    end,
    before: before[0] ? fix(before[0]) : null,
    fixes: rows.map(fix),
    after: after[0] ? fix(after[0]) : null,
  });
  const round = Math.round;
  await db().$executeRaw`
    UPDATE asset_days SET
      distance_m = ${figures.distanceM}, can_m = ${figures.canM}, tracker_m = ${figures.trackerM},
      gps_m = ${figures.gpsM}, driving_s = ${round(figures.drivingS)}, idling_s = ${round(figures.idlingS)},
      parked_s = ${round(figures.parkedS)}, engine_s = ${round(figures.engineS)}, gap_s = ${round(figures.gapS)},
      gaps = ${figures.gaps}, trip_count = ${trips}, max_speed = ${figures.maxSpeed},
      first_fix = ${figures.firstFix === null ? null : new Date(figures.firstFix)},
      last_fix = ${figures.lastFix === null ? null : new Date(figures.lastFix)},
      first_odometer_km = ${figures.firstOdometerKm}, last_odometer_km = ${figures.lastOdometerKm},
      positions = ${figures.positions}, odometer_resets = ${figures.odometerResets}, jumps = ${figures.jumps},
      fuel_used_l = ${figures.fuelUsedL}, temperatures = ${JSON.stringify(figures.temperatures)}::jsonb,
      computed_version = ${claim.version}, computed_at = now()
    WHERE asset_id = ${assetId} AND day = ${day}::date`;
  const neighbours: string[] = [];
  if ((claim.first_fix?.getTime() ?? null) !== figures.firstFix) neighbours.push(nextDay(day, -1));
  if ((claim.last_fix?.getTime() ?? null) !== figures.lastFix) neighbours.push(nextDay(day, 1));
  if (neighbours.length > 0) {
    await db().$executeRaw`
      UPDATE asset_days SET dirty = true, version = version + 1
      WHERE asset_id = ${assetId} AND day IN (${Prisma.join(neighbours.map((d) => Prisma.sql`${d}::date`))}) AND NOT dirty`;
  }
  return true;
}
