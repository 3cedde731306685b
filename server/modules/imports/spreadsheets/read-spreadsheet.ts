// A connected spreadsheet fetched and read as a sheet table, or the reason it cannot be (for the form's first look
// at the headers and for every check).
import { parseCsvTable } from "../sheet/parse-csv-table";
import { SheetError, type SheetTable } from "../sheet/sheet-table";
import { fetchSpreadsheet, type FetchSpreadsheetOptions } from "./fetch-spreadsheet";

export type ReadSpreadsheet = { ok: true; table: SheetTable; sha256: string } | { ok: false; reason: string };

export async function readSpreadsheet(url: string, options: FetchSpreadsheetOptions): Promise<ReadSpreadsheet> {
  const fetched = await fetchSpreadsheet(url, options);
  if (!fetched.ok) return fetched;
  try {
    return { ok: true, table: parseCsvTable(fetched.text), sha256: fetched.sha256 };
  } catch (error) {
    if (error instanceof SheetError) return { ok: false, reason: error.message };
    throw error;
  }
}
