// "Assets of this group": the assets in the group or in any of its subgroups, at any depth. Used wherever a group
// picks assets (the asset list's ?group_id=, messages to a group, reports and the live map by group); an unknown
// group, or another account's, picks none. Tags pick the assets that carry them.
import type { Prisma } from "../../generated/prisma/client";
import { loadGroupTree, subtreeIds } from "./group-subtree";

/** a where clause on assets: in the group or one of its subgroups */
export async function groupAssetWhere(accountId: number, groupId: number): Promise<Prisma.AssetWhereInput> {
  const groupIds = subtreeIds(await loadGroupTree(accountId), groupId);
  return { groups: { some: { groupId: { in: groupIds } } } };
}

/** the group (with its subgroups) and tag filters, those given, as where clauses on assets (all must match) */
export async function groupTagWhere(accountId: number, filters: { groupId?: number; tagId?: number }): Promise<Prisma.AssetWhereInput[]> {
  const where: Prisma.AssetWhereInput[] = [];
  if (filters.groupId !== undefined) where.push(await groupAssetWhere(accountId, filters.groupId));
  if (filters.tagId !== undefined) where.push({ tags: { some: { tagId: filters.tagId } } });
  return where;
}
