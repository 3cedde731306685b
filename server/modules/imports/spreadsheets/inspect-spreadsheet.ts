// The form's first look at a spreadsheet: its headers, a few lines and a guessed column mapping, so the person can
// map its columns before connecting it.
import { AppError } from "../../../errors";
import type { ImportTarget } from "../imports.schema";
import { guessColumnMap, type ColumnMap } from "../sheet/guess-column-map";
import type { SheetCell } from "../sheet/sheet-table";
import { readSpreadsheet } from "./read-spreadsheet";
import { countSpreadsheetFetch } from "./spreadsheet-fetch-limit";

const SAMPLE_LINES = 5;

export interface SpreadsheetInspection {
  headers: string[];
  sample: SheetCell[][];
  lines: number;
  guess: ColumnMap;
}

export async function inspectSpreadsheet(input: { accountId: number; url: string; target: ImportTarget; allowPrivate: boolean }): Promise<SpreadsheetInspection> {
  await countSpreadsheetFetch(input.accountId);
  const read = await readSpreadsheet(input.url, { allowPrivate: input.allowPrivate, accountId: input.accountId });
  if (!read.ok) throw new AppError("VALIDATION_FAILED", `The spreadsheet could not be read: ${read.reason}.`, [{ field: "url", message: read.reason }]);
  const { headers, rows } = read.table;
  return { headers, sample: rows.slice(0, SAMPLE_LINES), lines: rows.length, guess: guessColumnMap(input.target, headers) };
}
