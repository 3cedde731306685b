// Words for the Reports page: the types with a line each, the periods a type offers, and the download address of a
// report (the dashboard's own session-authenticated route, download/route.ts, reads the same query string back).
import type { ReportFormat, ReportPeriod, ReportType } from "@/server/modules/reports/report-model";

export const TYPE_TEXT: Record<ReportType, { label: string; meaning: string }> = {
  trips: { label: "Trips", meaning: "Each trip with its start and end, distance, duration, speeds and driver." },
  stops: { label: "Stops", meaning: "Each stop with arrival, departure, place and ignition-on time." },
  activity: { label: "Activity", meaning: "Distance, driving, idling and parked time, engine hours and trips." },
  mileage: { label: "Mileage", meaning: "Distance per day, week or month with its source (CAN, tracker, GPS)." },
  events: { label: "Events", meaning: "Fired alerts with time, type, place and details." },
  temperature: { label: "Temperature", meaning: "Minimum, average and maximum per sensor, and time out of range." },
  route: { label: "Route", meaning: "Every recorded position with its address and chosen IO values (up to 31 days)." },
};

/** the periods a type offers, its default first; none for the others */
export const TYPE_PERIODS: Partial<Record<ReportType, ReadonlyArray<{ value: ReportPeriod; label: string }>>> = {
  mileage: [
    { value: "day", label: "Per day" },
    { value: "week", label: "Per ISO week" },
    { value: "month", label: "Per month" },
  ],
  activity: [
    { value: "range", label: "Whole range" },
    { value: "day", label: "Per day" },
  ],
  temperature: [
    { value: "range", label: "Whole range" },
    { value: "day", label: "Per day" },
  ],
};

export const FILE_FORMATS = [
  { value: "pdf", label: "PDF" },
  { value: "xlsx", label: "XLSX" },
  { value: "html", label: "HTML" },
] as const satisfies ReadonlyArray<{ value: Exclude<ReportFormat, "json">; label: string }>;
export type FileFormat = (typeof FILE_FORMATS)[number]["value"];

/** what the page asks for; "all" stands for every asset of the account */
export interface ReportChoice {
  type: ReportType;
  assetIds: number[] | "all";
  /** only the assets in this group (with its subgroups) */
  groupId?: number;
  /** only the assets with this tag */
  tagId?: number;
  from: Date;
  to: Date;
  period?: ReportPeriod;
  options?: { ioColumns?: string[]; temperatureMinC?: number; temperatureMaxC?: number };
}

/** the download route's address for a report as a file */
export function downloadHref(accountKey: string, choice: ReportChoice, format: FileFormat): string {
  const query = new URLSearchParams({
    type: choice.type,
    asset_ids: choice.assetIds === "all" ? "all" : choice.assetIds.join(","),
    from: choice.from.toISOString(),
    to: choice.to.toISOString(),
    format,
  });
  if (choice.groupId !== undefined) query.set("group_id", String(choice.groupId));
  if (choice.tagId !== undefined) query.set("tag_id", String(choice.tagId));
  if (choice.period) query.set("period", choice.period);
  if (choice.options?.ioColumns?.length) query.set("io_columns", choice.options.ioColumns.join(","));
  if (choice.options?.temperatureMinC !== undefined) query.set("temp_min", String(choice.options.temperatureMinC));
  if (choice.options?.temperatureMaxC !== undefined) query.set("temp_max", String(choice.options.temperatureMaxC));
  return `/a/${encodeURIComponent(accountKey)}/reports/download?${query}`;
}

/** a finished job's file, through the same route */
export function jobDownloadHref(accountKey: string, jobId: number): string {
  return `/a/${encodeURIComponent(accountKey)}/reports/download?job=${jobId}`;
}
