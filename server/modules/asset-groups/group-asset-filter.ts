// "Assets of this group": the assets in the group or in any of its subgroups, at any depth. Used wherever a group
// picks assets (the asset list's ?group_id=, messages to a group); an unknown group, or another account's, picks none.
import type { Prisma } from "../../generated/prisma/client";
import { loadGroupTree, subtreeIds } from "./group-tree";

/** a where clause on assets: in the group or one of its subgroups */
export async function groupAssetWhere(accountId: number, groupId: number): Promise<Prisma.AssetWhereInput> {
  const groupIds = subtreeIds(await loadGroupTree(accountId), groupId);
  return { groups: { some: { groupId: { in: groupIds } } } };
}
