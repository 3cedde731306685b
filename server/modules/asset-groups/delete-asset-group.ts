// Deletes an asset group without subgroups: its assets are only taken out of it (they stay, with their other groups).
// A group with subgroups is refused (409 GROUP_HAS_SUBGROUPS) rather than taking them along or moving them up: moving
// them could clash with a sibling's name, and deleting a branch by mistake should cost nothing
// (docs/fleet-records.md "Deleting a group").
import { db } from "../../db/client";
import { publishRulesChanged } from "../geofences/notify-rules-changed";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { groupNotFound, ZGroupRef } from "./asset-groups.schema";
import { lockGroupTree } from "./group-tree";

export async function deleteAssetGroup(input: { accountId: number; groupId: number }): Promise<{ id: number }> {
  const { accountId, groupId } = parseInput(ZGroupRef, input);
  const deleted = await db().$transaction(async (tx) => {
    // a subgroup created or moved in at the same moment must not be left pointing at a deleted group
    await lockGroupTree(tx, accountId);
    const group = await tx.assetGroup.findFirst({ where: { id: groupId, accountId }, select: { id: true, _count: { select: { children: true } } } });
    if (!group) throw groupNotFound(groupId);
    if (group._count.children > 0) {
      throw new AppError(
        "GROUP_HAS_SUBGROUPS",
        `The group has ${group._count.children} subgroup(s); move them elsewhere or delete them first.`,
      );
    }
    await tx.assetGroup.delete({ where: { id: groupId } });
    return { id: groupId };
  });
  // alert rules naming the group keep its id, which now picks no asset
  await publishRulesChanged(accountId);
  return deleted;
}
