// The report worker every node runs (started in server/server.ts): it claims queued jobs with a compare-and-set on
// claimed_until (a lease renewed at each progress write), runs ONE job at a time on this node, and yields to the event
// loop between batches of rows (setImmediate), so the ingest pipeline sharing the process never waits long for it.
// A job whose node died is claimed again once its lease lapses (it starts over: a report is recomputed, not resumed);
// a job claimed REPORT_JOB_LIMITS.maxAttempts times fails. A job deleted while it runs (DELETE = cancel) is noticed
// at its next progress write and dropped. The same passes sweep expired files, old job rows and cache entries.
import type { Logger } from "pino";
import { db } from "../../../db/client";
import { isAppError } from "../../../errors";
import { startPollingWorker, type PollingWorker } from "../../../jobs/polling-worker";
import { storedBytes, sweepReportCache } from "../cache/report-cache";
import type { RenderedReport, ReportFormat, ReportHeading, ReportRequest, ReportRow } from "../report-model";
import { publishReportJobById } from "./report-job-events";
import { notifyReportJobOutcome } from "../../notifications/inbox/notify-report-job";
import { loadReportRequest, REPORT_JOB_LIMITS, type StoredReportRequest } from "./report-jobs.schema";

/** makes a job's file; calls `onRows` with every batch of rows as it goes (progress, lease, yielding) */
export type ReportProducer = (input: {
  request: ReportRequest;
  format: ReportFormat;
  heading: ReportHeading;
  /** the account's zone (the cache key names it) */
  timeZone: string;
  onRows: (rows: ReportRow[]) => Promise<void>;
}) => Promise<RenderedReport>;

export interface ReportWorkerOptions {
  logger: Logger;
  produce: ReportProducer;
  pollMs?: number;
  autostart?: boolean;
  /** a job made by a schedule finished (done or failed): its mail can go (schedules wake their worker) */
  onScheduledJobFinished?: (jobId: number) => void;
  /** the clock (tests move it to expire leases and files) */
  now?: () => number;
}

/** the job was deleted (cancelled) or another node took it over: stop without writing anything more */
class JobLost extends Error {}

/** this node is stopping: the job goes back to the queue at once for another node (or this one after a restart) */
class Stopping extends Error {}

interface ClaimedJob {
  id: number;
  accountId: number;
  format: ReportFormat;
  request: StoredReportRequest;
  scheduleId: number | null;
  attempts: number;
  claimedUntil: Date;
}

export function startReportWorker(options: ReportWorkerOptions): PollingWorker {
  const { logger } = options;
  const now = options.now ?? Date.now;
  let lastSweep = 0;
  return startPollingWorker({
    name: "report worker",
    logger,
    pollMs: options.pollMs ?? REPORT_JOB_LIMITS.pollMs,
    autostart: options.autostart,
    async pass(stopping) {
      let finished = 0;
      while (!stopping()) {
        const job = await claimNextJob(now());
        if (!job) break;
        await publishReportJobById(job.id);
        if (await runJob(job, options, now, stopping)) finished++;
        await yieldToIngest();
      }
      if (now() - lastSweep >= REPORT_JOB_LIMITS.sweepMs) {
        lastSweep = now();
        await sweepExpired(now(), logger);
      }
      return finished;
    },
  });
}

const yieldToIngest = () => new Promise<void>((resolve) => setImmediate(resolve));

async function claimNextJob(now: number): Promise<ClaimedJob | null> {
  const prisma = db();
  const candidates = await prisma.reportJob.findMany({
    where: { status: { in: ["queued", "running"] }, OR: [{ claimedUntil: null }, { claimedUntil: { lt: new Date(now) } }] },
    select: { id: true, claimedUntil: true, startedAt: true },
    orderBy: { id: "asc" },
    take: 5,
  });
  for (const candidate of candidates) {
    const claimedUntil = new Date(now + REPORT_JOB_LIMITS.leaseMs);
    const { count } = await prisma.reportJob.updateMany({
      // whoever moves the lease first has the job
      where: { id: candidate.id, status: { in: ["queued", "running"] }, claimedUntil: candidate.claimedUntil },
      data: { status: "running", claimedUntil, attempts: { increment: 1 }, startedAt: candidate.startedAt ?? new Date(now), progressDone: 0 },
    });
    if (count !== 1) continue;
    const row = await prisma.reportJob.findUnique({
      where: { id: candidate.id },
      select: { id: true, accountId: true, format: true, request: true, scheduleId: true, attempts: true },
    });
    if (!row) continue; // deleted in between
    return { ...row, format: row.format as ReportFormat, request: row.request as unknown as StoredReportRequest, claimedUntil };
  }
  return null;
}

