// One odometer reading of the account; another account's is ODOMETER_ENTRY_NOT_FOUND, exactly like a missing one.
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { odometerEntryNotFound, odometerSelect, toOdometerEntryDto, ZOdometerEntryRef, type OdometerEntryDto } from "./odometer-entries.schema";

export async function getOdometerEntry(input: { accountId: number; entryId: number }): Promise<OdometerEntryDto> {
  const { accountId, entryId } = parseInput(ZOdometerEntryRef, input);
  const row = await db().odometerEntry.findFirst({ where: { id: entryId, accountId }, select: odometerSelect });
  if (!row) throw odometerEntryNotFound(entryId);
  return toOdometerEntryDto(row);
}
