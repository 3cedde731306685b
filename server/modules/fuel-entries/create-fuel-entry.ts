// Records a fill-up: its amounts completed (two of volume, price per unit and total give the third), checked against
// the tracker (flags, not refusals), its odometer written as an odometer entry with source fuel_entry under the
// sequence rule (422 ODOMETER_OUT_OF_SEQUENCE on odometer_km; a void entry writes none), and the asset's consumption
// figures recomputed. An asset outside a group-limited member's `scope` is 404 ASSET_NOT_FOUND (fuel-ledger.ts).
import { db } from "../../db/client";
import type { AssetScope } from "../asset-scope/asset-scope";
import { lockAssetOdometer } from "../odometer-entries/odometer-ledger";
import { fuelSelect, MAX_FUEL_ENTRIES_PER_ASSET, toFuelEntryDto, type FuelEntryDto } from "./fuel-entries.schema";
import { checkFuelQuota, readFuelBody, recomputeFuelFigures, writeFuelReading } from "./fuel-ledger";

export async function createFuelEntry(input: { accountId: number; body: unknown; scope?: AssetScope; now?: number }): Promise<FuelEntryDto> {
  const write = await readFuelBody(input.accountId, input.body, input.now ?? Date.now(), input.scope);
  const row = await db().$transaction(async (tx) => {
    await lockAssetOdometer(tx, write.assetId);
    await checkFuelQuota(tx, write.assetId, MAX_FUEL_ENTRIES_PER_ASSET);
    const { id } = await tx.fuelEntry.create({ data: { accountId: input.accountId, assetId: write.assetId, ...write.data }, select: { id: true } });
    await writeFuelReading(tx, input.accountId, id, write);
    await recomputeFuelFigures(tx, write.assetId);
    return tx.fuelEntry.findUniqueOrThrow({ where: { id }, select: fuelSelect });
  });
  return toFuelEntryDto(row);
}
