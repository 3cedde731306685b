import { db } from "../../../db/client";
import { AppError } from "../../../errors";
import { reportJobSelect, toReportJobDto } from "./report-job-dto";
import type { ReportJobDto } from "./report-jobs.schema";

/** one job of the account; REPORT_JOB_NOT_FOUND (404) for another account's or an unknown id */
export async function getReportJob(input: { accountId: number; jobId: number }): Promise<ReportJobDto> {
  const row = await db().reportJob.findFirst({ where: { id: input.jobId, accountId: input.accountId }, select: reportJobSelect });
  if (!row) throw new AppError("REPORT_JOB_NOT_FOUND", "Report job not found.");
  return toReportJobDto(row);
}
