// What the Reports page's charts draw, derived from a report's rows (pure, tested beside): distance per local day,
// activity time as driving / idling / parked, and temperature per sensor. Which chart a report gets is decided here
// too, so the page only renders what comes back.
import type { ReportPeriod, ReportRow, ReportType } from "@/server/modules/reports/report-model";
import { formatLocalDateTime } from "./report-format";

export interface Bar {
  label: string;
  value: number;
}
export interface StackedBar {
  label: string;
  values: number[];
}
export interface BandPoint {
  label: string;
  min: number;
  avg: number;
  max: number;
}

export type ChartSpec =
  | { kind: "bars"; title: string; unit: string; bars: Bar[] }
  | { kind: "stacked"; title: string; unit: string; series: string[]; bars: StackedBar[] }
  | { kind: "band"; title: string; unit: string; series: Array<{ name: string; points: BandPoint[] }> }
  | { kind: "grouped"; title: string; unit: string; series: string[]; bars: StackedBar[] };

const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** sums `valueOf(row)` by `keyOf(row)`, keys in ascending order */
function sumBy(rows: ReportRow[], keyOf: (row: ReportRow) => string, valueOf: (row: ReportRow) => number): Bar[] {
  const sums = new Map<string, number>();
  for (const row of rows) {
    const key = keyOf(row);
    if (!key) continue;
    sums.set(key, (sums.get(key) ?? 0) + valueOf(row));
  }
  return [...sums.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([label, value]) => ({ label, value }));
}

/** the local day "YYYY-MM-DD" of an ISO instant in the zone */
function localDay(value: unknown, timeZone: string): string {
  return typeof value === "string" ? formatLocalDateTime(value, timeZone).slice(0, 10) : "";
}

const HOURS = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

/** the charts for a report's rows (none when a type has nothing to draw, e.g. stops, events, route) */
export function chartsFor(type: ReportType, period: ReportPeriod | null, rows: ReportRow[], timeZone: string): ChartSpec[] {
  if (rows.length === 0) return [];
  switch (type) {
    case "trips":
      return [
        {
          kind: "bars",
          title: "Distance per day",
          unit: "km",
          bars: sumBy(rows, (row) => localDay(row.start_time, timeZone), (row) => num(row.distance_km)),
        },
      ];
    case "mileage":
      return [
        {
          kind: "bars",
          title: period === "week" ? "Distance per week" : period === "month" ? "Distance per month" : "Distance per day",
          unit: "km",
          bars: sumBy(rows, (row) => text(row.period), (row) => num(row.distance_km)),
        },
      ];
    case "activity": {
      const perDay = period === "day";
      const charts: ChartSpec[] = [];
      if (perDay) {
        charts.push({
          kind: "bars",
          title: "Distance per day",
          unit: "km",
          bars: sumBy(rows, (row) => text(row.period), (row) => num(row.distance_km)),
        });
      }
      const keyOf = (row: ReportRow) => (perDay ? text(row.period) : text(row.asset_name));
      const groups = new Map<string, number[]>();
      for (const row of rows) {
        const key = keyOf(row);
        const values = groups.get(key) ?? [0, 0, 0];
        values[0]! += num(row.driving_s);
        values[1]! += num(row.idling_s);
        values[2]! += num(row.parked_s);
        groups.set(key, values);
      }
      const keys = [...groups.keys()];
      if (perDay) keys.sort();
      charts.push({
        kind: "stacked",
        title: perDay ? "Activity per day" : "Activity per asset",
        unit: "h",
        series: ["Driving", "Idling", "Parked"],
        bars: keys.map((label) => ({ label, values: groups.get(label)!.map(HOURS) })),
      });
      return charts;
    }
    case "temperature": {
      const sensorName = (row: ReportRow) => `${text(row.asset_name)} · ${text(row.sensor)}`;
      const withReadings = rows.filter((row) => typeof row.avg_c === "number");
      if (withReadings.length === 0) return [];
      if (period === "day") {
        const series = new Map<string, BandPoint[]>();
        for (const row of withReadings) {
          const points = series.get(sensorName(row)) ?? [];
          points.push({ label: text(row.period), min: num(row.min_c), avg: num(row.avg_c), max: num(row.max_c) });
          series.set(sensorName(row), points);
        }
        return [
          {
            kind: "band",
            title: "Daily average temperature with its minimum and maximum",
            unit: "°C",
            series: [...series.entries()].map(([name, points]) => ({ name, points: points.sort((a, b) => a.label.localeCompare(b.label)) })),
          },
        ];
      }
      return [
        {
          kind: "grouped",
          title: "Temperature per sensor",
          unit: "°C",
          series: ["Minimum", "Average", "Maximum"],
          bars: withReadings.map((row) => ({ label: sensorName(row), values: [num(row.min_c), num(row.avg_c), num(row.max_c)] })),
        },
      ];
    }
    default:
      return [];
  }
}

/** a round upper bound for an axis (1, 2, 5 × 10^n) at or above `max` */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}
