// Processes pending import jobs (501 to 5,000 rows) in the background. Every node runs one; a job is claimed by
// moving its `claimed_until` forward with a compare-and-set, and the claim is renewed after every chunk, so one node
// works on a job at a time and a job whose node died is taken over once its claim lapses. Progress (rows done,
// stats, errors, created ids) is saved with every chunk: after a restart the job continues where it stopped (rows of
// the chunk that was cut short are imported again, and count as updated the second time).
import type { Logger } from "pino";
import { db } from "../../db/client";
import { startPollingWorker, type PollingWorker } from "../../jobs/polling-worker";
import { Prisma } from "../../generated/prisma/client";
import { ImportContext } from "./import-context";
import { ImportOutcome } from "./import-outcome";
import { countRows, type ImportRowError, type ImportStats } from "./imports.schema";
import { runImport } from "./run-import";

/** how often pending jobs are looked for when nothing woke the worker */
export const IMPORT_POLL_MS = 5_000;
/** rows per chunk: progress is saved and the claim renewed after each */
export const IMPORT_CHUNK_ROWS = 250;
/** a claim not renewed for this long is taken over by another node */
export const IMPORT_CLAIM_MS = 60_000;

export type ImportWorker = PollingWorker;

export function startImportWorker(options: { logger: Logger; pollMs?: number; autostart?: boolean }): ImportWorker {
  const { logger } = options;
  return startPollingWorker({
    name: "import worker",
    logger,
    pollMs: options.pollMs ?? IMPORT_POLL_MS,
    autostart: options.autostart,
    async pass(stopping) {
      let finished = 0;
      while (!stopping()) {
        const job = await claimNext();
        if (!job) break;
        if (await processJob(job, logger, stopping)) finished++;
      }
      return finished;
    },
  });
}

interface ClaimedJob {
  id: number;
  accountId: number;
  target: "routes" | "runs" | "passengers";
  input: unknown[];
  processed: number;
  stats: ImportStats;
  errors: ImportRowError[];
  createdIds: number[];
  claimedUntil: Date;
}

async function claimNext(): Promise<ClaimedJob | null> {
  const prisma = db();
  const now = new Date();
  const candidates = await prisma.importJob.findMany({
    where: { status: "pending", OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }] },
    select: { id: true, claimedUntil: true },
    orderBy: { id: "asc" },
    take: 5,
  });
  for (const candidate of candidates) {
    const claimedUntil = new Date(now.getTime() + IMPORT_CLAIM_MS);
    const { count } = await prisma.importJob.updateMany({
      where: { id: candidate.id, status: "pending", claimedUntil: candidate.claimedUntil }, // whoever moves it first
      data: { claimedUntil },
    });
    if (count !== 1) continue;
    const job = await prisma.importJob.findUniqueOrThrow({
      where: { id: candidate.id },
      select: { id: true, accountId: true, target: true, input: true, processed: true, stats: true, errors: true, createdIds: true },
    });
    return {
      ...job,
      input: (job.input ?? []) as unknown[],
      stats: job.stats as unknown as ImportStats,
      errors: job.errors as unknown as ImportRowError[],
      claimedUntil,
    };
  }
  return null;
}

/** true when the job was finished (done or failed); false when it was left for later (stopping, claim lost) */
async function processJob(job: ClaimedJob, logger: Logger, stopping: () => boolean): Promise<boolean> {
  const prisma = db();
  const outcome = new ImportOutcome();
  Object.assign(outcome.stats, job.stats);
  outcome.errors.push(...job.errors);
  outcome.createdIds.push(...job.createdIds);
  let processed = job.processed;
  let claimedUntil = job.claimedUntil;
  try {
    const context = await ImportContext.load(prisma, job.accountId);
    while (processed < job.input.length) {
      if (stopping()) return false;
      const chunk = job.input.slice(processed, processed + IMPORT_CHUNK_ROWS);
      const firstRow = countRows(job.target, job.input.slice(0, processed)) + 1;
      await runImport({ prisma, context, target: job.target, rows: chunk, firstRow, outcome });
      processed += chunk.length;
      const renewed = new Date(Date.now() + IMPORT_CLAIM_MS);
      const { count } = await prisma.importJob.updateMany({
        where: { id: job.id, claimedUntil }, // still ours: nobody took it over while this chunk ran
        data: { processed, claimedUntil: renewed, ...progress(outcome) },
      });
      if (count !== 1) {
        logger.warn({ jobId: job.id }, "import job was taken over by another node; leaving it");
        return false;
      }
      claimedUntil = renewed;
    }
    await prisma.importJob.updateMany({
      where: { id: job.id, claimedUntil },
      data: { status: "done", input: Prisma.DbNull, finishedAt: new Date(), claimedUntil: null, ...progress(outcome) },
    });
    logger.info({ jobId: job.id, ...outcome.stats }, "import job done");
    return true;
  } catch (error) {
    logger.error({ err: error, jobId: job.id, processed }, "import job failed");
    // the rows not yet imported are reported as one entry; what was imported stays
    outcome.errors.push({ row: countRows(job.target, job.input.slice(0, processed)) + 1, reason: `the import stopped here: ${(error as Error).message}; rows from here on were not imported` });
    await prisma.importJob
      .updateMany({ where: { id: job.id, claimedUntil }, data: { status: "failed", input: Prisma.DbNull, finishedAt: new Date(), claimedUntil: null, ...progress(outcome) } })
      .catch((markError) => logger.error({ err: markError, jobId: job.id }, "import job could not be marked failed; it is retried when its claim lapses"));
    return true;
  }
}

function progress(outcome: ImportOutcome) {
  return { stats: { ...outcome.stats }, errors: outcome.errors as unknown as Prisma.InputJsonValue, createdIds: outcome.createdIds };
}
