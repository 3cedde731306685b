// Records an odometer reading of an asset (source manual or tracker), under the sequence rule: a reading lower than
// an earlier one (by date), or higher than a later one, is refused (422 ODOMETER_OUT_OF_SEQUENCE) unless it is
// marked as a reset. Checked against the tracker's odometer at that time (flag odometer_mismatch, not a refusal). For a
// group-limited member an asset outside their groups is 404 ASSET_NOT_FOUND, as is one that does not exist (so ids
// cannot be probed); for the whole fleet an unknown asset is a field error.
import { db } from "../../db/client";
import { type AssetScope, assertAssetVisible, wholeFleet } from "../asset-scope/asset-scope";
import { parseInput } from "../parse-input";
import {
  checkNotFuture,
  odometerSelect,
  toOdometerEntryDto,
  unknownAsset,
  ZOdometerEntryBody,
  type OdometerEntryDto,
} from "./odometer-entries.schema";
import { checkPlacement, lockAssetOdometer } from "./odometer-ledger";
import { checkManualQuota, trackerFields } from "./reading-checks";

export async function createOdometerEntry(input: { accountId: number; body: unknown; scope?: AssetScope; now?: number }): Promise<OdometerEntryDto> {
  const body = parseInput(ZOdometerEntryBody, input.body);
  const readAt = new Date(body.read_at);
  checkNotFuture("read_at", readAt, input.now ?? Date.now());
  const valueM = Math.round(body.value_km * 1000);
  const isReset = body.is_reset ?? false;
  await assertAssetVisible(input.scope ?? wholeFleet(input.accountId), body.asset_id);
  const asset = await db().asset.findFirst({ where: { id: body.asset_id, accountId: input.accountId }, select: { id: true } });
  if (!asset) throw unknownAsset();
  const tracker = await trackerFields(asset.id, readAt, valueM);
  const row = await db().$transaction(async (tx) => {
    await lockAssetOdometer(tx, asset.id);
    await checkManualQuota(tx, asset.id);
    await checkPlacement(tx, { assetId: asset.id, at: readAt, valueM, isReset }, "value_km");
    return tx.odometerEntry.create({
      data: {
        accountId: input.accountId,
        assetId: asset.id,
        readAt,
        valueM,
        source: body.source ?? "manual",
        isReset,
        note: body.note ?? null,
        ...tracker,
      },
      select: odometerSelect,
    });
  });
  return toOdometerEntryDto(row);
}
