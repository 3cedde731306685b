// The report job queue on every database kind: a job's lifecycle (queued -> running with progress -> done with its
// file read back), failures with a clear error, cancel by DELETE while it runs, recovery of a job whose node died
// (another worker claims it once the lease lapses, and the first one's late finish writes nothing), the attempt cap,
// file expiry (410, then the sweep deletes the bytes) and the hub events the /reporting socket forwards. The producer
// is a stand-in for the engine + renderers (tested in their own suites); the queue is what is under test here.
import pino from "pino";
import { describe, expect, it } from "vitest";
import { AppError, isAppError } from "@/server/errors";
import { makeAccount, makeAsset } from "@/server/testing/http-fixtures";
import { useRecordingHub } from "@/server/testing/recording-hub";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import type { ReportRow } from "../report-model";
import { createReportJob } from "./create-report-job";
import { deleteReportJob } from "./delete-report-job";
import { getReportJob } from "./get-report-job";
import { listReportJobs } from "./list-report-jobs";
import { readReportFile } from "./read-report-file";
import { REPORT_JOB_LIMITS } from "./report-jobs.schema";
import { startReportWorker, sweepExpiredReports, type ReportProducer } from "./report-worker";

const logger = pino({ level: "silent" });

/** rows for each asset in turn, then a file whose bytes name every row it saw */
function producer(options: { gate?: Promise<void>; fail?: Error; batches?: (assetIds: number[]) => ReportRow[][] } = {}): ReportProducer {
  return async ({ request, format, onRows }) => {
    const seen: string[] = [];
    const batches = options.batches?.(request.assetIds) ?? request.assetIds.map((id) => [{ asset_id: id, distance_km: id }]);
    for (const batch of batches) {
      await onRows(batch);
      seen.push(...batch.map((row) => `${row.asset_id}`));
      await options.gate;
    }
    if (options.fail) throw options.fail;
    return { contentType: "text/csv", fileName: `${request.type}.${format}`, body: new TextEncoder().encode(seen.join(",")) };
  };
}

async function setup() {
  const account = await makeAccount();
  const assets = await Promise.all(["A", "B", "C"].map((name) => makeAsset(account.id, name)));
  const request = { accountId: account.id, type: "trips" as const, assetIds: assets.map((a) => a.id), from: new Date("2026-11-01T00:00:00Z"), to: new Date("2026-11-08T00:00:00Z") };
  return { account, assets, request };
}

