// Deletes an odometer reading. A reset whose removal would leave later readings lower than earlier ones is refused
// (409 ODOMETER_RESET_IN_USE), and a fuel_entry reading goes with its fuel entry only (409 CONFLICT). A reading of an
// asset outside a group-limited member's `scope` is not found.
import { db } from "../../db/client";
import { type AssetScope, scopedAssetRelation, wholeFleet } from "../asset-scope/asset-scope";
import { parseInput } from "../parse-input";
import { odometerEntryNotFound, ZOdometerEntryRef } from "./odometer-entries.schema";
import { checkRemoval, lockAssetOdometer } from "./odometer-ledger";
import { refuseServerReading } from "./replace-odometer-entry";

export async function deleteOdometerEntry(input: { accountId: number; entryId: number; scope?: AssetScope }): Promise<void> {
  const { accountId, entryId } = parseInput(ZOdometerEntryRef, input);
  const stored = await db().odometerEntry.findFirst({ where: { id: entryId, accountId, ...scopedAssetRelation(input.scope ?? wholeFleet(accountId)) }, select: { assetId: true } });
  if (!stored) throw odometerEntryNotFound(entryId);
  await db().$transaction(async (tx) => {
    await lockAssetOdometer(tx, stored.assetId);
    const current = await tx.odometerEntry.findFirst({ where: { id: entryId, accountId }, select: { id: true, assetId: true, readAt: true, isReset: true, source: true, fuelEntryId: true } });
    if (!current) throw odometerEntryNotFound(entryId);
    refuseServerReading(current, true);
    await checkRemoval(tx, current);
    await tx.odometerEntry.delete({ where: { id: entryId } });
  });
}
