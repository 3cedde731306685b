// Groups as scopes (docs/fleet-records.md "Groups as scopes"): the one place that says which of an account's assets a
// principal may see and act on. A member limited to some groups sees the assets in those groups and in their
// subgroups, at any depth, and nothing else; everyone else sees the whole fleet. Every asset-touching surface takes
// its AssetScope from here (tRPC context, the REST wrappers, the live stream, notifications) and filters with
// scopedAssetWhere / assertAssetVisible / visibleAssetIds, so the rule lives once. An asset outside the scope is
// ASSET_NOT_FOUND, exactly like one that does not exist, so a limited member cannot probe ids.
import type { Prisma } from "../../generated/prisma/client";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { loadGroupTree, subtreeIds } from "./group-subtree";

export interface AssetScope {
  accountId: number;
  /** null: the whole fleet; else the groups seen, subgroups included (possibly none: then no asset at all) */
  groupIds: readonly number[] | null;
}

/** the whole fleet of an account: for account-wide work (workers, API keys of unlimited members, platform tools) */
export function wholeFleet(accountId: number): AssetScope {
  return { accountId, groupIds: null };
}

type Reader = Pick<Prisma.TransactionClient, "assetGroup" | "membership">;

/** Expands a membership's chosen groups into the scope (their subtrees); groups of other accounts are dropped. */
export async function scopeOfGroups(accountId: number, chosen: readonly number[], reader: Reader = db()): Promise<AssetScope> {
  const tree = await loadGroupTree(accountId, reader);
  const ids = new Set<number>();
  for (const id of chosen) for (const sub of subtreeIds(tree, id)) ids.add(sub);
  return { accountId, groupIds: [...ids].sort((a, b) => a - b) };
}

/** the scope of a membership's limit as stored (null: not limited), read afresh so group tree changes apply at once */
export async function scopeOfLimit(accountId: number, limitGroupIds: readonly number[] | null): Promise<AssetScope> {
  return limitGroupIds === null ? wholeFleet(accountId) : scopeOfGroups(accountId, limitGroupIds);
}

/** The scope of a user's membership of the account; a user who is not a member sees nothing. */
export async function memberAssetScope(input: { accountId: number; userId: number }, reader: Reader = db()): Promise<AssetScope> {
  const membership = await reader.membership.findUnique({
    where: { userId_accountId: { userId: input.userId, accountId: input.accountId } },
    select: { groupLimited: true, scopeGroups: { select: { groupId: true } } },
  });
  if (!membership) return { accountId: input.accountId, groupIds: [] };
  if (!membership.groupLimited) return wholeFleet(input.accountId);
  return scopeOfGroups(input.accountId, membership.scopeGroups.map((row) => row.groupId), reader);
}

export function isLimited(scope: AssetScope): boolean {
  return scope.groupIds !== null;
}

/** the assets the scope sees, as a where clause on assets (account included) */
export function scopedAssetWhere(scope: AssetScope): Prisma.AssetWhereInput {
  if (scope.groupIds === null) return { accountId: scope.accountId };
  return { accountId: scope.accountId, groups: { some: { groupId: { in: [...scope.groupIds] } } } };
}

/** the ids of the assets the scope sees, narrowed by `filters`; null for the whole fleet unfiltered (no list needed) */
export async function visibleAssetIds(scope: AssetScope, filters: Prisma.AssetWhereInput[] = []): Promise<Set<number> | null> {
  if (scope.groupIds === null && filters.length === 0) return null;
  const rows = await db().asset.findMany({ where: { AND: [scopedAssetWhere(scope), ...filters] }, select: { id: true } });
  return new Set(rows.map((row) => row.id));
}

/** the ids among `assetIds` the scope sees, in their order */
export async function filterVisibleAssetIds(scope: AssetScope, assetIds: readonly number[]): Promise<number[]> {
  if (assetIds.length === 0) return [];
  const rows = await db().asset.findMany({ where: { AND: [scopedAssetWhere(scope), { id: { in: [...assetIds] } }] }, select: { id: true } });
  const seen = new Set(rows.map((row) => row.id));
  return assetIds.filter((id) => seen.has(id));
}

/** ASSET_NOT_FOUND unless every id is an asset the scope sees (a foreign, missing or out-of-scope id alike) */
export async function assertAssetsVisible(scope: AssetScope, assetIds: readonly number[]): Promise<void> {
  const distinct = [...new Set(assetIds)];
  const seen = await filterVisibleAssetIds(scope, distinct);
  if (seen.length === distinct.length) return;
  const missing = distinct.filter((id) => !seen.includes(id));
  throw new AppError("ASSET_NOT_FOUND", `asset ${missing[0]} not found`);
}

