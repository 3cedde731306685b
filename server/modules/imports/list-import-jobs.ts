// The dashboard's job history: the account's import jobs, newest first, a page at a time (cursor = the last id
// seen). Errors are left out of the list (a job can hold 5,000 of them); get-import-job-view.ts gives them.
import { db } from "../../db/client";
import { IMPORT_JOB_VIEW_SELECT, toImportJobView, type ImportJobView } from "./import-job-view";
import { pendingJobSizes } from "./pending-job-sizes";

export const IMPORT_HISTORY_PAGE = 25;

export async function listImportJobs(input: { accountId: number; cursor?: number | null; limit?: number }) {
  const limit = input.limit ?? IMPORT_HISTORY_PAGE;
  const prisma = db();
  const jobs = await prisma.importJob.findMany({
    where: { accountId: input.accountId, ...(input.cursor ? { id: { lt: input.cursor } } : {}) },
    select: IMPORT_JOB_VIEW_SELECT,
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  const page = jobs.slice(0, limit);
  const sizes = await pendingJobSizes(prisma, page.filter((job) => job.status === "pending").map((job) => job.id));
  const data: Array<Omit<ImportJobView, "errors"> & { error_count: number }> = page.map((job) => {
    const { errors, ...view } = toImportJobView(job, sizes.get(job.id) ?? null);
    return { ...view, error_count: errors.length };
  });
  return { data, next_cursor: jobs.length > limit ? page[page.length - 1]!.id : null };
}
