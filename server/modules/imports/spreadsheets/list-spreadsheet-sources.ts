// The account's connected spreadsheets, oldest first, each with its last check, last error and latest import job.
import { db } from "../../../db/client";
import { SPREADSHEET_SOURCE_SELECT, toSpreadsheetSourceView } from "./spreadsheet-source-view";
import type { SpreadsheetSourceView } from "./spreadsheet-sources.schema";

export async function listSpreadsheetSources(input: { accountId: number }): Promise<SpreadsheetSourceView[]> {
  const sources = await db().spreadsheetSource.findMany({ where: { accountId: input.accountId }, select: SPREADSHEET_SOURCE_SELECT, orderBy: { id: "asc" } });
  return sources.map(toSpreadsheetSourceView);
}
