// One asset group of the account; another account's group is GROUP_NOT_FOUND, exactly like a missing one.
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { type AssetGroupDto, groupNotFound, groupSelect, toAssetGroupDto, ZGroupRef } from "./asset-groups.schema";

export async function getAssetGroup(input: { accountId: number; groupId: number }): Promise<AssetGroupDto> {
  const { accountId, groupId } = parseInput(ZGroupRef, input);
  const row = await db().assetGroup.findFirst({ where: { id: groupId, accountId }, select: groupSelect });
  if (!row) throw groupNotFound(groupId);
  return toAssetGroupDto(row);
}
