// An uploaded file or pasted rows into a sheet table, in the browser (the file never reaches the server as a file:
// only the mapped rows do). CSV with papaparse, XLSX with read-excel-file (its first sheet). Limits: 5 MiB and
// 5,000 data lines (the import's own cap), checked before anything is parsed where possible.
import { readSheet } from "read-excel-file/browser";
import { parseCsvTable } from "@/server/modules/imports/sheet/parse-csv-table";
import { SHEET_LIMITS, SheetError, tableFromCells, type SheetCell, type SheetTable } from "@/server/modules/imports/sheet/sheet-table";

const MIB = 1024 * 1024;

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * A spreadsheet's date or time cell as the import reads dates and times: a date as YYYY-MM-DD, a time-only cell (a
 * date on the spreadsheet epoch, 1899/1900) as HH:MM, a date with a time as both. read-excel-file gives them in UTC.
 */
function dateCell(date: Date): string {
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  if (date.getUTCFullYear() <= 1900) return time;
  return time === "00:00" ? day : `${day} ${time}`;
}

function toCell(value: unknown): SheetCell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return dateCell(value);
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return String(value);
}

export async function readSheetFile(file: File): Promise<SheetTable> {
  if (file.size > SHEET_LIMITS.bytes) {
    throw new SheetError(`${file.name} is larger than ${SHEET_LIMITS.bytes / MIB} MiB, the most a file may have. Split it into several files.`);
  }
  const name = file.name.toLowerCase();
  if (name.endsWith(".csv") || name.endsWith(".txt") || name.endsWith(".tsv")) return parseCsvTable(await file.text());
  if (name.endsWith(".xlsx")) {
    let cells: unknown[][];
    try {
      cells = await readSheet(file);
    } catch {
      throw new SheetError(`${file.name} could not be read as an Excel workbook (.xlsx). Save it again as .xlsx or CSV.`);
    }
    return tableFromCells(cells.map((line) => line.map(toCell)));
  }
  if (name.endsWith(".xls")) throw new SheetError("Old Excel files (.xls) are not read: save the sheet as .xlsx or CSV.");
  throw new SheetError(`${file.name} is neither a CSV nor an Excel (.xlsx) file.`);
}

/** rows copied from a spreadsheet (tab-separated) or written as CSV, header line first */
export function readPastedRows(text: string): SheetTable {
  if (new Blob([text]).size > SHEET_LIMITS.bytes) throw new SheetError(`The pasted text is larger than ${SHEET_LIMITS.bytes / MIB} MiB. Upload a file instead.`);
  return parseCsvTable(text);
}
