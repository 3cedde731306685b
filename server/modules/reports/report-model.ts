// The shape every report has, whatever its type and format (docs/reports.md): the engine computes rows and a meta
// block, the renderers turn them into HTML, XLSX or PDF, the REST API and the dashboard pass them on. Units are fixed:
// km, km/h, litres, seconds, degrees Celsius. Instants in rows are ISO 8601 UTC strings; renderers show them in
// `meta.time_zone`. Calendar keys (a day, an ISO week, a month) are the account's local ones.

export const REPORT_TYPES = ["trips", "stops", "activity", "mileage", "events", "temperature", "route"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_FORMATS = ["json", "html", "xlsx", "pdf"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/**
 * How rows are grouped in time. mileage: day (default), week (ISO week, Monday first) or month. activity: day, or
 * range (default: one row per asset for the whole range). temperature: range (default) or day. Other types: none.
 */
export const REPORT_PERIODS = ["day", "week", "month", "range"] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export interface ReportRequest {
  accountId: number;
  type: ReportType;
  /** at least one; every id belongs to the account (checked by the caller's use case, 404 otherwise) */
  assetIds: number[];
  /** half-open range [from, to) */
  from: Date;
  to: Date;
  period?: ReportPeriod;
  options?: ReportOptions;
}

export interface ReportOptions {
  /** route: named IO values to add as columns (`io_<name>`), e.g. ["externalVoltage", "canFuelLevel"] */
  ioColumns?: string[];
  /** temperature: the allowed range; time outside it is counted per sensor */
  temperatureMinC?: number;
  temperatureMaxC?: number;
  /** events: only these alert types */
  eventTypes?: string[];
}

/** how a column's values read; renderers format and total by it */
export type ColumnKind =
  | "text"
  | "integer"
  | "number"
  | "boolean"
  | "instant" // ISO UTC string, shown in the account's time zone
  | "date" // local calendar key: "2026-11-27", "2026-W48" or "2026-11"
  | "duration" // seconds, shown as h:mm:ss
  | "distance" // km
  | "odometer" // km
  | "speed" // km/h
  | "volume" // litres
  | "temperature" // °C
  | "share" // 0..1, shown as a percentage
  | "coordinate";

export interface ReportColumn {
  key: string;
  /** English heading, as the files print it */
  label: string;
  kind: ColumnKind;
  /** summed in the totals row of HTML, XLSX and PDF (distances, durations, counts) */
  total?: boolean;
}

export type ReportValue = string | number | boolean | null;
export type ReportRow = Record<string, ReportValue>;

/** how far a report can be trusted for one asset: the newest data it saw and whether more may still arrive */
export interface AssetCompleteness {
  asset_id: number;
  asset_name: string;
  /** fix time of the newest stored record of the asset, whatever the range (null: never reported) */
  newest_record_at: string | null;
  /** when the server received that record */
  newest_received_at: string | null;
  /**
   * true when records inside the range may still arrive: the range ends after the newest record, or the tracker is
   * not connected and may hold buffered records (a tracker sends what it buffered when it reconnects)
   */
  late_records_possible: boolean;
}

export interface ReportMeta {
  type: ReportType;
  from: string;
  to: string;
  time_zone: string;
  period: ReportPeriod | null;
  generated_at: string;
  columns: ReportColumn[];
  completeness: AssetCompleteness[];
  /** plain-language remarks the files print under the title (an odometer reset, a gap, a capped range) */
  notes: string[];
}

/** one batch of a JSON report */
export interface ReportPage {
  data: ReportRow[];
  /** opaque; null on the last batch */
  next_cursor: string | null;
  meta: ReportMeta;
}

/** every row of a report, in batches, for the file formats and jobs (memory stays flat on long routes) */
export interface ReportStream {
  meta: ReportMeta;
  rows: AsyncIterable<ReportRow[]>;
}

/** what a renderer needs besides the rows: for the title block and the file name */
export interface ReportHeading {
  accountName: string;
  /** the account's branding colour (#rrggbb) for the title bar; null: Fleetline's own */
  primaryColor: string | null;
}

export interface RenderedReport {
  contentType: string;
  /** e.g. "trips-2026-11-01-2026-11-30.xlsx" */
  fileName: string;
  body: Uint8Array;
}
