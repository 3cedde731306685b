// Report jobs (docs/reports.md "Jobs"): their limits, the request as a job stores it, and the job DTO every transport
// answers (REST, the /reporting socket, tRPC). Built from rows by report-job-dto.ts; a row never leaves unfiltered.
import { z } from "zod";
import { REPORT_FORMATS, REPORT_PERIODS, REPORT_TYPES, type ReportFormat, type ReportOptions, type ReportPeriod, type ReportRequest, type ReportType } from "../report-model";

const HOUR_MS = 3_600_000;

export const REPORT_JOB_LIMITS = {
  /** a done job's file is kept this long, then deleted (GET .../file answers 410) */
  fileTtlMs: 24 * HOUR_MS,
  /** the job row stays this much longer after its file went, so its file answers 410 rather than 404 */
  rowTtlAfterExpiryMs: 6 * 24 * HOUR_MS,
  /** a running job's lease; renewed while it runs, so a job of a node that died is taken up again after this */
  leaseMs: 60_000,
  /** claims of one job (a job that ends its node every time is failed after this many) */
  maxAttempts: 3,
  /** progress is written (and pushed) at most this often */
  progressWriteMs: 1_000,
  /** how often each node looks for queued jobs it was not woken for */
  pollMs: 5_000,
  /** how often expired files, job rows and cache entries are swept */
  sweepMs: 10 * 60_000,
} as const;

export const REPORT_JOB_STATUSES = ["queued", "running", "done", "failed"] as const;
export type ReportJobStatus = (typeof REPORT_JOB_STATUSES)[number];

/** the request as a job row stores it (the API's own names; instants as ISO text) */
export interface StoredReportRequest {
  type: ReportType;
  asset_ids: number[];
  from: string;
  to: string;
  period: ReportPeriod | null;
  options: ReportOptions | null;
}

export function storeReportRequest(request: ReportRequest): StoredReportRequest {
  return {
    type: request.type,
    asset_ids: request.assetIds,
    from: request.from.toISOString(),
    to: request.to.toISOString(),
    period: request.period ?? null,
    options: request.options ?? null,
  };
}

export function loadReportRequest(accountId: number, stored: StoredReportRequest): ReportRequest {
  return {
    accountId,
    type: stored.type,
    assetIds: stored.asset_ids,
    from: new Date(stored.from),
    to: new Date(stored.to),
    ...(stored.period ? { period: stored.period } : {}),
    ...(stored.options ? { options: stored.options } : {}),
  };
}

const ZInstant = z.string().meta({ description: "ISO 8601, UTC.", example: "2026-11-27T10:15:00.000Z" });

export const ZReportJob = z
  .object({
    id: z.number().int(),
    type: z.enum(REPORT_TYPES),
    format: z.enum(REPORT_FORMATS),
    status: z.enum(REPORT_JOB_STATUSES).meta({ description: "queued, running, done or failed." }),
    progress: z
      .object({ done: z.number().int(), total: z.number().int() })
      .meta({ description: "Assets finished out of the assets asked for (total is 0 until the job starts)." }),
    file_url: z
      .string()
      .nullable()
      .meta({ description: "Where to download the file: set when done and until expires_at; null otherwise." }),
    error: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .meta({ description: "Why a failed job failed; null otherwise." }),
    created_at: ZInstant,
    started_at: ZInstant.nullable(),
    finished_at: ZInstant.nullable(),
    expires_at: ZInstant.nullable().meta({ description: "When the file is deleted (24 h after done)." }),
    asset_ids: z.array(z.number().int()),
    from: ZInstant,
    to: ZInstant,
    period: z.enum(REPORT_PERIODS).nullable(),
    options: z.record(z.string(), z.unknown()).nullable().meta({ description: "The report options asked for." }),
    schedule_id: z.number().int().nullable().meta({ description: "The schedule that made this job; null when asked for." }),
  })
  .meta({ id: "ReportJob", description: "A report made in the background (docs/reports.md \"Jobs\")." });

export type ReportJobDto = z.infer<typeof ZReportJob>;

export const ZReportJobResponse = z.object({ data: ZReportJob }).meta({ id: "ReportJobResponse" });
export const ZReportJobPage = z
  .object({ data: z.array(ZReportJob), next_cursor: z.string().nullable() })
  .meta({ id: "ReportJobPage", description: "Jobs newest first; next_cursor is null on the last page." });

export type JobFormat = ReportFormat;

/** POST /reports: the same fields as the GET query, as JSON (options named as the query's parameters) */
export const ZReportJobBody = z
  .object({
    type: z.string().meta({ description: `One of ${REPORT_TYPES.join(", ")}.` }),
    asset_ids: z
      .union([z.literal("all"), z.array(z.number().int().positive())])
      .optional()
      .meta({ description: "Asset ids (1 to 500), or \"all\" for every asset the caller sees (at most 500); may be left out with group_id or tag_id." }),
    group_id: z.number().int().positive().optional().meta({ description: "Only the assets (of asset_ids, default all) in this group or its subgroups." }),
    tag_id: z.number().int().positive().optional().meta({ description: "Only the assets (of asset_ids, default all) with this tag." }),
    from: z.string().meta({ description: "ISO 8601 with an offset; the range is [from, to).", example: "2026-11-01T00:00:00+02:00" }),
    to: z.string().meta({ example: "2026-12-01T00:00:00+02:00" }),
    period: z.enum(REPORT_PERIODS).nullish(),
    format: z.enum(REPORT_FORMATS).default("json").meta({ description: "json makes one JSON file {meta, data}." }),
    options: z
      .object({
        io_columns: z.array(z.string()).optional(),
        temp_min: z.number().optional(),
        temp_max: z.number().optional(),
        event_types: z.array(z.string()).optional(),
      })
      .strict()
      .nullish(),
  })
  .strict()
  .meta({ id: "ReportJobBody" });
