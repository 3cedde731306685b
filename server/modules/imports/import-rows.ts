// POST /rows (and the dashboard's uploads): checks the whole call first (unknown fields or a malformed body refuse
// it, 422, before anything is written; more than 5,000 rows, 413), then imports up to 500 rows at once and answers
// with the finished job (200), or stores the rows as a pending job that a worker processes (202, see import-worker).
import { AppError, type FieldError } from "../../errors";
import { db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import { parseInput } from "../accounts/parse-input";
import { ImportContext } from "./import-context";
import { IMPORT_JOB_SELECT, toImportJobResult } from "./import-job-result";
import { ImportOutcome } from "./import-outcome";
import { countRows, IMPORT_LIMITS, ROW_SCHEMAS, ZImportRequest, type ImportJobResult } from "./imports.schema";
import { runImport } from "./run-import";

export type ImportSource = "api" | "upload" | "spreadsheet";

/** every row checked against its target's fields; all problems reported at once */
function checkRows(target: keyof typeof ROW_SCHEMAS, rows: unknown[]): unknown[] {
  const schema = ROW_SCHEMAS[target];
  const errors: FieldError[] = [];
  const checked = rows.map((row, index) => {
    const result = schema.safeParse(row);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const keys = issue.code === "unrecognized_keys" ? issue.keys : [null];
      for (const key of keys) {
        const path = [...issue.path, ...(key === null ? [] : [key])].join(".");
        const message = key === null ? issue.message : `unknown field "${key}" for target ${target}`;
        errors.push({ field: `rows.${index}${path ? `.${path}` : ""}`, message: `${message} (rows[${index}])` });
      }
    }
    return null;
  });
  if (errors.length > 0) {
    const shown = errors.slice(0, 20);
    throw new AppError("VALIDATION_FAILED", `Nothing was imported: ${shown.map((e) => `${e.field}: ${e.message}`).join("; ")}${errors.length > 20 ? ` (and ${errors.length - 20} more)` : ""}`, shown);
  }
  return checked;
}

export async function importRows(input: {
  accountId: number;
  userId: number;
  source: ImportSource;
  body: unknown;
  /** called when a pending job was stored (wakes the worker) */
  onQueued?: (jobId: number) => void;
}): Promise<{ status: 200 | 202; result: ImportJobResult }> {
  const { target, rows: raw } = parseInput(ZImportRequest, input.body);
  const rows = checkRows(target, raw);
  const rowCount = countRows(target, rows);
  if (rowCount > IMPORT_LIMITS.maxRows) {
    throw new AppError(
      "IMPORT_TOO_LARGE",
      `This call holds ${rowCount.toLocaleString("en-US")} rows (each stop counting); one call takes at most ${IMPORT_LIMITS.maxRows.toLocaleString("en-US")}. Split it into several calls.`,
    );
  }
  const prisma = db();
  if (rowCount > IMPORT_LIMITS.syncRows) {
    const job = await prisma.importJob.create({
      data: { accountId: input.accountId, userId: input.userId, target, source: input.source, rowCount, input: rows as Prisma.InputJsonValue },
      select: IMPORT_JOB_SELECT,
    });
    input.onQueued?.(job.id);
    return { status: 202, result: toImportJobResult(job) };
  }
  const outcome = new ImportOutcome();
  const context = await ImportContext.load(prisma, input.accountId);
  await runImport({ prisma, context, target, rows, firstRow: 1, outcome });
  const job = await prisma.importJob.create({
    data: {
      accountId: input.accountId,
      userId: input.userId,
      target,
      source: input.source,
      rowCount,
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
