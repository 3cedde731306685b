// "Check now": the same check the worker runs, at once, for one of the account's spreadsheets (its next check then
// follows 30 minutes later). Refused while another node or request is checking it.
import { AppError } from "../../../errors";
import { db } from "../../../db/client";
import type { SpreadsheetCheck } from "./check-spreadsheet-source";
import { claimSource, runClaimedCheck } from "./spreadsheet-claim";
import { countSpreadsheetFetch } from "./spreadsheet-fetch-limit";

export async function checkSpreadsheetNow(input: {
  accountId: number;
  id: number;
  allowPrivate: boolean;
  onQueued?: (jobId: number) => void;
}): Promise<SpreadsheetCheck> {
  const source = await db().spreadsheetSource.findFirst({ where: { id: input.id, accountId: input.accountId }, select: { id: true } });
  if (!source) throw new AppError("SPREADSHEET_SOURCE_NOT_FOUND", "Spreadsheet not found.");
  await countSpreadsheetFetch(input.accountId);
  const claimedUntil = await claimSource(source.id);
  if (!claimedUntil) throw new AppError("CONFLICT", "This spreadsheet is being checked right now; look again in a moment.");
  const check = await runClaimedCheck(source.id, claimedUntil, { allowPrivate: input.allowPrivate, onQueued: input.onQueued });
  if (!check) throw new AppError("SPREADSHEET_SOURCE_NOT_FOUND", "Spreadsheet not found.");
  return check;
}
