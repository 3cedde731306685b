// The whole-call checks every import runs before anything is read row by row: the body's shape, every row's field
// names against its target (an unknown field anywhere refuses the call, 422, with all problems at once), and the
// 5,000-row cap (413). Shared by the real import (import-rows.ts) and its dry run (preview-import.ts), so a preview
// refuses exactly what the import would.
import { AppError, type FieldError } from "../../errors";
import { parseInput } from "../parse-input";
import { countRows, IMPORT_LIMITS, ROW_SCHEMAS, ZImportRequest, type ImportTarget } from "./imports.schema";

export interface CheckedImportCall {
  target: ImportTarget;
  rows: unknown[];
  /** rows as the spec counts them (each stop counting) */
  rowCount: number;
}

/** every row checked against its target's fields; all problems reported at once */
function checkRows(target: ImportTarget, rows: unknown[]): unknown[] {
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

export function checkImportCall(body: unknown): CheckedImportCall {
  const { target, rows: raw } = parseInput(ZImportRequest, body);
  const rows = checkRows(target, raw);
  const rowCount = countRows(target, rows);
  if (rowCount > IMPORT_LIMITS.maxRows) {
    throw new AppError(
      "IMPORT_TOO_LARGE",
      `This call holds ${rowCount.toLocaleString("en-US")} rows (each stop counting); one call takes at most ${IMPORT_LIMITS.maxRows.toLocaleString("en-US")}. Split it into several calls.`,
    );
  }
  return { target, rows, rowCount };
}
