// Asset groups as the dashboard shows them: each named by its path ("North › Vilnius"), since subgroups of different
// parents may share a name, and the tree flattened into rows in reading order (each parent before its subgroups,
// siblings by name) with their depth. Pure, tested beside it.

export interface GroupNode {
  id: number;
  name: string;
  parent_id: number | null;
}

/** id → "North › Vilnius"; a group whose parent is not in the list is named as if at the top */
export function groupPathMap<G extends GroupNode>(groups: readonly G[]): Map<number, string> {
  const byId = new Map(groups.map((group) => [group.id, group]));
  const paths = new Map<number, string>();
  const pathOf = (group: G, seen: Set<number>): string => {
    const known = paths.get(group.id);
    if (known !== undefined) return known;
    const parent = group.parent_id === null || seen.has(group.parent_id) ? undefined : byId.get(group.parent_id);
    const path = parent ? `${pathOf(parent, seen.add(group.id))} › ${group.name}` : group.name;
    paths.set(group.id, path);
    return path;
  };
  for (const group of groups) pathOf(group, new Set());
  return paths;
}

/** every group with its path, sorted by path (for pickers) */
export function groupPaths<G extends GroupNode>(groups: readonly G[]): Array<{ id: number; path: string }> {
  const paths = groupPathMap(groups);
  return groups.map((group) => ({ id: group.id, path: paths.get(group.id)! })).sort((a, b) => a.path.localeCompare(b.path));
}

/** the tree in reading order: a parent, then its subgroups (by name, depth-first); depth 0 at the top */
export function treeRows<G extends GroupNode>(groups: readonly G[]): Array<{ group: G; depth: number }> {
  const ids = new Set(groups.map((group) => group.id));
  const children = new Map<number | null, G[]>();
  for (const group of groups) {
    const parent = group.parent_id !== null && ids.has(group.parent_id) ? group.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), group]);
  }
  const rows: Array<{ group: G; depth: number }> = [];
  const visit = (parent: number | null, depth: number) => {
    for (const group of [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name))) {
      rows.push({ group, depth });
      visit(group.id, depth + 1);
    }
  };
  visit(null, 0);
  return rows;
}

/** the group and every group under it (a group cannot move into these) */
export function branchIds(groups: readonly GroupNode[], rootId: number): Set<number> {
  const branch = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const group of groups) {
      if (group.parent_id !== null && branch.has(group.parent_id) && !branch.has(group.id)) {
        branch.add(group.id);
        grew = true;
      }
    }
  }
  return branch;
}
