import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { type AssetDto, assetSelect, toAssetDto, ZAssetRef } from "./assets.schema";

/** An asset of the account; another account's asset is ASSET_NOT_FOUND, exactly like a missing one. */
export async function getAsset(input: { accountId: number; assetId: number }): Promise<AssetDto> {
  const { accountId, assetId } = parseInput(ZAssetRef, input);
  const row = await db().asset.findFirst({ where: { id: assetId, accountId }, select: assetSelect });
  if (!row) throw new AppError("ASSET_NOT_FOUND", `asset ${assetId} not found`);
  return toAssetDto(row);
}
