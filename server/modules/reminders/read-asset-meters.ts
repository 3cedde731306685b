// The latest known meters of assets and their recent daily usage, which service reminders are computed from:
// - odometer: asset_states.odometer (the pipeline's running odometer: the CAN odometer `canTotalMileage` whenever the
//   vehicle reports it, else the tracker-side GPS distance added up), in km;
// - engine hours: the CAN engine work time (`canEngineWorktime`, minutes, Teltonika IO 102) of the newest position,
//   else of the newest position of the last 30 days that carried it; none when the vehicle never sends it;
// - km a day: the odometer's rise since the first position of the last 30 days, over the days between the two fixes
//   (at least one day apart, else no forecast);
// - engine hours a day: engine-on time of the day rollups (asset_days.engine_s) of the last 30 days, per day of them.
// A few indexed reads per call, whatever the number of positions.
import { Prisma } from "../../generated/prisma/client";
import { db } from "../../db/client";
import type { Meters } from "./reminder-arithmetic";

const DAY_MS = 86_400_000;
export const USAGE_WINDOW_DAYS = 30;
/** Teltonika AVL id of the CAN engine work time (minutes) */
const ENGINE_WORKTIME_IO = "102";

interface StateRow {
  asset_id: number;
  odometer: number | null;
  fix_time: Date;
  worktime: number | null;
}

export async function readAssetMeters(assetIds: number[], now: number): Promise<Map<number, Meters>> {
  const meters = new Map<number, Meters>();
  const ids = [...new Set(assetIds)];
  if (ids.length === 0) return meters;
  const since = new Date(now - USAGE_WINDOW_DAYS * DAY_MS);
  const states = await db().$queryRaw<StateRow[]>`
    SELECT asset_id, odometer, fix_time, (payload->'sensors'->>'canEngineWorktime')::float8 AS worktime
    FROM asset_states WHERE asset_id IN (${Prisma.join(ids)})`;
  const firsts = await db().$queryRaw<{ asset_id: number; odometer: number; fix_time: Date }[]>`
    SELECT a.id AS asset_id, f.odometer, f.fix_time FROM assets a
    CROSS JOIN LATERAL (
      SELECT odometer, fix_time FROM positions p
      WHERE p.asset_id = a.id AND p.fix_time >= ${since} AND p.odometer IS NOT NULL AND p.flag IS NULL
      ORDER BY p.fix_time LIMIT 1) f
    WHERE a.id IN (${Prisma.join(ids)})`;
  const engineDays = await db().$queryRaw<{ asset_id: number; engine_s: number; days: number }[]>`
    SELECT asset_id, SUM(engine_s)::float8 AS engine_s, COUNT(*)::int AS days FROM asset_days
    WHERE asset_id IN (${Prisma.join(ids)}) AND day >= ${since}::date
    GROUP BY asset_id`;
  const missingWorktime = states.filter((row) => row.worktime === null).map((row) => row.asset_id);
  const worktimes =
    missingWorktime.length === 0
      ? []
      : await db().$queryRaw<{ asset_id: number; worktime: number }[]>`
    SELECT a.id AS asset_id, w.worktime FROM assets a
    CROSS JOIN LATERAL (
      SELECT (p.avl_io->>${ENGINE_WORKTIME_IO})::float8 AS worktime FROM positions p
      WHERE p.asset_id = a.id AND p.fix_time >= ${since} AND p.avl_io ? ${ENGINE_WORKTIME_IO} AND p.flag IS NULL
      ORDER BY p.fix_time DESC LIMIT 1) w
    WHERE a.id IN (${Prisma.join(missingWorktime)})`;

  const firstBy = new Map(firsts.map((row) => [row.asset_id, row]));
  const engineBy = new Map(engineDays.map((row) => [row.asset_id, row]));
  const worktimeBy = new Map(worktimes.map((row) => [row.asset_id, row.worktime]));
  for (const id of ids) {
    const state = states.find((row) => row.asset_id === id);
    const odometerKm = state?.odometer != null ? state.odometer / 1000 : null;
    const minutes = state?.worktime ?? worktimeBy.get(id) ?? null;
    const first = firstBy.get(id);
    const spanDays = first && state ? (state.fix_time.getTime() - first.fix_time.getTime()) / DAY_MS : 0;
    const kmPerDay = first && odometerKm !== null && spanDays >= 1 ? Math.max(0, odometerKm - first.odometer / 1000) / spanDays : null;
    const engine = engineBy.get(id);
    meters.set(id, {
      odometerKm,
      engineHours: minutes !== null && Number.isFinite(minutes) ? minutes / 60 : null,
      kmPerDay,
      engineHoursPerDay: engine && engine.days > 0 ? engine.engine_s / 3600 / engine.days : null,
    });
  }
  return meters;
}
