// Connects a published CSV to the account: the address is checked by the SSRF guard, the sheet is read once to check
// the column mapping against its real headers, and the first check (import) runs at once, so the person sees its
// outcome; later checks follow every 30 minutes. At most MAX_SPREADSHEET_SOURCES per account.
import { AppError } from "../../../errors";
import { db } from "../../../db/client";
import { parseInput } from "../../parse-input";
import { SheetError } from "../sheet/sheet-table";
import { sheetToRows } from "../sheet/sheet-to-rows";
import { readSpreadsheet } from "./read-spreadsheet";
import { claimSource, runClaimedCheck } from "./spreadsheet-claim";
import { countSpreadsheetFetch } from "./spreadsheet-fetch-limit";
import { SPREADSHEET_SOURCE_SELECT, toSpreadsheetSourceView } from "./spreadsheet-source-view";
import { MAX_SPREADSHEET_SOURCES, ZCreateSpreadsheetSource, type SpreadsheetSourceView } from "./spreadsheet-sources.schema";

export async function createSpreadsheetSource(input: {
  accountId: number;
  userId: number;
  body: unknown;
  allowPrivate: boolean;
  onQueued?: (jobId: number) => void;
}): Promise<SpreadsheetSourceView> {
  const { target, url, columnMap } = parseInput(ZCreateSpreadsheetSource, input.body);
  const prisma = db();
  if ((await prisma.spreadsheetSource.count({ where: { accountId: input.accountId } })) >= MAX_SPREADSHEET_SOURCES) {
    throw new AppError("CONFLICT", `An account connects at most ${MAX_SPREADSHEET_SOURCES} spreadsheets; remove one first.`);
  }
  await countSpreadsheetFetch(input.accountId);
  const read = await readSpreadsheet(url, { allowPrivate: input.allowPrivate, accountId: input.accountId });
  if (!read.ok) throw new AppError("VALIDATION_FAILED", `The spreadsheet could not be read: ${read.reason}.`, [{ field: "url", message: read.reason }]);
  const mapping = Object.fromEntries(Object.entries(columnMap).filter(([, header]) => header !== ""));
  try {
    sheetToRows(target, read.table, mapping);
  } catch (error) {
    if (error instanceof SheetError) throw new AppError("VALIDATION_FAILED", error.message, [{ field: "columnMap", message: error.message }]);
    throw error;
  }
  const { id } = await prisma.spreadsheetSource.create({
    data: { accountId: input.accountId, userId: input.userId, target, url, columnMap: mapping },
    select: { id: true },
  });
  const claimedUntil = await claimSource(id);
  if (claimedUntil) await runClaimedCheck(id, claimedUntil, { allowPrivate: input.allowPrivate, onQueued: input.onQueued });
  return toSpreadsheetSourceView(await prisma.spreadsheetSource.findUniqueOrThrow({ where: { id }, select: SPREADSHEET_SOURCE_SELECT }));
}
