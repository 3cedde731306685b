// How a report value reads in a file (docs/reports-files.md "Values"): one formatting per column kind, shared by the
// HTML and PDF renderers (XLSX keeps typed cells and only borrows the local-time helpers). Instants are shown as the
// wall-clock time of the report's time zone, from the platform's Intl data; nothing here reads the clock.
import { formatLocalDate, zonedParts } from "../../time/zoned-time";
import type { ColumnKind, ReportColumn, ReportValue } from "../report-model";

/** what an empty (null) value shows in HTML and PDF; XLSX leaves the cell empty */
export const EMPTY_VALUE = "—";

/** the unit a column kind's values are in, added to a heading that does not name it already */
export const KIND_UNITS: Partial<Record<ColumnKind, string>> = {
  distance: "km",
  odometer: "km",
  speed: "km/h",
  volume: "l",
  temperature: "°C",
  share: "%",
};

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(minimumFractionDigits: number, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${minimumFractionDigits}-${maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { minimumFractionDigits, maximumFractionDigits, useGrouping: true });
    numberFormats.set(key, format);
  }
  return format;
}

/** the decimals each numeric kind shows: [minimum, maximum] */
const DECIMALS: Partial<Record<ColumnKind, [number, number]>> = {
  integer: [0, 0],
  number: [0, 3],
  distance: [1, 3],
  odometer: [1, 3],
  speed: [0, 1],
  volume: [1, 2],
  temperature: [1, 1],
  share: [0, 1], // of the percentage
  coordinate: [5, 6],
};

const pad = (value: number) => String(value).padStart(2, "0");

/** wall-clock parts of an ISO instant in `timeZone`; null when the text is not an instant */
export function localParts(iso: string, timeZone: string): ReturnType<typeof zonedParts> | null {
  const instant = Date.parse(iso);
  return Number.isFinite(instant) ? zonedParts(instant, timeZone) : null;
}

/** "2026-03-29 03:15:00": an instant as the zone's clocks showed it; the text itself when it is not an instant */
export function formatLocalDateTime(iso: string, timeZone: string, withSeconds = true): string {
  const p = localParts(iso, timeZone);
  if (!p) return iso;
  const time = `${pad(p.hour)}:${pad(p.minute)}${withSeconds ? `:${pad(p.second)}` : ""}`;
  return `${formatLocalDate(p)} ${time}`;
}

/** the local calendar date ("2026-11-27") of an instant given in epoch ms */
export function localDateOf(instant: number, timeZone: string): string {
  return formatLocalDate(zonedParts(instant, timeZone));
}

/** seconds as h:mm:ss, hours unbounded (26:00:00 for 26 hours), rounded to the second; negative keeps its sign */
export function formatDuration(seconds: number): string {
  const sign = seconds < 0 ? "-" : "";
  const whole = Math.round(Math.abs(seconds));
  const hours = Math.floor(whole / 3600);
  return `${sign}${hours}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
}

/** a number in a kind's decimals, with thousands separators (12,345.6) */
export function formatNumber(value: number, kind: ColumnKind): string {
  const [min, max] = DECIMALS[kind] ?? [0, 3];
  return numberFormat(min, max).format(kind === "share" ? value * 100 : value);
}

/**
 * A value as the HTML and PDF files print it. Numbers carry no unit (the heading names it, see columnHeading), except
 * shares, which read as percentages. Text in a numeric column (an engine's "range" period, say) is printed as it is.
 */
export function formatReportValue(value: ReportValue, kind: ColumnKind, timeZone: string): string {
  if (value === null || value === undefined || value === "") return EMPTY_VALUE;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (kind === "instant") return typeof value === "string" ? formatLocalDateTime(value, timeZone) : String(value);
  if (typeof value === "string") return value;
  if (!Number.isFinite(value)) return EMPTY_VALUE;
  if (kind === "duration") return formatDuration(value);
  if (kind === "share") return `${formatNumber(value, kind)}%`;
  if (kind === "text" || kind === "date") return String(value);
  return formatNumber(value, kind);
}

/** a column's heading: its label, with the kind's unit added when the label does not already name it */
export function columnHeading(column: ReportColumn): string {
  const unit = KIND_UNITS[column.kind];
  if (!unit || column.kind === "share" || column.label.includes(`(${unit})`)) return column.label;
  return `${column.label} (${unit})`;
}

/** true for the kinds whose values are numbers (right-aligned, totalled) */
export function isNumericKind(kind: ColumnKind): boolean {
  return kind !== "text" && kind !== "boolean" && kind !== "instant" && kind !== "date";
}
