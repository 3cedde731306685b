// Deletes an asset with its tracker, so the IMEI is free to be fitted to another asset.
import { announce } from "../../announce";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { ZAssetRef } from "./assets.schema";

export async function deleteAsset(input: { accountId: number; assetId: number }): Promise<{ id: number }> {
  const { accountId, assetId } = parseInput(ZAssetRef, input);
  await db().$transaction(async (tx) => {
    const asset = await tx.asset.findFirst({ where: { id: assetId, accountId }, select: { id: true } });
    if (!asset) throw new AppError("ASSET_NOT_FOUND", `asset ${assetId} not found`);
    await tx.tracker.deleteMany({ where: { assetId } });
    await tx.asset.delete({ where: { id: assetId } });
  });
  await announce("asset.changed", { accountId, assetId, change: "deleted" });
  return { id: assetId };
}
