// GET /{id}: one import job of the account, as the spec's import job result.
import { AppError } from "../../errors";
import { db } from "../../db/client";
import { IMPORT_JOB_SELECT, toImportJobResult } from "./import-job-result";
import type { ImportJobResult } from "./imports.schema";

export async function getImportJob(input: { accountId: number; id: number }): Promise<ImportJobResult> {
  const job = await db().importJob.findFirst({ where: { id: input.id, accountId: input.accountId }, select: IMPORT_JOB_SELECT });
  if (!job) throw new AppError("IMPORT_JOB_NOT_FOUND", "Import job not found.");
  return toImportJobResult(job);
}
