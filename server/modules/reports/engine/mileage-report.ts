// Mileage report: distance per asset per local day, ISO week (Monday first, "2026-W48") or calendar month
// ("2026-11"), summed from the day rollups, with the share of each source (CAN odometer, tracker odometer, GPS), the
// odometer readings at the period's first and last fix, the odometer resets and the gaps inside it. `source` is the
// only source when one carried all the distance, "mixed" otherwise, null without distance. Periods are cut to the
// days the range touches (period_start, period_end).
import type { ReportPeriod, ReportRow } from "../report-model";
import { parseLocalDate } from "../../time/zoned-time";
import { prepareDays, readAssetDays, type AssetDayRow } from "./asset-days";
import { round, type KeyedRow, type ReportAsset, type ReportContext, type RowSource } from "./report-context";
import { keyAfter, type RowKey } from "./report-cursor";

/** ISO 8601 week of a local date: "2026-W48" */
export function isoWeekKey(day: string): string {
  const date = parseLocalDate(day)!;
  const t = new Date(Date.UTC(date.year, date.month - 1, date.day));
  const weekday = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - weekday); // the Thursday of the week decides its year
  const yearStart = Date.UTC(t.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((t.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${t.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

export function periodKey(day: string, period: ReportPeriod): string {
  if (period === "week") return isoWeekKey(day);
  if (period === "month") return day.slice(0, 7);
  if (period === "range") return "range";
  return day;
}

function mileageRow(asset: ReportAsset, period: string, days: AssetDayRow[], first: string, last: string): ReportRow {
  const sum = (pick: (day: AssetDayRow) => number) => days.reduce((total, day) => total + pick(day), 0);
  const total = sum((day) => day.distance_m);
  const can = sum((day) => day.can_m);
  const tracker = sum((day) => day.tracker_m);
  const gps = sum((day) => day.gps_m);
  const used = ([["can", can], ["tracker", tracker], ["gps", gps]] as const).filter(([, m]) => m > 0);
  const odometers = days.filter((day) => day.first_odometer_km !== null);
  const share = (metres: number) => (total > 0 ? round(metres / total, 4) : null);
  return {
    asset_id: asset.id,
    asset_name: asset.name,
    period,
    period_start: first,
    period_end: last,
    distance_km: round(total / 1000, 3),
    source: used.length === 0 ? null : used.length === 1 ? used[0]![0] : "mixed",
    can_share: share(can),
    tracker_share: share(tracker),
    gps_share: share(gps),
    start_odometer_km: odometers[0] ? round(odometers[0].first_odometer_km!, 3) : null,
    end_odometer_km: odometers.at(-1) ? round(odometers.at(-1)!.last_odometer_km!, 3) : null,
    odometer_resets: sum((day) => day.odometer_resets),
    gaps: sum((day) => day.gaps),
  };
}

export const mileageReport: RowSource = {
  prepare: prepareDays,
  async *rows(context: ReportContext, asset: ReportAsset, after: RowKey | null): AsyncIterable<KeyedRow> {
    const period = context.request.period ?? "day";
    const rows = await readAssetDays(context, asset.id);
    const byDay = new Map(rows.map((row) => [row.day, row]));
    // every period the range touches gets a row, with zero distance when the asset sent nothing in it
    const groups = new Map<string, { days: AssetDayRow[]; first: string; last: string }>();
    for (const day of context.days) {
      const key = periodKey(day, period);
      const group = groups.get(key) ?? { days: [], first: day, last: day };
      group.last = day;
      const row = byDay.get(day);
      if (row) group.days.push(row);
      groups.set(key, group);
    }
    for (const [key, group] of groups) {
      if (after !== null && !keyAfter(key, after)) continue;
      yield { key, row: mileageRow(asset, key, group.days, group.first, group.last) };
    }
  },
};