/** true when the job ended (done or failed) here */
async function runJob(job: ClaimedJob, options: ReportWorkerOptions, now: () => number, stopping: () => boolean): Promise<boolean> {
  const { logger } = options;
  const prisma = db();
  let claimedUntil = job.claimedUntil;
  const started = now();
  try {
    if (job.attempts > REPORT_JOB_LIMITS.maxAttempts) {
      throw Object.assign(new Error(`The job was started ${REPORT_JOB_LIMITS.maxAttempts} times and never finished; ask for a shorter range or fewer assets.`), {
        jobCode: "ATTEMPTS_EXHAUSTED",
      });
    }
    const account = await prisma.account.findUniqueOrThrow({
      where: { id: job.accountId },
      select: { name: true, brandingPrimaryColor: true, timeZone: true },
    });
    const request = loadReportRequest(job.accountId, job.request);
    const total = request.assetIds.length;
    const seen = new Set<number>();
    let written = 0;
    let lastWrite = now();

    // one write per asset finished or per second, whichever is rarer; each renews the lease
    const writeProgress = async (done: number) => {
      const renewed = new Date(now() + REPORT_JOB_LIMITS.leaseMs);
      const { count } = await prisma.reportJob.updateMany({
        where: { id: job.id, claimedUntil },
        data: { progressDone: done, claimedUntil: renewed },
      });
      if (count !== 1) throw new JobLost();
      claimedUntil = renewed;
      written = done;
      lastWrite = now();
      await publishReportJobById(job.id);
    };

    const onRows = async (rows: ReportRow[]) => {
      if (stopping()) throw new Stopping();
      for (const row of rows) if (typeof row.asset_id === "number") seen.add(row.asset_id);
      // rows come asset by asset: every asset seen before the last one is finished
      const done = Math.min(Math.max(seen.size - 1, 0), total);
      if ((done > written && now() - lastWrite >= REPORT_JOB_LIMITS.progressWriteMs) || now() - lastWrite >= REPORT_JOB_LIMITS.leaseMs / 3) {
        await writeProgress(Math.max(done, written));
      }
      await yieldToIngest();
    };

    const file = await options.produce({
      request,
      format: job.format,
      heading: { accountName: account.name, primaryColor: account.brandingPrimaryColor },
      timeZone: account.timeZone,
      onRows,
    });

    const finishedAt = new Date(now());
    await prisma.$transaction(async (tx) => {
      const { count } = await tx.reportJob.updateMany({
        where: { id: job.id, claimedUntil },
        data: {
          status: "done",
          progressDone: total,
          finishedAt,
          expiresAt: new Date(finishedAt.getTime() + REPORT_JOB_LIMITS.fileTtlMs),
          claimedUntil: null,
          errorCode: null,
          errorMessage: null,
        },
      });
      if (count !== 1) throw new JobLost();
      await tx.reportFile.create({
        data: { jobId: job.id, fileName: file.fileName, contentType: file.contentType, size: file.body.byteLength, body: storedBytes(file.body) },
      });
    });
    logger.info({ jobId: job.id, accountId: job.accountId, format: job.format, bytes: file.body.byteLength, ms: now() - started }, "report job done");
    await publishReportJobById(job.id);
    await notifyReportJobOutcome(job.id);
    if (job.scheduleId !== null) options.onScheduledJobFinished?.(job.id);
    return true;
  } catch (error) {
    if (error instanceof Stopping) {
      await prisma.reportJob
        .updateMany({ where: { id: job.id, claimedUntil }, data: { status: "queued", claimedUntil: null, progressDone: 0, attempts: { decrement: 1 } } })
        .catch(() => undefined); // the lease lapses anyway
      await publishReportJobById(job.id);
      logger.info({ jobId: job.id }, "report job handed back to the queue: this node is stopping");
      return false;
    }
    if (error instanceof JobLost) {
      logger.info({ jobId: job.id }, "report job was cancelled or taken over; dropped here");
      return false;
    }
    const code = (error as { jobCode?: string }).jobCode ?? (isAppError(error) ? error.code : "REPORT_FAILED");
    const message = isAppError(error) || (error as { jobCode?: string }).jobCode ? (error as Error).message : "The report could not be made; the error was logged.";
    logger.error({ err: error, jobId: job.id }, "report job failed");
    const { count } = await prisma.reportJob
      .updateMany({
        where: { id: job.id, claimedUntil },
        data: { status: "failed", errorCode: code, errorMessage: message, finishedAt: new Date(now()), claimedUntil: null },
      })
      .catch((markError: unknown) => {
        logger.error({ err: markError, jobId: job.id }, "report job could not be marked failed; it is retried when its lease lapses");
        return { count: 0 };
      });
    if (count === 1) {
      await publishReportJobById(job.id);
      await notifyReportJobOutcome(job.id);
      if (job.scheduleId !== null) options.onScheduledJobFinished?.(job.id);
    }
    return count === 1;
  }
}

/** files past expires_at, job rows a while after that, expired cache entries */
async function sweepExpired(now: number, logger: Logger): Promise<void> {
  const prisma = db();
  const files = await prisma.reportFile.deleteMany({ where: { job: { expiresAt: { lte: new Date(now) } } } });
  const jobs = await prisma.reportJob.deleteMany({
    where: { status: { in: ["done", "failed"] }, finishedAt: { lte: new Date(now - REPORT_JOB_LIMITS.fileTtlMs - REPORT_JOB_LIMITS.rowTtlAfterExpiryMs) } },
  });
  const cache = await sweepReportCache(now);
  if (files.count + jobs.count + cache > 0) logger.info({ files: files.count, jobs: jobs.count, cacheEntries: cache }, "expired reports swept");
}

/** for tests: runs the sweep at `now` */
export const sweepExpiredReports = (now: number, logger: Logger) => sweepExpired(now, logger);
