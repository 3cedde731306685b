// Deletes a fuel entry with its odometer reading (a reset that later readings need: 409 ODOMETER_RESET_IN_USE) and
// recomputes the asset's figures. An entry of an asset outside a group-limited member's `scope` is not found.
import { db } from "../../db/client";
import { type AssetScope, scopedAssetRelation, wholeFleet } from "../asset-scope/asset-scope";
import { parseInput } from "../parse-input";
import { checkRemoval, lockAssetOdometer } from "../odometer-entries/odometer-ledger";
import { fuelEntryNotFound, ZFuelEntryRef } from "./fuel-entries.schema";
import { recomputeFuelFigures } from "./fuel-ledger";

export async function deleteFuelEntry(input: { accountId: number; entryId: number; scope?: AssetScope }): Promise<void> {
  const { accountId, entryId } = parseInput(ZFuelEntryRef, input);
  const stored = await db().fuelEntry.findFirst({ where: { id: entryId, accountId, ...scopedAssetRelation(input.scope ?? wholeFleet(accountId)) }, select: { assetId: true } });
  if (!stored) throw fuelEntryNotFound(entryId);
  await db().$transaction(async (tx) => {
    await lockAssetOdometer(tx, stored.assetId);
    const reading = await tx.odometerEntry.findFirst({ where: { fuelEntryId: entryId }, select: { id: true, assetId: true, readAt: true, isReset: true } });
    if (reading) await checkRemoval(tx, reading);
    const { count } = await tx.fuelEntry.deleteMany({ where: { id: entryId, accountId } });
    if (count !== 1) throw fuelEntryNotFound(entryId);
    await recomputeFuelFigures(tx, stored.assetId);
  });
}
