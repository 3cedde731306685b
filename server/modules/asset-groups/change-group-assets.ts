// Which assets are in a group, changed in bulk: `replace` makes the list exactly the group's assets, `add` puts them
// in (those already there stay), `remove` takes them out (ids that are not in the group are ignored, so a repeated
// DELETE is harmless). Only the group's own membership changes: its subgroups keep theirs, and the assets stay in
// their other groups. Ids to replace or add must all be the account's assets (422 otherwise, nothing written).
import { db } from "../../db/client";
import { publishRulesChanged } from "../geofences/notify-rules-changed";
import { parseInput } from "../parse-input";
import { checkOwnedIds } from "../owned-ids";
import { type AssetGroupDto, groupNotFound, groupSelect, toAssetGroupDto, ZGroupRef } from "./asset-groups.schema";

export type MembershipChange = "replace" | "add" | "remove";

export async function changeGroupAssets(input: {
  accountId: number;
  groupId: number;
  change: MembershipChange;
  assetIds: readonly number[];
}): Promise<AssetGroupDto> {
  const { accountId, groupId } = parseInput(ZGroupRef, input);
  const row = await db().$transaction(async (tx) => {
    const group = await tx.assetGroup.findFirst({ where: { id: groupId, accountId }, select: { id: true } });
    if (!group) throw groupNotFound(groupId);
    if (input.change === "remove") {
      await tx.assetGroupMember.deleteMany({ where: { groupId, assetId: { in: [...new Set(input.assetIds)] } } });
    } else {
      const assetIds = await checkOwnedIds(tx, "asset", accountId, input.assetIds, "asset_ids");
      if (input.change === "replace") await tx.assetGroupMember.deleteMany({ where: { groupId, assetId: { notIn: assetIds } } });
      await tx.assetGroupMember.createMany({ data: assetIds.map((assetId) => ({ groupId, assetId })), skipDuplicates: true });
    }
    return tx.assetGroup.findUniqueOrThrow({ where: { id: groupId }, select: groupSelect });
  });
  // alert rules targeting the group (or a parent) watch its assets as they are now
  await publishRulesChanged(accountId);
  return toAssetGroupDto(row);
}
