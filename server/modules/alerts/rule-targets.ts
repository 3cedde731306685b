// The assets a rule watches through its groups (each with its subgroups, asset-scope/group-subtree.ts) and tags,
// resolved in a few queries when an account's rules load for evaluation (evaluation/account-context.ts) and for the
// silent-tracker sweep (connectivity-gate.ts). Evaluating a position then stays one set lookup; a membership change
// drops the cached rules on every node (geofences/notify-rules-changed.ts), so an asset added to a group later
// is watched from its next position on.
import type { Prisma } from "../../generated/prisma/client";
import { loadGroupTree, subtreeIds } from "../asset-scope/group-subtree";

type Reader = Pick<Prisma.TransactionClient, "assetGroup" | "assetGroupMember" | "assetTag">;

export interface RuleTargets {
  id: number;
  groupIds: readonly number[];
  tagIds: readonly number[];
}

/** per rule that names groups or tags: the assets in them (rules naming neither are absent) */
export async function resolveRuleTargets(reader: Reader, accountId: number, rules: readonly RuleTargets[]): Promise<Map<number, number[]>> {
  const resolved = new Map<number, number[]>();
  const targeting = rules.filter((rule) => rule.groupIds.length > 0 || rule.tagIds.length > 0);
  if (targeting.length === 0) return resolved;
  const tree = targeting.some((rule) => rule.groupIds.length > 0) ? await loadGroupTree(accountId, reader) : [];
  const groupsOf = new Map(targeting.map((rule) => [rule.id, new Set(rule.groupIds.flatMap((id) => subtreeIds(tree, id)))]));
  const allGroups = [...new Set([...groupsOf.values()].flatMap((ids) => [...ids]))];
  const allTags = [...new Set(targeting.flatMap((rule) => rule.tagIds))];
  const [members, tagged] = await Promise.all([
    allGroups.length > 0 ? reader.assetGroupMember.findMany({ where: { groupId: { in: allGroups } }, select: { groupId: true, assetId: true } }) : [],
    allTags.length > 0
      ? reader.assetTag.findMany({ where: { tagId: { in: allTags }, asset: { accountId } }, select: { tagId: true, assetId: true } })
      : [],
  ]);
  const byGroup = collect(members.map((m) => [m.groupId, m.assetId]));
  const byTag = collect(tagged.map((t) => [t.tagId, t.assetId]));
  for (const rule of targeting) {
    const assets = new Set<number>();
    for (const groupId of groupsOf.get(rule.id)!) for (const assetId of byGroup.get(groupId) ?? []) assets.add(assetId);
    for (const tagId of rule.tagIds) for (const assetId of byTag.get(tagId) ?? []) assets.add(assetId);
    resolved.set(rule.id, [...assets]);
  }
  return resolved;
}

function collect(pairs: [number, number][]): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (const [key, value] of pairs) {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  }
  return map;
}
