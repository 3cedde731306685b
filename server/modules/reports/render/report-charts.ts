// What the HTML and PDF files chart (docs/reports-files.md "Charts"), gathered from the rows as they stream past: the
// sums per day, period, asset or sensor are all that is kept, so memory is bounded by the number of days and assets,
// never by the rows. trips, activity, mileage: distance per day or period; activity also driving / idling / parked
// time as stacked bars; temperature: min / avg / max per sensor, and a line of the daily average when rows are per
// day. stops, events and route have no chart.
import { addDays, formatLocalDate, parseLocalDate } from "../../time/zoned-time";
import type { ReportMeta, ReportRow } from "../report-model";
import { localDateOf } from "./format-report-value";

export interface ChartSeries {
  name: string;
  color: string;
  values: Array<number | null>;
}

export interface BarChart {
  kind: "bars";
  title: string;
  unit: string;
  categories: string[];
  series: ChartSeries[];
  stacked: boolean;
}

/** a floating bar from min to max with a tick at the average, per category */
export interface RangeChart {
  kind: "range";
  title: string;
  unit: string;
  categories: string[];
  min: number[];
  avg: number[];
  max: number[];
}

export interface LineChart {
  kind: "lines";
  title: string;
  unit: string;
  categories: string[];
  series: ChartSeries[];
}

export type ReportChart = BarChart | RangeChart | LineChart;

export const CHART_COLORS = {
  driving: "#16a34a",
  idling: "#f59e0b",
  parked: "#94a3b8",
  range: "#93c5fd",
  average: "#1e3a8a",
  lines: ["#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#be185d", "#4d7c0f"],
};

/** per-asset and per-sensor charts show the largest this many; time charts show every day (a range is ≤ 366) */
export const MAX_CHART_ENTITIES = 40;
const MAX_LINE_SERIES = CHART_COLORS.lines.length;
const HOUR = 3600;

/** how many charts a report of this kind gets (the PDF reserves their room before the rows arrive) */
export function plannedChartCount(meta: Pick<ReportMeta, "type" | "period">): number {
  switch (meta.type) {
    case "trips":
    case "mileage":
      return 1;
    case "activity":
      return 2;
    case "temperature":
      return meta.period === "day" ? 2 : 1;
    default:
      return 0;
  }
}

const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** local days of the report's range, oldest first, when the range is at most `limit` days; else null */
function rangeDays(meta: ReportMeta, limit = 400): string[] | null {
  const from = Date.parse(meta.from);
  const to = Date.parse(meta.to);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) return null;
  let day = parseLocalDate(localDateOf(from, meta.time_zone));
  const last = localDateOf(to - 1, meta.time_zone);
  const days: string[] = [];
  while (day && days.length <= limit) {
    const key = formatLocalDate(day);
    days.push(key);
    if (key >= last) return days;
    day = addDays(day, 1);
  }
  return null;
}

class Sums {
  readonly values = new Map<string, number[]>();
  constructor(private readonly width: number) {}
  add(key: string, index: number, value: number | null) {
    let sums = this.values.get(key);
    if (!sums) {
      sums = new Array<number>(this.width).fill(0);
      this.values.set(key, sums);
    }
    if (value !== null) sums[index]! += value;
  }
}

/** gathers chart data from rows; `charts()` after the last row */
export class ReportChartData {
  private readonly meta: ReportMeta;
  /** key -> [distance, driving s, idling s, parked s] */
  private readonly distance = new Sums(4);
  /** asset names by key, for per-asset charts */
  private readonly labels = new Map<string, string>();
  /** temperature: asset · sensor -> [min, max, avg × readings, readings] */
  private readonly sensors = new Map<string, [number, number, number, number]>();
  /** temperature per day: asset · sensor -> day -> avg */
  private readonly daily = new Map<string, Map<string, number>>();
  private readonly perDay: boolean;

  /** `color` paints the distance bars (the title bar's colour) */
  constructor(
    meta: ReportMeta,
    private readonly color: string,
  ) {
    this.meta = meta;
    this.perDay = meta.period === "day";
  }

  add(row: ReportRow): void {
    switch (this.meta.type) {
      case "trips": {
        const start = typeof row.start_time === "string" ? Date.parse(row.start_time) : NaN;
        if (Number.isFinite(start)) this.distance.add(localDateOf(start, this.meta.time_zone), 0, num(row.distance_km));
        return;
      }
      case "mileage":
        if (typeof row.period === "string") this.distance.add(row.period, 0, num(row.distance_km));
        return;
      case "activity": {
        const key = this.activityKey(row);
        if (key === null) return;
        this.distance.add(key, 0, num(row.distance_km));
        this.distance.add(key, 1, num(row.driving_s));
        this.distance.add(key, 2, num(row.idling_s));
        this.distance.add(key, 3, num(row.parked_s));
        return;
      }
      case "temperature":
        this.addTemperature(row);
        return;
      default:
        return;
    }
  }

