// The download name of a report file: `{type}-{first local day}-{last local day}.{ext}`, e.g.
// trips-2026-11-01-2026-11-30.xlsx for November. The range is half-open, so the last day is the local day of the
// instant just before `to`. Only safe ASCII reaches the name (it goes into a Content-Disposition header).
import type { ReportMeta } from "../report-model";
import { localDateOf } from "./format-report-value";

export type ReportFileExtension = "html" | "xlsx" | "pdf";

export function reportFileName(meta: Pick<ReportMeta, "type" | "from" | "to" | "time_zone">, ext: ReportFileExtension): string {
  const from = Date.parse(meta.from);
  const to = Date.parse(meta.to);
  const days = Number.isFinite(from) && Number.isFinite(to)
    ? `${localDateOf(from, meta.time_zone)}-${localDateOf(Math.max(from, to - 1), meta.time_zone)}`
    : "report";
  const name = `${meta.type}-${days}`.replace(/[^A-Za-z0-9._-]+/g, "-");
  return `${name}.${ext}`;
}
