// Queues a report job (POST /reports, a GET over the synchronous limit, a schedule, the dashboard). The request was
// parsed and its assets checked by the caller; the job runs on whichever node's worker claims it first.
import { db } from "../../../db/client";
import type { Prisma } from "../../../generated/prisma/client";
import type { ReportFormat, ReportRequest } from "../report-model";
import { reportJobSelect, toReportJobDto } from "./report-job-dto";
import { publishReportJob } from "./report-job-events";
import { storeReportRequest, type ReportJobDto } from "./report-jobs.schema";
import { wakeReportWorker } from "./report-worker-wakeup";

export async function createReportJob(input: {
  accountId: number;
  request: ReportRequest;
  format: ReportFormat;
  /** "oauth:<client id>", "user:<id>" or "schedule:<id>" */
  createdBy: string;
  scheduleId?: number | null;
}): Promise<ReportJobDto> {
  const row = await db().reportJob.create({
    data: {
      accountId: input.accountId,
      type: input.request.type,
      format: input.format,
      request: storeReportRequest(input.request) as unknown as Prisma.InputJsonValue,
      progressTotal: input.request.assetIds.length,
      createdBy: input.createdBy,
      scheduleId: input.scheduleId ?? null,
    },
    select: reportJobSelect,
  });
  const job = toReportJobDto(row);
  await publishReportJob(input.accountId, job);
  wakeReportWorker();
  return job;
}
