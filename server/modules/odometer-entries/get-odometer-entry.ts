// One odometer reading of the account; another account's is ODOMETER_ENTRY_NOT_FOUND, exactly like a missing one, and
// so is one of an asset outside a group-limited member's `scope`.
import { db } from "../../db/client";
import { type AssetScope, scopedAssetRelation, wholeFleet } from "../asset-scope/asset-scope";
import { parseInput } from "../parse-input";
import { odometerEntryNotFound, odometerSelect, toOdometerEntryDto, ZOdometerEntryRef, type OdometerEntryDto } from "./odometer-entries.schema";

export async function getOdometerEntry(input: { accountId: number; entryId: number; scope?: AssetScope }): Promise<OdometerEntryDto> {
  const { accountId, entryId } = parseInput(ZOdometerEntryRef, input);
  const row = await db().odometerEntry.findFirst({ where: { id: entryId, accountId, ...scopedAssetRelation(input.scope ?? wholeFleet(accountId)) }, select: odometerSelect });
  if (!row) throw odometerEntryNotFound(entryId);
  return toOdometerEntryDto(row);
}
