// Deletes an odometer reading. A reset whose removal would leave later readings lower than earlier ones is refused
// (409 ODOMETER_RESET_IN_USE), and a fuel_entry reading goes with its fuel entry only (409 CONFLICT).
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { odometerEntryNotFound, ZOdometerEntryRef } from "./odometer-entries.schema";
import { checkRemoval, lockAssetOdometer } from "./odometer-ledger";
import { refuseServerReading } from "./replace-odometer-entry";

export async function deleteOdometerEntry(input: { accountId: number; entryId: number }): Promise<void> {
  const { accountId, entryId } = parseInput(ZOdometerEntryRef, input);
  const stored = await db().odometerEntry.findFirst({ where: { id: entryId, accountId }, select: { assetId: true } });
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
