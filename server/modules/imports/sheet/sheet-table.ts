// A sheet as the dashboard and connected spreadsheets read it: a header line and data lines of cells. Pure (no
// database, no Node-only APIs): the dashboard imports it to read uploads and pasted rows in the browser, the server
// to read connected spreadsheets, so both apply the same limits and the same header clean-up.
import { IMPORT_LIMITS } from "../imports.schema";

export type SheetCell = string | number | boolean | null;

export interface SheetTable {
  /** unique, non-empty column names (blank ones become "Column 3", repeated ones "Name (2)") */
  headers: string[];
  /** data lines under the header, in sheet order; line n of the sheet is rows[n - 2] */
  rows: SheetCell[][];
}

export const SHEET_LIMITS = {
  /** an uploaded file or a fetched spreadsheet: 5 MiB */
  bytes: 5 * 1024 * 1024,
  /** data lines: the import's own cap (each line is at least one row) */
  rows: IMPORT_LIMITS.maxRows,
  /** blank lines after the data a CSV may have beyond `rows` (not data lines; parsing stops past them) */
  trailingBlankLines: 1_000,
  columns: 100,
  /** the import rows' own cap on a cell */
  cellChars: 1_000,
} as const;

/** a sheet that cannot be imported as it is; the message says why, for the person who made it */
export class SheetError extends Error {
  override name = "SheetError";
}

export const tooManyColumns = (width: number) => new SheetError(`The sheet has ${width} columns; at most ${SHEET_LIMITS.columns} are read.`);

const isEmptyCell = (cell: SheetCell | undefined) => cell === null || cell === undefined || (typeof cell === "string" && cell.trim() === "");

export const isEmptyLine = (line: readonly (SheetCell | undefined)[]) => line.every(isEmptyCell);

/** the table of a sheet's cells (first line: headers), checked against SHEET_LIMITS */
export function tableFromCells(cells: SheetCell[][]): SheetTable {
  const lines = [...cells];
  while (lines.length > 0 && isEmptyLine(lines[lines.length - 1]!)) lines.pop();
  if (lines.length === 0) throw new SheetError("The sheet is empty: its first line should name the columns.");
  const [headerLine, ...rows] = lines as [SheetCell[], ...SheetCell[][]];
  if (rows.length === 0) throw new SheetError("The sheet has a header line but no data lines under it.");
  if (rows.length > SHEET_LIMITS.rows) {
    throw new SheetError(
      `The sheet has ${rows.length.toLocaleString("en-US")} data lines; one import takes at most ${SHEET_LIMITS.rows.toLocaleString("en-US")}. Split it into several files.`,
    );
  }
  const width = Math.max(headerLine.length, ...rows.map((row) => row.length));
  if (width > SHEET_LIMITS.columns) throw tooManyColumns(width);
  rows.forEach((row, index) => {
    const long = row.findIndex((cell) => typeof cell === "string" && cell.length > SHEET_LIMITS.cellChars);
    if (long >= 0) throw new SheetError(`Line ${index + 2}, column ${long + 1} holds more than ${SHEET_LIMITS.cellChars.toLocaleString("en-US")} characters.`);
  });
  const seen = new Map<string, number>();
  const headers = Array.from({ length: width }, (_, index) => {
    const text = headerLine[index] === null || headerLine[index] === undefined ? "" : String(headerLine[index]).trim();
    const base = text === "" ? `Column ${index + 1}` : text.slice(0, 200);
    const count = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), count);
    return count === 1 ? base : `${base} (${count})`;
  });
  return { headers, rows };
}