  private activityKey(row: ReportRow): string | null {
    if (this.perDay) return typeof row.period === "string" ? row.period : null;
    const key = String(row.asset_id ?? row.asset_name ?? "");
    if (!this.labels.has(key)) this.labels.set(key, String(row.asset_name ?? key));
    return key;
  }

  private addTemperature(row: ReportRow) {
    const min = num(row.min_c);
    const max = num(row.max_c);
    const avg = num(row.avg_c);
    const readings = num(row.readings) ?? 0;
    if (min === null || max === null || avg === null) return;
    const key = `${row.asset_name ?? row.asset_id} · ${row.sensor ?? "sensor"}`;
    const seen = this.sensors.get(key);
    if (!seen) this.sensors.set(key, [min, max, avg * readings, readings]);
    else {
      seen[0] = Math.min(seen[0], min);
      seen[1] = Math.max(seen[1], max);
      seen[2] += avg * readings;
      seen[3] += readings;
    }
    if (this.perDay && typeof row.period === "string") {
      let days = this.daily.get(key);
      if (!days) this.daily.set(key, (days = new Map()));
      days.set(row.period, avg);
    }
  }

  charts(): ReportChart[] {
    switch (this.meta.type) {
      case "trips":
        return [this.distanceChart("Distance per day", this.timeCategories())];
      case "mileage":
        return [this.distanceChart(`Distance per ${this.meta.period ?? "day"}`, [...this.distance.values.keys()].sort())];
      case "activity": {
        const categories = this.perDay ? this.timeCategories() : this.largestAssets();
        return [
          this.distanceChart(this.perDay ? "Distance per day" : "Distance per asset", categories),
          this.activityChart(categories),
        ];
      }
      case "temperature":
        return this.temperatureCharts();
      default:
        return [];
    }
  }

  /** every local day of the range (days without data show an empty slot), or the keys seen when that is too many */
  private timeCategories(): string[] {
    return rangeDays(this.meta) ?? [...this.distance.values.keys()].sort();
  }

  private largestAssets(): string[] {
    return [...this.distance.values.entries()]
      .sort((a, b) => b[1][0]! - a[1][0]! || a[0].localeCompare(b[0]))
      .slice(0, MAX_CHART_ENTITIES)
      .map(([key]) => key);
  }

  private label(key: string): string {
    return this.labels.get(key) ?? key;
  }

  private distanceChart(title: string, keys: string[]): BarChart {
    return {
      kind: "bars",
      title: this.truncatedTitle(title, keys.length, this.distance.values.size),
      unit: "km",
      categories: keys.map((key) => this.label(key)),
      series: [{ name: "Distance", color: this.color, values: keys.map((key) => this.distance.values.get(key)?.[0] ?? 0) }],
      stacked: false,
    };
  }

  private activityChart(keys: string[]): BarChart {
    const hours = (index: number) => keys.map((key) => (this.distance.values.get(key)?.[index] ?? 0) / HOUR);
    return {
      kind: "bars",
      title: this.truncatedTitle(this.perDay ? "Driving, idling and parked time per day" : "Driving, idling and parked time per asset", keys.length, this.distance.values.size),
      unit: "h",
      categories: keys.map((key) => this.label(key)),
      series: [
        { name: "Driving", color: CHART_COLORS.driving, values: hours(1) },
        { name: "Idling", color: CHART_COLORS.idling, values: hours(2) },
        { name: "Parked", color: CHART_COLORS.parked, values: hours(3) },
      ],
      stacked: true,
    };
  }

  private temperatureCharts(): ReportChart[] {
    if (this.sensors.size === 0) return [];
    const keys = [...this.sensors.keys()].sort().slice(0, MAX_CHART_ENTITIES);
    const charts: ReportChart[] = [
      {
        kind: "range",
        title: this.truncatedTitle("Min, average and max per sensor", keys.length, this.sensors.size),
        unit: "°C",
        categories: keys,
        min: keys.map((key) => this.sensors.get(key)![0]),
        max: keys.map((key) => this.sensors.get(key)![1]),
        avg: keys.map((key) => {
          const [min, max, weighted, readings] = this.sensors.get(key)!;
          return readings > 0 ? weighted / readings : (min + max) / 2;
        }),
      },
    ];
    if (this.perDay && this.daily.size > 0) {
      const days = rangeDays(this.meta) ?? [...new Set([...this.daily.values()].flatMap((d) => [...d.keys()]))].sort();
      const lineKeys = [...this.daily.keys()].sort().slice(0, MAX_LINE_SERIES);
      charts.push({
        kind: "lines",
        title: this.truncatedTitle("Daily average per sensor", lineKeys.length, this.daily.size),
        unit: "°C",
        categories: days,
        series: lineKeys.map((key, index) => ({
          name: key,
          color: CHART_COLORS.lines[index % CHART_COLORS.lines.length]!,
          values: days.map((day) => this.daily.get(key)!.get(day) ?? null),
        })),
      });
    }
    return charts;
  }

  private truncatedTitle(title: string, shown: number, total: number): string {
    return total > shown ? `${title} (${shown} of ${total} shown)` : title;
  }
}
