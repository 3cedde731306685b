// How a report value reads, by its column kind (report-model.ts): one pure module for the dashboard's table and any
// renderer that wants the same text, so a number looks the same on screen as in the files. No server dependencies
// (the browser imports it). Cells carry no units: the column's label names the unit ("Distance (km)").
import { zonedParts } from "../time/zoned-time";
import type { ColumnKind, ReportColumn, ReportRow, ReportValue } from "./report-model";

/** fixed decimals per kind (numbers are rounded half away from zero, as a reader expects) */
const DECIMALS: Partial<Record<ColumnKind, number>> = {
  number: 2,
  distance: 2,
  odometer: 1,
  speed: 0,
  volume: 1,
  temperature: 1,
  coordinate: 5,
};

const numberFormats = new Map<number, Intl.NumberFormat>();
function formatNumber(value: number, decimals: number): string {
  let format = numberFormats.get(decimals);
  if (!format) {
    // "en-US" grouping with a plain comma, whatever the reader's locale, so a figure reads the same everywhere
    format = new Intl.NumberFormat("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(decimals, format);
  }
  const text = format.format(value);
  return text === `-${format.format(0)}` ? format.format(0) : text; // no "-0.00"
}

/** seconds as h:mm:ss (hours are not wrapped at 24: a month of engine time is 311:20:00) */
export function formatDurationSeconds(seconds: number): string {
  const whole = Math.round(Math.abs(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${seconds < 0 ? "-" : ""}${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

/** an ISO UTC instant as the zone's wall time "2026-11-27 14:05:09"; the text itself when it is not an instant */
export function formatInstant(value: string, timeZone: string): string {
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) return value;
  const p = zonedParts(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}

/** one cell's text; "" for no value (null: not known, e.g. no driver, no fuel data) */
export function formatReportValue(value: ReportValue | undefined, kind: ColumnKind, timeZone: string): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") return kind === "instant" ? formatInstant(value, timeZone) : value;
  switch (kind) {
    case "duration":
      return formatDurationSeconds(value);
    case "share":
      return `${formatNumber(value * 100, 0)}%`;
    case "integer":
      return formatNumber(value, 0);
    case "instant":
      return formatInstant(new Date(value).toISOString(), timeZone);
    case "text":
    case "date":
      return String(value);
    default:
      return formatNumber(value, DECIMALS[kind] ?? 2);
  }
}

/** the totals row: the sum of every `total` column over `rows` (null for the columns without a total) */
export function reportTotals(columns: ReportColumn[], rows: ReportRow[]): Record<string, number | null> {
  const totals: Record<string, number | null> = {};
  for (const column of columns) {
    if (!column.total) {
      totals[column.key] = null;
      continue;
    }
    let sum = 0;
    for (const row of rows) {
      const value = row[column.key];
      if (typeof value === "number" && Number.isFinite(value)) sum += value;
      else if (typeof value === "boolean" && value) sum += 1;
    }
    totals[column.key] = sum;
  }
  return totals;
}
