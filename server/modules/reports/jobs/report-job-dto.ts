// A report_jobs row to the job DTO (report-jobs.schema.ts). `file_url` names the account's download path while the
// file is kept.
import type { Prisma } from "../../../generated/prisma/client";
import type { ReportFormat, ReportOptions, ReportType } from "../report-model";
import type { ReportJobDto, StoredReportRequest } from "./report-jobs.schema";

export const reportJobSelect = {
  id: true,
  accountId: true,
  type: true,
  format: true,
  status: true,
  request: true,
  progressDone: true,
  progressTotal: true,
  errorCode: true,
  errorMessage: true,
  scheduleId: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  expiresAt: true,
  account: { select: { key: true } },
} satisfies Prisma.ReportJobSelect;

export type ReportJobRecord = Prisma.ReportJobGetPayload<{ select: typeof reportJobSelect }>;

export function reportFileUrl(accountKey: string, jobId: number): string {
  return `/api/${accountKey}/report-jobs/${jobId}/file`;
}

export function toReportJobDto(row: ReportJobRecord, now = Date.now()): ReportJobDto {
  const request = row.request as unknown as StoredReportRequest;
  const fileKept = row.status === "done" && row.expiresAt !== null && row.expiresAt.getTime() > now;
  return {
    id: row.id,
    type: row.type as ReportType,
    format: row.format as ReportFormat,
    status: row.status,
    progress: { done: row.progressDone, total: row.progressTotal },
    file_url: fileKept ? reportFileUrl(row.account.key, row.id) : null,
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? "" } : null,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    asset_ids: request.asset_ids,
    from: request.from,
    to: request.to,
    period: request.period ?? null,
    options: restOptions(request.options),
    schedule_id: row.scheduleId,
  };
}

/** the engine's options under the API's names (those of the GET query and the POST body); null when none is set */
function restOptions(options: ReportOptions | null): Record<string, unknown> | null {
  if (!options) return null;
  const named = {
    io_columns: options.ioColumns,
    temp_min: options.temperatureMinC,
    temp_max: options.temperatureMaxC,
    event_types: options.eventTypes,
  };
  const set = Object.entries(named).filter(([, value]) => value !== undefined && value !== null);
  return set.length > 0 ? Object.fromEntries(set) : null;
}
