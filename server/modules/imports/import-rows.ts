// POST /rows (and the dashboard's uploads and connected spreadsheets): checks the whole call first (unknown fields
// or a malformed body refuse it, 422, before anything is written; more than 5,000 rows, 413; check-import-call.ts),
// then imports up to 500 rows at once and answers with the finished job (200), or stores the rows as a pending job
// that a worker processes (202, see import-worker).
import { db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import { checkImportCall } from "./check-import-call";
import { ImportContext } from "./import-context";
import { IMPORT_JOB_SELECT, toImportJobResult } from "./import-job-result";
import { ImportOutcome } from "./import-outcome";
import { IMPORT_LIMITS, type ImportJobResult } from "./imports.schema";
import { runImport } from "./run-import";

export type ImportSource = "api" | "upload" | "spreadsheet";

export async function importRows(input: {
  accountId: number;
  userId: number;
  source: ImportSource;
  body: unknown;
  /** shown in the dashboard's job history: the uploaded file's name, or the spreadsheet's host */
  label?: string | null;
  /** the connected spreadsheet the rows came from */
  spreadsheetSourceId?: number | null;
  /** called when a pending job was stored (wakes the worker) */
  onQueued?: (jobId: number) => void;
}): Promise<{ status: 200 | 202; result: ImportJobResult }> {
  const { target, rows, rowCount } = checkImportCall(input.body);
  const prisma = db();
  const origin = {
    accountId: input.accountId,
    userId: input.userId,
    target,
    source: input.source,
    rowCount,
    label: input.label ?? null,
    spreadsheetSourceId: input.spreadsheetSourceId ?? null,
  };
  if (rowCount > IMPORT_LIMITS.syncRows) {
    const job = await prisma.importJob.create({ data: { ...origin, input: rows as Prisma.InputJsonValue }, select: IMPORT_JOB_SELECT });
    input.onQueued?.(job.id);
    return { status: 202, result: toImportJobResult(job) };
  }
  const outcome = new ImportOutcome();
  const context = await ImportContext.load(prisma, input.accountId);
  await runImport({ prisma, context, target, rows, firstRow: 1, outcome });
  const job = await prisma.importJob.create({
    data: {
      ...origin,
      status: "done",
      processed: rows.length,
      stats: { ...outcome.stats },
      errors: outcome.errors as unknown as Prisma.InputJsonValue,
      createdIds: outcome.createdIds,
      finishedAt: new Date(),
    },
    select: IMPORT_JOB_SELECT,
  });
  return { status: 200, result: toImportJobResult(job) };
}
