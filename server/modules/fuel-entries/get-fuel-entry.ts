// One fuel entry of the account; another account's is FUEL_ENTRY_NOT_FOUND, exactly like a missing one.
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { fuelEntryNotFound, fuelSelect, toFuelEntryDto, ZFuelEntryRef, type FuelEntryDto } from "./fuel-entries.schema";

export async function getFuelEntry(input: { accountId: number; entryId: number }): Promise<FuelEntryDto> {
  const { accountId, entryId } = parseInput(ZFuelEntryRef, input);
  const row = await db().fuelEntry.findFirst({ where: { id: entryId, accountId }, select: fuelSelect });
  if (!row) throw fuelEntryNotFound(entryId);
  return toFuelEntryDto(row);
}
