import { db } from "../../../db/client";
import { AppError } from "../../../errors";
import { reportJobOwnerWhere } from "./report-job-owner";
import type { AssetScope } from "../../asset-scope/asset-scope";
import { reportJobSelect, toReportJobDto } from "./report-job-dto";
import type { ReportJobDto } from "./report-jobs.schema";

/** one job of the account; REPORT_JOB_NOT_FOUND (404) for another account's or an unknown id */
export async function getReportJob(input: {
  accountId: number;
  jobId: number;
  /** the caller's scope and name (user:<id>, oauth:<client_id>): a group-limited member sees only their own jobs */
  owner?: { scope: AssetScope; createdBy: string };
}): Promise<ReportJobDto> {
  const row = await db().reportJob.findFirst({ where: { id: input.jobId, accountId: input.accountId, ...reportJobOwnerWhere(input.owner?.scope, input.owner?.createdBy ?? "") }, select: reportJobSelect });
  if (!row) throw new AppError("REPORT_JOB_NOT_FOUND", "Report job not found.");
  return toReportJobDto(row);
}
