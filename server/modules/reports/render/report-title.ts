// The title block every report file opens with (docs/reports-files.md "Title block"): the report type in words, the
// account, the period and time zone in local time, when it was generated, the engine's notes, and one completeness
// line per asset. Built once here so HTML, XLSX and PDF say the same thing.
import type { AssetCompleteness, ReportHeading, ReportMeta, ReportPeriod, ReportType } from "../report-model";
import { formatLocalDateTime, localDateOf, localParts } from "./format-report-value";

/** Fleetline's own title-bar colour, used when an account has no (valid) branding colour */
export const FLEETLINE_COLOR = "#2563eb";

export const REPORT_TYPE_WORDS: Record<ReportType, string> = {
  trips: "Trips",
  stops: "Stops",
  activity: "Activity summary",
  mileage: "Mileage",
  events: "Events",
  temperature: "Temperature",
  route: "Route",
};

const PERIOD_WORDS: Record<ReportPeriod, string> = {
  day: "per day",
  week: "per ISO week",
  month: "per calendar month",
  range: "for the whole range",
};

export interface ReportTitleBlock {
  /** "Trips report" */
  title: string;
  /** #rrggbb for the title bar */
  color: string;
  /** label and value pairs under the title: account, period, time zone, grouping, generated at */
  facts: Array<[string, string]>;
  notes: string[];
  /** one line per asset */
  completeness: string[];
}

/** the branding colour when it is a #rrggbb colour, else Fleetline's own (it goes into CSS and PDF operators) */
export function titleColor(primaryColor: string | null): string {
  return primaryColor && /^#[0-9a-fA-F]{6}$/.test(primaryColor) ? primaryColor.toLowerCase() : FLEETLINE_COLOR;
}

/**
 * The range [from, to) in local time: whole local days read as "2026-11-01 – 2026-11-30" (the last day included),
 * anything else as date-times.
 */
export function formatReportPeriod(from: string, to: string, timeZone: string): string {
  const start = localParts(from, timeZone);
  const end = localParts(to, timeZone);
  if (!start || !end) return `${from} – ${to}`;
  const midnight = (p: NonNullable<typeof start>) => p.hour === 0 && p.minute === 0 && p.second === 0;
  if (midnight(start) && midnight(end)) {
    const first = localDateOf(Date.parse(from), timeZone);
    const last = localDateOf(Date.parse(to) - 1, timeZone);
    return first === last ? first : `${first} – ${last}`;
  }
  return `${formatLocalDateTime(from, timeZone, false)} – ${formatLocalDateTime(to, timeZone, false)}`;
}

export function completenessLine(asset: AssetCompleteness, timeZone: string): string {
  const newest = asset.newest_record_at
    ? `newest record ${formatLocalDateTime(asset.newest_record_at, timeZone)}`
    : "no records yet";
  const late = asset.late_records_possible ? "late records possible" : "no late records expected";
  return `${asset.asset_name}: ${newest}; ${late}`;
}

export function reportTitleBlock(meta: ReportMeta, heading: ReportHeading): ReportTitleBlock {
  const facts: Array<[string, string]> = [
    ["Account", heading.accountName],
    ["Period", formatReportPeriod(meta.from, meta.to, meta.time_zone)],
    ["Time zone", meta.time_zone],
  ];
  if (meta.period) facts.push(["Grouping", PERIOD_WORDS[meta.period]]);
  facts.push(["Generated", formatLocalDateTime(meta.generated_at, meta.time_zone)]);
  return {
    title: `${REPORT_TYPE_WORDS[meta.type]} report`,
    color: titleColor(heading.primaryColor),
    facts,
    notes: meta.notes,
    completeness: meta.completeness.map((asset) => completenessLine(asset, meta.time_zone)),
  };
}
