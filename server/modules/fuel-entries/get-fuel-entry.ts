// One fuel entry of the account; another account's is FUEL_ENTRY_NOT_FOUND, exactly like a missing one, and so is
// one of an asset outside a group-limited member's `scope`.
import { db } from "../../db/client";
import { type AssetScope, scopedAssetRelation, wholeFleet } from "../asset-scope/asset-scope";
import { parseInput } from "../parse-input";
import { fuelEntryNotFound, fuelSelect, toFuelEntryDto, ZFuelEntryRef, type FuelEntryDto } from "./fuel-entries.schema";

export async function getFuelEntry(input: { accountId: number; entryId: number; scope?: AssetScope }): Promise<FuelEntryDto> {
  const { accountId, entryId } = parseInput(ZFuelEntryRef, input);
  const row = await db().fuelEntry.findFirst({ where: { id: entryId, accountId, ...scopedAssetRelation(input.scope ?? wholeFleet(accountId)) }, select: fuelSelect });
  if (!row) throw fuelEntryNotFound(entryId);
  return toFuelEntryDto(row);
}
