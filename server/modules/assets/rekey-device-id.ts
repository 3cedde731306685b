// Re-keys a phone tracker: replaces its device id with a new generated one (docs/osmand.md "The device id is a
// credential"). The one-click fix for a weak, typed id, and the way to lock out a phone (or whoever copied its id)
// once the id has leaked. The old id stops naming the asset at once (asset.changed clears the tracker caches); the
// phone must be set up again with the new id (QR code on the asset's page). The typed-id opt-in is cleared too: the
// tracker is strong now, and a later typed id needs the operator to opt in again.
import { announce } from "../../announce";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { log } from "../../log";
import { parseInput } from "../parse-input";
import { type AssetDto, ZAssetRef } from "./assets.schema";
import { generateDeviceId } from "./device-id";
import { getAsset } from "./get-asset";

export async function rekeyDeviceId(input: { accountId: number; assetId: number; userId?: number }): Promise<AssetDto> {
  const { accountId, assetId } = parseInput(ZAssetRef, input);
  const asset = await db().asset.findFirst({
    where: { id: assetId, accountId },
    select: { tracker: { select: { id: true, protocol: true, deviceIdGenerated: true } } },
  });
  if (!asset) throw new AppError("ASSET_NOT_FOUND", `asset ${assetId} not found`);
  const tracker = asset.tracker;
  if (tracker?.protocol !== "osmand") {
    throw new AppError("VALIDATION_FAILED", "only a phone tracker (protocol osmand) has a device id to re-key", [
      { field: "assetId", message: "has no phone tracker" },
    ]);
  }
  // a collision of 120 random bits does not happen; the unique index would refuse it rather than share an id
  await db().tracker.update({
    where: { id: tracker.id },
    data: { imei: generateDeviceId(), deviceIdGenerated: true, allowWeakDeviceId: false },
  });
  // the audit line: who re-keyed which phone, and whether its id was weak; never the id itself (a credential)
  log("assets").info(
    { accountId, assetId, trackerId: tracker.id, userId: input.userId, wasWeak: !tracker.deviceIdGenerated },
    "phone tracker re-keyed: new device id generated",
  );
  await announce("asset.changed", { accountId, assetId, change: "updated" });
  return getAsset({ accountId, assetId });
}
