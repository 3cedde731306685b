// Reading day rollups for the rollup report types (activity, mileage, temperature): brought up to date first
// (ensure-days-current.ts), then read one asset at a time (at most 366 rows).
import { db } from "../../../db/client";
import { ensureDaysCurrent } from "../rollups/ensure-days-current";
import type { SensorDay } from "../rollups/roll-up-day";
import type { ReportContext } from "./report-context";

export interface AssetDayRow {
  day: string;
  distance_m: number;
  can_m: number;
  tracker_m: number;
  gps_m: number;
  driving_s: number;
  idling_s: number;
  parked_s: number;
  engine_s: number;
  gap_s: number;
  gaps: number;
  trip_count: number;
  max_speed: number;
  first_fix: Date | null;
  last_fix: Date | null;
  first_odometer_km: number | null;
  last_odometer_km: number | null;
  positions: number;
  odometer_resets: number;
  fuel_used_l: number | null;
  temperatures: Record<string, SensorDay>;
}

export async function prepareDays(context: ReportContext): Promise<void> {
  if (context.days.length === 0) return;
  await ensureDaysCurrent({
    assetIds: context.assets.map((asset) => asset.id),
    firstDay: context.days[0]!,
    lastDay: context.days.at(-1)!,
    timeZone: context.timeZone,
  });
}

export async function readAssetDays(context: ReportContext, assetId: number): Promise<AssetDayRow[]> {
  if (context.days.length === 0) return [];
  return db().$queryRaw<AssetDayRow[]>`
    SELECT day::text AS day, distance_m, can_m, tracker_m, gps_m, driving_s, idling_s, parked_s, engine_s, gap_s, gaps,
           trip_count, max_speed, first_fix, last_fix, first_odometer_km, last_odometer_km, positions, odometer_resets,
           fuel_used_l, temperatures
    FROM asset_days
    WHERE asset_id = ${assetId} AND day >= ${context.days[0]}::date AND day <= ${context.days.at(-1)}::date
    ORDER BY day`;
}
