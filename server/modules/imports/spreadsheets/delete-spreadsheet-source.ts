// Disconnects a spreadsheet: it is never fetched again. Its import jobs stay in the history (their link to the
// source is cleared by the database).
import { AppError } from "../../../errors";
import { db } from "../../../db/client";

export async function deleteSpreadsheetSource(input: { accountId: number; id: number }): Promise<{ id: number }> {
  const { count } = await db().spreadsheetSource.deleteMany({ where: { id: input.id, accountId: input.accountId } });
  if (count === 0) throw new AppError("SPREADSHEET_SOURCE_NOT_FOUND", "Spreadsheet not found.");
  return { id: input.id };
}
