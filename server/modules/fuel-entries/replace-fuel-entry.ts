// PUT of a fuel entry: every field replaced (voiding it is `"void": true`). Its odometer reading is taken away (a
// reset that later readings need: 409 ODOMETER_RESET_IN_USE) and written again at its new place under the sequence
// rule, unless the entry is now void; the asset's figures are recomputed. An entry of an asset outside a
// group-limited member's `scope` is not found.
import { db } from "../../db/client";
import { type AssetScope, scopedAssetRelation, wholeFleet } from "../asset-scope/asset-scope";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { checkRemoval, lockAssetOdometer } from "../odometer-entries/odometer-ledger";
import { fuelEntryNotFound, fuelSelect, toFuelEntryDto, ZFuelEntryRef, type FuelEntryDto } from "./fuel-entries.schema";
import { readFuelBody, recomputeFuelFigures, writeFuelReading } from "./fuel-ledger";

export async function replaceFuelEntry(input: { accountId: number; entryId: number; body: unknown; scope?: AssetScope; now?: number }): Promise<FuelEntryDto> {
  const { accountId, entryId } = parseInput(ZFuelEntryRef, input);
  const scope = input.scope ?? wholeFleet(accountId);
  const stored = await db().fuelEntry.findFirst({ where: { id: entryId, accountId, ...scopedAssetRelation(scope) }, select: { assetId: true } });
  if (!stored) throw fuelEntryNotFound(entryId);
  const write = await readFuelBody(accountId, input.body, input.now ?? Date.now(), scope);
  if (write.assetId !== stored.assetId) {
    throw new AppError("VALIDATION_FAILED", "asset_id: a fuel entry stays with its asset", [{ field: "asset_id", message: "a fuel entry stays with its asset; delete it and record it for the other asset" }]);
  }
  const row = await db().$transaction(async (tx) => {
    await lockAssetOdometer(tx, stored.assetId);
    const reading = await tx.odometerEntry.findFirst({ where: { fuelEntryId: entryId }, select: { id: true, assetId: true, readAt: true, isReset: true } });
    if (reading) {
      await checkRemoval(tx, reading);
      await tx.odometerEntry.delete({ where: { id: reading.id } });
    }
    const { count } = await tx.fuelEntry.updateMany({ where: { id: entryId, accountId }, data: write.data });
    if (count !== 1) throw fuelEntryNotFound(entryId);
    await writeFuelReading(tx, accountId, entryId, write);
    await recomputeFuelFigures(tx, stored.assetId);
    return tx.fuelEntry.findUniqueOrThrow({ where: { id: entryId }, select: fuelSelect });
  });
  return toFuelEntryDto(row);
}
