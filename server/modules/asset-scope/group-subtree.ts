// The account's group tree as plain {id, parentId} nodes and the walk down a subtree: what "a group with its
// subgroups" means wherever groups pick assets (asset-scope.ts, the asset list's group filter). The tree's rules (no
// cycles, depth) live in asset-groups/group-tree.ts. An account holds at most 1,000 groups, so the whole tree is
// read in one small query and walked in memory.
import type { Prisma } from "../../generated/prisma/client";
import { db } from "../../db/client";

export interface GroupNode {
  id: number;
  parentId: number | null;
}

type Reader = Pick<Prisma.TransactionClient, "assetGroup">;

/** every group of the account, as nodes */
export async function loadGroupTree(accountId: number, reader: Reader = db()): Promise<GroupNode[]> {
  return reader.assetGroup.findMany({ where: { accountId }, select: { id: true, parentId: true }, orderBy: { id: "asc" } });
}

export function childrenOf(nodes: readonly GroupNode[]): Map<number | null, number[]> {
  const children = new Map<number | null, number[]>();
  for (const node of nodes) {
    const list = children.get(node.parentId) ?? [];
    list.push(node.id);
    children.set(node.parentId, list);
  }
  return children;
}

/** the group and every group under it, at any depth; [] when the group is not in the tree */
export function subtreeIds(nodes: readonly GroupNode[], rootId: number): number[] {
  if (!nodes.some((node) => node.id === rootId)) return [];
  const children = childrenOf(nodes);
  const ids: number[] = [];
  const pending = [rootId];
  while (pending.length > 0) {
    const id = pending.pop()!;
    ids.push(id);
    pending.push(...(children.get(id) ?? []));
  }
  return ids;
}
