// The account's group tree as plain {id, parentId} nodes, and the rules a group's place in it must keep: its parent
// is a group of the account, it is not inside itself (no cycles), and the tree stays at most MAX_GROUP_DEPTH levels
// deep. An account holds at most 1,000 groups (account-quotas.ts), so the whole tree is read in one small query and
// walked in memory, which works the same on PostgreSQL and the embedded database. Changes of a group's place take
// a per-account lock first (lockGroupTree), so two moves at once cannot build a cycle between them.
import type { Prisma } from "../../generated/prisma/client";
import { db } from "../../db/client";
import { childrenOf, type GroupNode, loadGroupTree, subtreeIds } from "../asset-scope/group-subtree";
import { MAX_GROUP_DEPTH } from "./asset-groups.schema";

export { type GroupNode, loadGroupTree, subtreeIds };


/** Held until the transaction ends: one change of the account's tree at a time. */
export async function lockGroupTree(tx: Prisma.TransactionClient, accountId: number): Promise<void> {
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext('fleetline.group-tree'), ${accountId}::int)) AS lock`;
}

/** 1 for a top-level group, 2 for its subgroups, … */
function levelOf(nodes: readonly GroupNode[], id: number): number {
  const parent = new Map(nodes.map((node) => [node.id, node.parentId]));
  let level = 1;
  for (let at = parent.get(id) ?? null; at !== null; at = parent.get(at) ?? null) level++;
  return level;
}

/** levels from the group down to its deepest subgroup: 1 for a group without subgroups */
function heightOf(nodes: readonly GroupNode[], id: number): number {
  const children = childrenOf(nodes);
  const height = (at: number): number => 1 + Math.max(0, ...(children.get(at) ?? []).map(height));
  return height(id);
}

/**
 * Why `groupId` (null: a new group) cannot sit in `parentId` (null: at the top), or null when it can. The message is
 * the parent_id field's error.
 */
export function placementProblem(nodes: readonly GroupNode[], groupId: number | null, parentId: number | null): string | null {
  if (parentId === null) {
    return groupId !== null && heightOf(nodes, groupId) > MAX_GROUP_DEPTH ? `groups nest at most ${MAX_GROUP_DEPTH} levels deep` : null;
  }
  if (!nodes.some((node) => node.id === parentId)) return "is not a group of this account";
  if (groupId !== null && subtreeIds(nodes, groupId).includes(parentId)) {
    return parentId === groupId ? "a group cannot sit in itself" : "is one of this group's own subgroups: a group cannot sit inside itself";
  }
  const height = groupId === null ? 1 : heightOf(nodes, groupId);
  if (levelOf(nodes, parentId) + height > MAX_GROUP_DEPTH) return `groups nest at most ${MAX_GROUP_DEPTH} levels deep`;
  return null;
}
