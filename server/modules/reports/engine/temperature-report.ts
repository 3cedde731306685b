// Temperature report: per asset, sensor and period (range by default, or day), from the day rollups: readings, min,
// average and max of the valid readings, the error codes left out (errors_skipped; temperature-sensors.ts), the first
// and last valid reading's time, and the time spent outside [temperatureMinC, temperatureMaxC] when a range is given
// (null otherwise). That time is exact for any range: the rollup keeps, per sensor and day, the seconds spent at each
// reading (a reading holds until the next fix, at most the gap threshold). Sensors are found in the data: whatever
// temperature IO the asset's tracker sent (BLE, EYE, 1-Wire/Dallas, LLS).
import type { ReportRow } from "../report-model";
import type { SensorDay } from "../rollups/roll-up-day";
import { prepareDays, readAssetDays } from "./asset-days";
import { iso, round, type KeyedRow, type ReportAsset, type ReportContext, type RowSource } from "./report-context";
import { keyAfter, type RowKey } from "./report-cursor";

function merge(into: SensorDay | undefined, day: SensorDay): SensorDay {
  if (!into) return { ...day, seconds: { ...day.seconds } };
  into.count += day.count;
  into.sum += day.sum;
  into.errors += day.errors;
  if (day.min !== null) into.min = into.min === null ? day.min : Math.min(into.min, day.min);
  if (day.max !== null) into.max = into.max === null ? day.max : Math.max(into.max, day.max);
  into.first ??= day.first;
  if (day.last) into.last = day.last;
  for (const key in day.seconds) into.seconds[key] = (into.seconds[key] ?? 0) + day.seconds[key]!;
  return into;
}

function temperatureRow(
  asset: ReportAsset,
  period: string,
  name: string,
  sensor: SensorDay,
  range: { min: number | null; max: number | null },
): ReportRow {
  let outside: number | null = null;
  if (range.min !== null || range.max !== null) {
    outside = 0;
    for (const key in sensor.seconds) {
      const value = Number(key);
      if ((range.min !== null && value < range.min) || (range.max !== null && value > range.max)) {
        outside += sensor.seconds[key]!;
      }
    }
    outside = Math.round(outside);
  }
  return {
    asset_id: asset.id,
    asset_name: asset.name,
    period,
    sensor: name,
    readings: sensor.count,
    min_c: sensor.min,
    avg_c: sensor.count > 0 ? round(sensor.sum / sensor.count, 2) : null,
    max_c: sensor.max,
    out_of_range_s: outside,
    range_min_c: range.min,
    range_max_c: range.max,
    first_reading: iso(sensor.first?.[0] ?? null),
    last_reading: iso(sensor.last?.[0] ?? null),
    errors_skipped: sensor.errors,
  };
}

export const temperatureReport: RowSource = {
  prepare: prepareDays,
  async *rows(context: ReportContext, asset: ReportAsset, after: RowKey | null): AsyncIterable<KeyedRow> {
    const options = context.request.options ?? {};
    const range = { min: options.temperatureMinC ?? null, max: options.temperatureMaxC ?? null };
    const byDay = context.request.period === "day";
    const periods = new Map<string, Map<string, SensorDay>>();
    for (const day of await readAssetDays(context, asset.id)) {
      const period = byDay ? day.day : "range";
      const sensors = periods.get(period) ?? new Map<string, SensorDay>();
      for (const [name, sensor] of Object.entries(day.temperatures)) sensors.set(name, merge(sensors.get(name), sensor));
      periods.set(period, sensors);
    }
    for (const [period, sensors] of periods) {
      for (const name of [...sensors.keys()].sort()) {
        const key = `${period}|${name}`;
        if (after !== null && !keyAfter(key, after)) continue;
        yield { key, row: temperatureRow(asset, period, name, sensors.get(name)!, range) };
      }
    }
  },
};
