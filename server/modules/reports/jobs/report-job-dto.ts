// A report_jobs row to the job DTO (report-jobs.schema.ts). `file_url` names the account's download path while the
// file is kept.
import type { Prisma } from "../../../generated/prisma/client";
import type { ReportFormat, ReportType } from "../report-model";
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
    options: (request.options as Record<string, unknown> | null) ?? null,
    schedule_id: row.scheduleId,
  };
}