/** ids a request names that belong to an asset: the asset's own, or a fired alert's (whose asset it fired for) */
export interface AssetBoundIds {
  assetIds?: readonly number[];
  alertIds?: readonly number[];
  /** a group outside the scope is GROUP_NOT_FOUND: a limited member sees their groups and subgroups only */
  groupIds?: readonly number[];
  /** a tracker not on one of the scope's assets (or on none) is TRACKER_NOT_FOUND */
  trackerIds?: readonly number[];
}

/**
 * For a limited scope: ASSET_NOT_FOUND / ALERT_NOT_FOUND when a named asset or alert lies outside it (or does not
 * exist). The transports call this with the ids a request names, so per-asset procedures and routes need no check
 * of their own; a whole-fleet scope leaves existence to the use case.
 */
export async function assertBoundIdsVisible(scope: AssetScope, named: AssetBoundIds): Promise<void> {
  if (scope.groupIds === null) return;
  const groups = scope.groupIds;
  const outside = (named.groupIds ?? []).find((id) => !groups.includes(id));
  if (outside !== undefined) throw new AppError("GROUP_NOT_FOUND", `group ${outside} not found`);
  if (named.assetIds?.length) await assertAssetsVisible(scope, named.assetIds);
  const alertIds = [...new Set(named.alertIds ?? [])];
  if (alertIds.length > 0 && (await db().alert.count({ where: { id: { in: alertIds }, asset: scopedAssetWhere(scope) } })) !== alertIds.length) {
    throw new AppError("ALERT_NOT_FOUND", "alert not found");
  }
  const trackerIds = [...new Set(named.trackerIds ?? [])];
  if (trackerIds.length > 0 && (await db().tracker.count({ where: { id: { in: trackerIds }, asset: { is: scopedAssetWhere(scope) } } })) !== trackerIds.length) {
    throw new AppError("TRACKER_NOT_FOUND", "tracker not found");
  }
}

/** a where clause on groups: those a limited member sees (theirs and their subgroups), all for the whole fleet */
export function scopedGroupWhere(scope: AssetScope): Prisma.AssetGroupWhereInput {
  return scope.groupIds === null ? { accountId: scope.accountId } : { accountId: scope.accountId, id: { in: [...scope.groupIds] } };
}

/** a where clause on rows that belong to an asset (alerts, trips, …): only those of assets the scope sees */
export function scopedAssetRelation(scope: AssetScope): { asset?: Prisma.AssetWhereInput } {
  return scope.groupIds === null ? {} : { asset: scopedAssetWhere(scope) };
}

/** ASSET_NOT_FOUND unless the scope sees the asset; a whole-fleet scope leaves the check to the use case */
export async function assertAssetVisible(scope: AssetScope, assetId: number): Promise<void> {
  if (scope.groupIds === null) return;
  await assertAssetsVisible(scope, [assetId]);
}

/** a membership's stored limit: the groups chosen (subgroups not yet expanded) */
export interface GroupLimit {
  accountId: number;
  groupIds: readonly number[];
}

/**
 * For batch work over many members and assets at once (alert notifications): a test of whether a limited member
 * sees an asset, from three reads whatever their number (the accounts' trees, the assets' groups).
 */
export async function groupLimitMatcher(
  reader: Pick<Prisma.TransactionClient, "assetGroup" | "assetGroupMember">,
  limits: readonly GroupLimit[],
  assetIds: readonly number[],
): Promise<(limit: GroupLimit, assetId: number) => boolean> {
  if (limits.length === 0) return () => true;
  const accountIds = [...new Set(limits.map((limit) => limit.accountId))];
  const nodes = await reader.assetGroup.findMany({ where: { accountId: { in: accountIds } }, select: { id: true, parentId: true, accountId: true } });
  const memberRows = await reader.assetGroupMember.findMany({ where: { assetId: { in: [...new Set(assetIds)] } }, select: { assetId: true, groupId: true } });
  const groupsOf = new Map<number, number[]>();
  for (const row of memberRows) groupsOf.set(row.assetId, [...(groupsOf.get(row.assetId) ?? []), row.groupId]);
  const expanded = new Map<GroupLimit, Set<number>>();
  const seen = (limit: GroupLimit) => {
    let set = expanded.get(limit);
    if (!set) {
      const tree = nodes.filter((node) => node.accountId === limit.accountId);
      set = new Set(limit.groupIds.flatMap((id) => subtreeIds(tree, id)));
      expanded.set(limit, set);
    }
    return set;
  };
  return (limit, assetId) => (groupsOf.get(assetId) ?? []).some((groupId) => seen(limit).has(groupId));
}
