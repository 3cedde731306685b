import { db } from "../../db/client";
import { AppError } from "../../errors";
import { type AssetScope, scopedAssetWhere, wholeFleet } from "../asset-scope/asset-scope";
import { parseInput } from "../parse-input";
import { type AssetDto, assetSelect, toAssetDto, ZAssetRef } from "./assets.schema";

/**
 * An asset of the account; another account's asset is ASSET_NOT_FOUND, exactly like a missing one, and so is one
 * outside `scope` (a group-limited member's groups, asset-scope/asset-scope.ts).
 */
export async function getAsset(input: { accountId: number; assetId: number; scope?: AssetScope }): Promise<AssetDto> {
  const { accountId, assetId } = parseInput(ZAssetRef, input);
  const row = await db().asset.findFirst({ where: { AND: [scopedAssetWhere(input.scope ?? wholeFleet(accountId)), { id: assetId, accountId }] }, select: assetSelect });
  if (!row) throw new AppError("ASSET_NOT_FOUND", `asset ${assetId} not found`);
  return toAssetDto(row);
}
