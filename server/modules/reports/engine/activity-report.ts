// Activity report: per asset per local day, or one row for the whole range (period "range", the default), summed
// from the day rollups: distance, driving, idling (ignition on, not moving), parked, engine-on time, trips started,
// max speed, first and last fix, fuel used. Days without any record have no rollup and no row.
import type { ReportRow } from "../report-model";
import { prepareDays, readAssetDays, type AssetDayRow } from "./asset-days";
import { iso, round, type KeyedRow, type ReportAsset, type ReportContext, type RowSource } from "./report-context";
import { keyAfter, type RowKey } from "./report-cursor";

function activityRow(asset: ReportAsset, period: string, days: AssetDayRow[]): ReportRow {
  const sum = (pick: (day: AssetDayRow) => number) => days.reduce((total, day) => total + pick(day), 0);
  const fuelDays = days.filter((day) => day.fuel_used_l !== null);
  const firsts = days.map((day) => day.first_fix).filter((t): t is Date => t !== null);
  const lasts = days.map((day) => day.last_fix).filter((t): t is Date => t !== null);
  return {
    asset_id: asset.id,
    asset_name: asset.name,
    period,
    distance_km: round(sum((day) => day.distance_m) / 1000, 3),
    driving_s: sum((day) => day.driving_s),
    idling_s: sum((day) => day.idling_s),
    parked_s: sum((day) => day.parked_s),
    engine_s: sum((day) => day.engine_s),
    trip_count: sum((day) => day.trip_count),
    max_speed_kmh: days.reduce((max, day) => Math.max(max, day.max_speed), 0),
    first_fix: iso(firsts[0] ?? null),
    last_fix: iso(lasts.at(-1) ?? null),
    fuel_used_l: fuelDays.length > 0 ? round(fuelDays.reduce((t, day) => t + day.fuel_used_l!, 0), 2) : null,
  };
}

export const activityReport: RowSource = {
  prepare: prepareDays,
  async *rows(context: ReportContext, asset: ReportAsset, after: RowKey | null): AsyncIterable<KeyedRow> {
    const days = await readAssetDays(context, asset.id);
    if (context.request.period === "day") {
      for (const day of days) {
        if (after === null || keyAfter(day.day, after)) yield { key: day.day, row: activityRow(asset, day.day, [day]) };
      }
      return;
    }
    if (after === null) yield { key: "range", row: activityRow(asset, "range", days) };
  },
};
