import type { Prisma } from "../../../generated/prisma/client";
import type { ReportPeriod, ReportType } from "../report-model";
import type { ReportScheduleDto } from "./report-schedules.schema";

export const reportScheduleSelect = {
  id: true,
  accountId: true,
  name: true,
  type: true,
  assetIds: true,
  allAssets: true,
  groupId: true,
  tagId: true,
  frequency: true,
  weekday: true,
  dayOfMonth: true,
  localTime: true,
  format: true,
  period: true,
  options: true,
  recipients: true,
  enabled: true,
  nextRunAt: true,
  lastRunAt: true,
  lastJobId: true,
  lastError: true,
  createdAt: true,
  account: { select: { timeZone: true } },
} satisfies Prisma.ReportScheduleSelect;

export type ReportScheduleRecord = Prisma.ReportScheduleGetPayload<{ select: typeof reportScheduleSelect }>;

export function toReportScheduleDto(row: ReportScheduleRecord): ReportScheduleDto {
  return {
    id: row.id,
    name: row.name,
    type: row.type as ReportType,
    asset_ids: row.allAssets ? "all" : row.assetIds,
    group_id: row.groupId,
    tag_id: row.tagId,
    frequency: row.frequency,
    weekday: row.weekday,
    day_of_month: row.dayOfMonth,
    time: row.localTime,
    time_zone: row.account.timeZone,
    format: row.format as "pdf" | "xlsx",
    period: (row.period as ReportPeriod | null) ?? null,
    options: (row.options as Record<string, unknown> | null) ?? null,
    recipients: row.recipients,
    enabled: row.enabled,
    next_run_at: row.nextRunAt?.toISOString() ?? null,
    last_run_at: row.lastRunAt?.toISOString() ?? null,
    last_job_id: row.lastJobId,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
  };
}
