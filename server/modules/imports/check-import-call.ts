// The whole-call checks every import runs before anything is read row by row: the body's shape, the 5,000-row cap
// (413, counted from the raw rows before any row is parsed), and every row's field names against its target (an
// unknown field anywhere refuses the call, 422, with all problems at once). Shared by the real import (import-rows.ts)
// and its dry run (preview-import.ts), so a preview refuses exactly what the import would.
import { AppError, type FieldError } from "../../errors";
import { parseInput } from "../parse-input";
import { importTooLarge } from "./import-row-counter";
import { countRows, IMPORT_LIMITS, ROW_SCHEMAS, ZImportRequest, type ImportTarget } from "./imports.schema";

export interface CheckedImportCall {
  target: ImportTarget;
  rows: unknown[];
  /** rows as the spec counts them (each stop counting) */
  rowCount: number;
}

/** field problems named in a refusal; the others are only counted */
const SHOWN_ERRORS = 20;

/** every row checked against its target's fields; all problems reported at once (the first 20 by name) */
function checkRows(target: ImportTarget, rows: unknown[]): unknown[] {
  const schema = ROW_SCHEMAS[target];
  const shown: FieldError[] = [];
  let more = 0;
  const checked = rows.map((row, index) => {
    const result = schema.safeParse(row);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const keys = issue.code === "unrecognized_keys" ? issue.keys : [null];
      for (const key of keys) {
        if (shown.length === SHOWN_ERRORS) {
          more++;
          continue;
        }
        const path = [...issue.path, ...(key === null ? [] : [key])].join(".");
        const message = key === null ? issue.message : `unknown field "${key}" for target ${target}`;
        shown.push({ field: `rows.${index}${path ? `.${path}` : ""}`, message: `${message} (rows[${index}])` });
      }
    }
    return null;
  });
  if (shown.length > 0) {
    throw new AppError("VALIDATION_FAILED", `Nothing was imported: ${shown.map((e) => `${e.field}: ${e.message}`).join("; ")}${more > 0 ? ` (and ${more} more)` : ""}`, shown);
  }
  return checked;
}

/** rows as countRows counts them, read from the raw rows before any is checked (a row that is not a route counts one) */
function countRawRows(target: ImportTarget, rows: unknown[]): number {
  if (target !== "routes") return rows.length;
  return rows.reduce<number>((sum, row) => {
    const stops = typeof row === "object" && row !== null && "stops" in row ? row.stops : null;
    return sum + Math.max(1, Array.isArray(stops) ? stops.length : 0);
  }, 0);
}

export function checkImportCall(body: unknown): CheckedImportCall {
  const { target, rows: raw } = parseInput(ZImportRequest, body);
  // the cap first: a call over it is refused before a single row is parsed (the dashboard's rows arrive parsed)
  const rowCount = countRawRows(target, raw);
  if (rowCount > IMPORT_LIMITS.maxRows) throw importTooLarge(IMPORT_LIMITS.maxRows, rowCount);
  const rows = checkRows(target, raw);
  return { target, rows, rowCount: countRows(target, rows) };
}
