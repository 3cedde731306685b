// Runs scheduled reports (docs/reports.md "Scheduled reports"). Every node runs one; a pass does two things:
// 1. due schedules: each is claimed by moving its next_run_at forward with a compare-and-set (so exactly one node
//    runs a due schedule), then a report job is queued for the range the run covers. A server that was down over
//    several run times runs a schedule once when it is back, not once per missed time.
// 2. finished jobs of schedules: the file is mailed to every recipient as an attachment (the outbox when SMTP_URL is
//    unset), under a short lease; last_error says why a run or its mail failed. The report worker wakes this worker
//    when a scheduled job finishes.
import type { Logger } from "pino";
import { db } from "../../../db/client";
import { isAppError } from "../../../errors";
import type { Prisma } from "../../../generated/prisma/client";
import { startPollingWorker, type PollingWorker } from "../../../jobs/polling-worker";
import { mailer } from "../../../mail/mailer";
import { groupTagWhere } from "../../asset-scope/group-asset-filter";
import { formatLocalDate, zonedParts } from "../../time/zoned-time";
import { createReportJob } from "../jobs/create-report-job";
import type { ReportOptions, ReportPeriod, ReportType } from "../report-model";
import { REPORT_SCHEDULE_LIMITS } from "./report-schedules.schema";
import { nextRunAt, scheduledRange } from "./schedule-timing";

export function startReportScheduleWorker(options: { logger: Logger; pollMs?: number; autostart?: boolean; now?: () => number }): PollingWorker {
  const now = options.now ?? Date.now;
  return startPollingWorker({
    name: "report schedule worker",
    logger: options.logger,
    pollMs: options.pollMs ?? REPORT_SCHEDULE_LIMITS.pollMs,
    autostart: options.autostart,
    async pass(stopping) {
      let handled = 0;
      while (!stopping()) {
        const ran = await runDueSchedules(now(), options.logger);
        const mailed = await deliverFinishedRuns(now(), options.logger);
        handled += ran + mailed;
        if (ran + mailed === 0) break;
      }
      return handled;
    },
  });
}

async function runDueSchedules(now: number, logger: Logger): Promise<number> {
  const prisma = db();
  const due = await prisma.reportSchedule.findMany({
    where: { enabled: true, nextRunAt: { lte: new Date(now) } },
    select: {
      id: true,
      accountId: true,
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
      nextRunAt: true,
      account: { select: { timeZone: true } },
    },
    orderBy: { nextRunAt: "asc" },
    take: 20,
  });
  let ran = 0;
  for (const schedule of due) {
    const timeZone = schedule.account.timeZone;
    const scheduledAt = schedule.nextRunAt!.getTime();
    const next = nextRunAt(schedule, Math.max(now, scheduledAt), timeZone);
    const { count } = await prisma.reportSchedule.updateMany({
      where: { id: schedule.id, enabled: true, nextRunAt: schedule.nextRunAt }, // whoever moves it first runs it
      data: { nextRunAt: next, lastRunAt: new Date(now) },
    });
    if (count !== 1) continue;
    ran++;
    try {
      // the group and tag narrow the assets when the report runs, as the report form's group_id / tag_id do
      const filters = await groupTagWhere(schedule.accountId, { groupId: schedule.groupId ?? undefined, tagId: schedule.tagId ?? undefined });
      const where: Prisma.AssetWhereInput = { AND: [{ accountId: schedule.accountId }, ...(schedule.allAssets ? [] : [{ id: { in: schedule.assetIds } }]), ...filters] };
      const assets = await prisma.asset.findMany({ where, select: { id: true }, orderBy: { id: "asc" }, take: REPORT_SCHEDULE_LIMITS.maxAssets });
      const assetIds = assets.map((a) => a.id);
      if (assetIds.length === 0) {
        throw new Error(filters.length > 0 ? "no asset of the schedule matches its group or tag" : "none of the schedule's assets exists any more");
      }
      const range = scheduledRange(schedule.frequency, scheduledAt, timeZone);
      const job = await createReportJob({
        accountId: schedule.accountId,
        request: {
          accountId: schedule.accountId,
          type: schedule.type as ReportType,
          assetIds,
          ...range,
          ...(schedule.period ? { period: schedule.period as ReportPeriod } : {}),
          ...(schedule.options ? { options: reportOptions(schedule.options as Record<string, unknown>) } : {}),
        },
        format: schedule.format as "pdf" | "xlsx",
        createdBy: `schedule:${schedule.id}`,
        scheduleId: schedule.id,
      });
      await prisma.reportSchedule.updateMany({ where: { id: schedule.id }, data: { lastJobId: job.id, lastError: null } });
      logger.info({ scheduleId: schedule.id, jobId: job.id }, "scheduled report queued");
    } catch (error) {
      const message = isAppError(error) || error instanceof Error ? error.message : String(error);
      logger.warn({ err: error, scheduleId: schedule.id }, "scheduled report could not be queued");
      await prisma.reportSchedule.updateMany({ where: { id: schedule.id }, data: { lastError: `The report could not be started: ${message}` } });
    }
  }
  return ran;
}

