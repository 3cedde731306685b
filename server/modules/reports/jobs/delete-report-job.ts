// DELETE /report-jobs/{id}: a queued job is cancelled, a running one is cancelled too (its worker sees the row gone at
// its next progress write and stops), a done or failed one is removed with its file. Either way the row is deleted
// and the socket says {"type": "job.deleted"}.
import { db } from "../../../db/client";
import { AppError } from "../../../errors";
import { reportJobOwnerWhere } from "./report-job-owner";
import type { AssetScope } from "../../asset-scope/asset-scope";
import { publishReportJobDeleted } from "./report-job-events";

export async function deleteReportJob(input: {
  accountId: number;
  jobId: number;
  /** the caller's scope and name (user:<id>, oauth:<client_id>): a group-limited member sees only their own jobs */
  owner?: { scope: AssetScope; createdBy: string };
}): Promise<void> {
  const { count } = await db().reportJob.deleteMany({ where: { id: input.jobId, accountId: input.accountId, ...reportJobOwnerWhere(input.owner?.scope, input.owner?.createdBy ?? "") } });
  if (count === 0) throw new AppError("REPORT_JOB_NOT_FOUND", "Report job not found.");
  await publishReportJobDeleted(input.accountId, input.jobId);
}