describe.each(databaseKinds())("report jobs on %s", (kind) => {
  const t = useTestDatabase(kind);
  const hub = useRecordingHub("report-job.changed");

  it("runs a job from queued to done, with progress per asset and the file kept 24 h", async () => {
    const { account, request } = await setup();
    hub.events.length = 0;
    const queued = await createReportJob({ accountId: account.id, request, format: "xlsx", createdBy: "oauth:test" });
    expect(queued).toMatchObject({ status: "queued", type: "trips", format: "xlsx", progress: { done: 0, total: 3 }, file_url: null, error: null, asset_ids: request.assetIds });

    // the worker's clock starts now: the job is read back with the real clock, and its file is kept 24 h from then
    let clock = Date.now();
    // every batch takes 2 s of the (test) clock, so each finished asset is written
    const worker = startReportWorker({ logger, autostart: false, now: () => (clock += 1_000), produce: producer() });
    expect(await worker.drain()).toBe(1);
    await worker.stop();

    const done = await getReportJob({ accountId: account.id, jobId: queued.id });
    expect(done).toMatchObject({ status: "done", progress: { done: 3, total: 3 }, file_url: `/api/${account.key}/report-jobs/${queued.id}/file`, error: null });
    expect(Date.parse(done.expires_at!) - Date.parse(done.finished_at!)).toBe(REPORT_JOB_LIMITS.fileTtlMs);
    const file = await readReportFile({ accountId: account.id, jobId: queued.id }, Date.parse(done.finished_at!) + 1000);
    expect(file.fileName).toBe("trips.xlsx");
    expect(new TextDecoder().decode(file.body)).toBe(request.assetIds.join(","));

    await hub.settle();
    const seen = hub.events.filter((e) => e.jobId === queued.id).map((e) => `${e.job?.status}:${e.job?.progress.done}`);
    expect(seen[0]).toBe("queued:0");
    expect(seen).toContain("running:0");
    expect(seen).toContain("running:1");
    expect(seen).toContain("running:2");
    expect(seen.at(-1)).toBe("done:3");
    expect(hub.events.every((e) => e.accountId === account.id || e.jobId !== queued.id)).toBe(true);

    const page = await listReportJobs({ accountId: account.id, limit: 1 });
    expect(page.data.map((j) => j.id)).toEqual([queued.id]);
  });

  it("fails a job with the error's code and message; an unexpected error says only that it was logged", async () => {
    const { account, request } = await setup();
    const known = await createReportJob({ accountId: account.id, request, format: "pdf", createdBy: "user:1" });
    const worker = startReportWorker({ logger, autostart: false, produce: producer({ fail: new AppError("VALIDATION_FAILED", "to: the range is longer than 366 days") }) });
    await worker.drain();
    await worker.stop();
    expect(await getReportJob({ accountId: account.id, jobId: known.id })).toMatchObject({
      status: "failed",
      file_url: null,
      error: { code: "VALIDATION_FAILED", message: "to: the range is longer than 366 days" },
    });
    await expect(readReportFile({ accountId: account.id, jobId: known.id })).rejects.toMatchObject({ code: "REPORT_NOT_READY" });

    const unknown = await createReportJob({ accountId: account.id, request, format: "pdf", createdBy: "user:1" });
    const crashing = startReportWorker({ logger, autostart: false, produce: producer({ fail: new Error("secret internals at line 3") }) });
    await crashing.drain();
    await crashing.stop();
    const failed = await getReportJob({ accountId: account.id, jobId: unknown.id });
    expect(failed.error).toEqual({ code: "REPORT_FAILED", message: "The report could not be made; the error was logged." });
  });

  it("picks up a job whose node died once its lease lapses; the first node's late finish writes nothing", async () => {
    const { account, request } = await setup();
    const job = await createReportJob({ accountId: account.id, request, format: "xlsx", createdBy: "oauth:test" });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let clockA = Date.now();
    // node A claims the job and hangs in its first batch (as a process that stopped answering)
    const nodeA = startReportWorker({ logger, autostart: false, now: () => clockA, produce: producer({ gate }) });
    const passA = nodeA.drain();
    await expect.poll(async () => (await t.db.reportJob.findUniqueOrThrow({ where: { id: job.id } })).status, { timeout: 10_000 }).toBe("running");

    // node B sees the lease held: nothing to claim
    let clockB = Date.now();
    const nodeB = startReportWorker({ logger, autostart: false, now: () => clockB, produce: producer() });
    expect(await nodeB.drain()).toBe(0);
    // after the lease: B claims it (second attempt) and finishes it
    clockB += REPORT_JOB_LIMITS.leaseMs + 1_000;
    expect(await nodeB.drain()).toBe(1);
    const row = await t.db.reportJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ status: "done", attempts: 2 });

    // A wakes up: its writes are refused (the lease is not its own any more), so B's result stands
    clockA += 5_000;
    release();
    expect(await passA).toBe(0);
    expect(await t.db.reportJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "done", attempts: 2, finishedAt: row.finishedAt });
    expect(await t.db.reportFile.count({ where: { jobId: job.id } })).toBe(1);
    await nodeA.stop();
    await nodeB.stop();
  });

  it("fails a job that was claimed more than the attempt cap without finishing", async () => {
    const { account, request } = await setup();
    const job = await createReportJob({ accountId: account.id, request, format: "pdf", createdBy: "oauth:test" });
    await t.db.reportJob.update({ where: { id: job.id }, data: { status: "running", attempts: REPORT_JOB_LIMITS.maxAttempts, claimedUntil: new Date(Date.now() - 1) } });
    const worker = startReportWorker({ logger, autostart: false, produce: producer() });
    await worker.drain();
    await worker.stop();
    expect((await getReportJob({ accountId: account.id, jobId: job.id })).error?.code).toBe("ATTEMPTS_EXHAUSTED");
  });

  it("cancels a running job by deleting it: the worker stops at its next batch and keeps no file", async () => {
    const { account, request } = await setup();
    const job = await createReportJob({ accountId: account.id, request, format: "xlsx", createdBy: "oauth:test" });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let clock = Date.now();
    const worker = startReportWorker({ logger, autostart: false, now: () => (clock += 2_000), produce: producer({ gate }) });
    const pass = worker.drain();
    await expect.poll(async () => (await t.db.reportJob.findUnique({ where: { id: job.id } }))?.status, { timeout: 10_000 }).toBe("running");
    hub.events.length = 0;
    await deleteReportJob({ accountId: account.id, jobId: job.id });
    release();
    expect(await pass).toBe(0);
    await worker.stop();
    expect(await t.db.reportJob.count({ where: { id: job.id } })).toBe(0);
    expect(await t.db.reportFile.count({ where: { jobId: job.id } })).toBe(0);
    await hub.settle();
    expect(hub.events.filter((e) => e.jobId === job.id)).toEqual([{ accountId: account.id, jobId: job.id, job: null }]);
    await expect(deleteReportJob({ accountId: account.id, jobId: job.id })).rejects.toMatchObject({ code: "REPORT_JOB_NOT_FOUND" });
  });

  it("answers 410 for a file after its expiry, and the sweep deletes the bytes (the row a week later)", async () => {
    const { account, request } = await setup();
    const job = await createReportJob({ accountId: account.id, request, format: "xlsx", createdBy: "oauth:test" });
    const worker = startReportWorker({ logger, autostart: false, produce: producer() });
    await worker.drain();
    await worker.stop();
    const done = await getReportJob({ accountId: account.id, jobId: job.id });
    const expiresAt = Date.parse(done.expires_at!);
    const error = await readReportFile({ accountId: account.id, jobId: job.id }, expiresAt + 1).catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe("REPORT_FILE_EXPIRED");
    expect((error as AppError).status).toBe(410);
    expect((error as AppError).message).toMatch(/expired at .* \(files are kept 24 hours\); run the report again/);

    await sweepExpiredReports(expiresAt - 1, logger);
    expect(await t.db.reportFile.count({ where: { jobId: job.id } })).toBe(1);
    await sweepExpiredReports(expiresAt + 1, logger);
    expect(await t.db.reportFile.count({ where: { jobId: job.id } })).toBe(0);
    expect((await getReportJob({ accountId: account.id, jobId: job.id })).status).toBe("done"); // the row stays: 410, not 404
    await expect(readReportFile({ accountId: account.id, jobId: job.id }, expiresAt - 1)).rejects.toMatchObject({ code: "REPORT_FILE_EXPIRED" });
    await sweepExpiredReports(expiresAt + REPORT_JOB_LIMITS.rowTtlAfterExpiryMs + 1, logger);
    await expect(getReportJob({ accountId: account.id, jobId: job.id })).rejects.toMatchObject({ code: "REPORT_JOB_NOT_FOUND" });
  });

  it("keeps jobs to their account", async () => {
    const { account, request } = await setup();
    const other = await makeAccount("Other");
    const job = await createReportJob({ accountId: account.id, request, format: "pdf", createdBy: "oauth:test" });
    await expect(getReportJob({ accountId: other.id, jobId: job.id })).rejects.toMatchObject({ code: "REPORT_JOB_NOT_FOUND" });
    await expect(readReportFile({ accountId: other.id, jobId: job.id })).rejects.toMatchObject({ code: "REPORT_JOB_NOT_FOUND" });
    await expect(deleteReportJob({ accountId: other.id, jobId: job.id })).rejects.toMatchObject({ code: "REPORT_JOB_NOT_FOUND" });
    expect((await listReportJobs({ accountId: other.id })).data).toEqual([]);
  });

  it("yields to the event loop after every batch, so other work (ingest) runs while a long report is made", async () => {
    const { account, request } = await setup();
    await createReportJob({ accountId: account.id, request, format: "xlsx", createdBy: "oauth:test" });
    let ticks = 0;
    let ticking = true;
    const tick = () => {
      ticks++;
      if (ticking) setImmediate(tick);
    };
    let ticksDuringBatches = 0;
    // 200 batches produced without any I/O of their own (the clock stands still: no progress write either)
    const produce: ReportProducer = async ({ onRows, format }) => {
      setImmediate(tick);
      const before = ticks;
      for (let i = 0; i < 200; i++) await onRows([{ asset_id: request.assetIds[0]!, n: i }]);
      ticksDuringBatches = ticks - before;
      return { contentType: "text/plain", fileName: `x.${format}`, body: new Uint8Array([1]) };
    };
    const worker = startReportWorker({ logger, autostart: false, now: () => 0, produce });
    await worker.drain();
    ticking = false;
    await worker.stop();
    expect(ticksDuringBatches).toBeGreaterThanOrEqual(200);
  });

  it("hands a running job back to the queue when its node stops, without counting the attempt", async () => {
    const { account, request } = await setup();
    const job = await createReportJob({ accountId: account.id, request, format: "xlsx", createdBy: "oauth:test" });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const worker = startReportWorker({ logger, autostart: false, produce: producer({ gate }) });
    const pass = worker.drain();
    await expect.poll(async () => (await t.db.reportJob.findUniqueOrThrow({ where: { id: job.id } })).status, { timeout: 10_000 }).toBe("running");
    const stopped = worker.stop();
    release();
    await stopped;
    expect(await pass).toBe(0);
    expect(await t.db.reportJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "queued", claimedUntil: null, attempts: 0 });
  });
});
