// Connected spreadsheets: the form's fields and the record the dashboard lists.
import { z } from "zod";
import { IMPORT_TARGETS, type ImportJobResult, type ImportTarget } from "../imports.schema";
import { SHEET_LIMITS } from "../sheet/sheet-table";
import { SPREADSHEET_URL_MAX_LENGTH } from "./spreadsheet-url";

/** connected spreadsheets per account */
export const MAX_SPREADSHEET_SOURCES = 20;

/** field key -> column header */
export const ZColumnMap = z
  .record(z.string().max(50), z.string().trim().max(200))
  .refine((map) => Object.keys(map).length <= SHEET_LIMITS.columns, `must map at most ${SHEET_LIMITS.columns} fields`);

export const ZSpreadsheetUrl = z.string().trim().min(1, "is required").max(SPREADSHEET_URL_MAX_LENGTH, `must be at most ${SPREADSHEET_URL_MAX_LENGTH} characters`);

export const ZCreateSpreadsheetSource = z.object({
  target: z.enum(IMPORT_TARGETS, { error: `must be one of: ${IMPORT_TARGETS.join(", ")}` }),
  url: ZSpreadsheetUrl,
  columnMap: ZColumnMap,
});

export interface SpreadsheetSourceView {
  id: number;
  target: ImportTarget;
  url: string;
  column_map: Record<string, string>;
  active: boolean;
  last_checked_at: string | null;
  last_error: string | null;
  next_check_at: string;
  created_at: string;
  user: { id: number; name: string };
  last_job: Pick<ImportJobResult, "id" | "status" | "stats" | "rows"> & { created_at: string } | null;
}
