// A done job's file, from the database (any node serves it). Before it is done: REPORT_NOT_READY (409); a failed
// job: the same, naming the failure; after expires_at: REPORT_FILE_EXPIRED (410), also in the moment before the
// sweep deletes the bytes.
import { db } from "../../../db/client";
import { AppError } from "../../../errors";
import { reportJobOwnerWhere } from "./report-job-owner";
import type { AssetScope } from "../../asset-scope/asset-scope";

export interface ReportFileContent {
  fileName: string;
  contentType: string;
  body: Uint8Array;
}

export async function readReportFile(
  input: {
    accountId: number;
    jobId: number;
    /** the caller's scope and name (user:<id>, oauth:<client_id>): a group-limited member sees only their own jobs */
    owner?: { scope: AssetScope; createdBy: string };
  },
  now = Date.now()): Promise<ReportFileContent> {
  const job = await db().reportJob.findFirst({
    where: { id: input.jobId, accountId: input.accountId, ...reportJobOwnerWhere(input.owner?.scope, input.owner?.createdBy ?? "") },
    select: { status: true, expiresAt: true, errorMessage: true },
  });
  if (!job) throw new AppError("REPORT_JOB_NOT_FOUND", "Report job not found.");
  if (job.status === "failed") throw new AppError("REPORT_NOT_READY", `The report job failed, so it has no file: ${job.errorMessage ?? "unknown error"}`);
  if (job.status !== "done") throw new AppError("REPORT_NOT_READY", `The report job is ${job.status}; its file is ready when the job is done.`);
  const expired = () =>
    new AppError("REPORT_FILE_EXPIRED", `This report's file expired at ${job.expiresAt?.toISOString()} (files are kept 24 hours); run the report again.`);
  if (!job.expiresAt || job.expiresAt.getTime() <= now) throw expired();
  const file = await db().reportFile.findUnique({ where: { jobId: input.jobId }, select: { fileName: true, contentType: true, body: true } });
  if (!file) throw expired();
  return { fileName: file.fileName, contentType: file.contentType, body: file.body };
}
