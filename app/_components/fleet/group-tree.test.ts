// Paths, reading order and branches of the group tree as the dashboard shows it.
import { describe, expect, it } from "vitest";
import { branchIds, groupPathMap, groupPaths, treeRows } from "./group-tree";

const groups = [
  { id: 1, name: "North", parent_id: null },
  { id: 2, name: "Vilnius", parent_id: 1 },
  { id: 3, name: "Depot", parent_id: 2 },
  { id: 4, name: "Alytus", parent_id: 1 },
  { id: 5, name: "East", parent_id: null },
  { id: 6, name: "Depot", parent_id: 5 },
];

describe("group tree", () => {
  it("names each group by its path", () => {
    expect(groupPathMap(groups).get(3)).toBe("North › Vilnius › Depot");
    expect(groupPaths(groups).map((g) => g.path)).toEqual([
      "East",
      "East › Depot",
      "North",
      "North › Alytus",
      "North › Vilnius",
      "North › Vilnius › Depot",
    ]);
  });

  it("lists parents before their subgroups, siblings by name, with their depth", () => {
    expect(treeRows(groups).map(({ group, depth }) => [group.id, depth])).toEqual([
      [5, 0],
      [6, 1],
      [1, 0],
      [4, 1],
      [2, 1],
      [3, 2],
    ]);
  });

  it("puts a group whose parent is missing at the top and survives a cycle in stale data", () => {
    const odd = [
      { id: 7, name: "Orphan", parent_id: 99 },
      { id: 8, name: "A", parent_id: 9 },
      { id: 9, name: "B", parent_id: 8 },
    ];
    expect(groupPathMap(odd).get(7)).toBe("Orphan");
    expect(groupPathMap(odd).get(8)).toBe("B › A");
    expect(treeRows(odd).map(({ group }) => group.id)).toEqual([7]);
  });

  it("finds a group's branch", () => {
    expect([...branchIds(groups, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect([...branchIds(groups, 6)]).toEqual([6]);
  });
});
