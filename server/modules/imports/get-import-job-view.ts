// One import job of the account for the dashboard: its result with every error, and its progress while pending
// (polled by the import page until the job is done).
import { AppError } from "../../errors";
import { db } from "../../db/client";
import { IMPORT_JOB_VIEW_SELECT, toImportJobView, type ImportJobView } from "./import-job-view";
import { pendingJobSizes } from "./pending-job-sizes";

export async function getImportJobView(input: { accountId: number; id: number }): Promise<ImportJobView> {
  const prisma = db();
  const job = await prisma.importJob.findFirst({ where: { id: input.id, accountId: input.accountId }, select: IMPORT_JOB_VIEW_SELECT });
  if (!job) throw new AppError("IMPORT_JOB_NOT_FOUND", "Import job not found.");
  const sizes = job.status === "pending" ? await pendingJobSizes(prisma, [job.id]) : new Map<number, number>();
  return toImportJobView(job, sizes.get(job.id) ?? null);
}