/** the REST names of schedule options to the engine's */
function reportOptions(options: Record<string, unknown>): ReportOptions {
  return {
    ...(Array.isArray(options.io_columns) ? { ioColumns: options.io_columns as string[] } : {}),
    ...(typeof options.temp_min === "number" ? { temperatureMinC: options.temp_min } : {}),
    ...(typeof options.temp_max === "number" ? { temperatureMaxC: options.temp_max } : {}),
    ...(Array.isArray(options.event_types) ? { eventTypes: options.event_types as string[] } : {}),
  };
}

async function deliverFinishedRuns(now: number, logger: Logger): Promise<number> {
  const prisma = db();
  const pending = await prisma.reportSchedule.findMany({
    where: {
      lastJobId: { not: null },
      OR: [{ deliveredJobId: null }, { deliveredJobId: { lt: prisma.reportSchedule.fields.lastJobId } }],
      AND: [{ OR: [{ claimedUntil: null }, { claimedUntil: { lt: new Date(now) } }] }],
    },
    select: { id: true, name: true, recipients: true, lastJobId: true, deliveredJobId: true, claimedUntil: true, account: { select: { name: true, timeZone: true } } },
    take: 20,
  });
  let delivered = 0;
  for (const schedule of pending) {
    const job = await prisma.reportJob.findUnique({
      where: { id: schedule.lastJobId! },
      select: { status: true, type: true, request: true, errorMessage: true, file: { select: { fileName: true, contentType: true, body: true } } },
    });
    if (job && (job.status === "queued" || job.status === "running")) continue;
    const claimedUntil = new Date(now + REPORT_SCHEDULE_LIMITS.leaseMs);
    const { count } = await prisma.reportSchedule.updateMany({
      where: { id: schedule.id, lastJobId: schedule.lastJobId, claimedUntil: schedule.claimedUntil },
      data: { claimedUntil },
    });
    if (count !== 1) continue;
    let lastError: string | null = null;
    if (!job) lastError = "The report job was deleted before its file could be mailed.";
    else if (job.status === "failed") lastError = `The report failed: ${job.errorMessage ?? "unknown error"}`;
    else if (!job.file) lastError = "The report's file expired before it could be mailed.";
    else {
      const request = job.request as { from: string; to: string };
      const zone = schedule.account.timeZone;
      const first = formatLocalDate(zonedParts(Date.parse(request.from), zone));
      const last = formatLocalDate(zonedParts(Date.parse(request.to) - 1, zone));
      const span = first === last ? first : `${first} to ${last}`;
      const failed: string[] = [];
      for (const to of schedule.recipients) {
        try {
          await mailer().send({
            to,
            subject: `${schedule.name}: ${job.type} report, ${span}`,
            text:
              `The ${job.type} report of ${schedule.account.name} for ${span} (${zone}) is attached.\n\n` +
              `You receive it because the report schedule "${schedule.name}" lists this address; ` +
              `the account's managers can change the schedule on the Reports page of Fleetline.\n`,
            attachments: [{ fileName: job.file.fileName, contentType: job.file.contentType, content: job.file.body }],
          });
        } catch {
          failed.push(to);
        }
      }
      if (failed.length > 0) lastError = `The report could not be mailed to ${failed.length} of ${schedule.recipients.length} addresses; it is not sent again.`;
    }
    await prisma.reportSchedule.updateMany({
      where: { id: schedule.id, claimedUntil },
      data: { deliveredJobId: schedule.lastJobId, lastError, claimedUntil: null },
    });
    if (lastError) logger.warn({ scheduleId: schedule.id, jobId: schedule.lastJobId, reason: lastError }, "scheduled report not delivered");
    else logger.info({ scheduleId: schedule.id, jobId: schedule.lastJobId, recipients: schedule.recipients.length }, "scheduled report mailed");
    delivered++;
  }
  return delivered;
}
