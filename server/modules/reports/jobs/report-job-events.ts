// Every change of a job (queued, running, progress, done, failed, deleted) is published on the hub as
// "report-job.changed", so the /reporting socket of any node tells the account's clients, whichever node ran the job.
// A failed publish (Redis down) is logged and never fails the job: clients read the job over REST after reconnecting.
import { db } from "../../../db/client";
import { hub } from "../../../hub";
import { log } from "../../../log";
import { reportJobSelect, toReportJobDto } from "./report-job-dto";
import type { ReportJobDto } from "./report-jobs.schema";

export async function publishReportJob(accountId: number, job: ReportJobDto): Promise<void> {
  await hub()
    .publish("report-job.changed", { accountId, jobId: job.id, job })
    .catch((error: unknown) => log("reports").warn({ err: error, jobId: job.id }, "report job change not published"));
}

/** reads the job and publishes it as it is now */
export async function publishReportJobById(jobId: number): Promise<void> {
  const row = await db().reportJob.findUnique({ where: { id: jobId }, select: reportJobSelect });
  if (row) await publishReportJob(row.accountId, toReportJobDto(row));
}

export async function publishReportJobDeleted(accountId: number, jobId: number): Promise<void> {
  await hub()
    .publish("report-job.changed", { accountId, jobId, job: null })
    .catch((error: unknown) => log("reports").warn({ err: error, jobId }, "report job deletion not published"));
}
