// Limits a member to some asset groups, or lifts the limit (docs/fleet-records.md "Groups as scopes"). `groupIds`
// null: the whole fleet; a list (possibly empty: no asset at all): those groups with their subgroups. Admins manage
// users and could lift their own limit, so an admin cannot be limited (422 on group_ids); the groups must be the
// account's (422 naming the others). The member.changed fact drops the cached lookups of their OAuth clients, so the
// new limit applies to their REST calls at once (live-stream connections keep what they subscribed until they
// reconnect).
import { z } from "zod";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { ACCOUNT_QUOTAS } from "../accounts/account-quotas";
import { parseInput } from "../parse-input";
import { lockMembership } from "./admin-guard";
import { publishMemberChange } from "./member-changes";
import { ZMemberChange } from "./users.schema";

const MAX_GROUPS_PER_ACCOUNT = ACCOUNT_QUOTAS.asset_groups;

export const ZMemberGroups = z.object({
  group_ids: z
    .array(z.number({ error: "must be group ids" }).int("must be group ids").positive("must be group ids"), { error: "must be a list of group ids or null" })
    .max(MAX_GROUPS_PER_ACCOUNT, `may name at most ${MAX_GROUPS_PER_ACCOUNT} groups`)
    .nullable()
    .meta({ description: "The groups the member is limited to (with their subgroups); null: the whole fleet; []: no asset." }),
});

export interface MemberGroups {
  /** null: not limited */
  group_ids: number[] | null;
}

export async function setMemberGroups(input: { accountId: number; userId: number; groupIds: number[] | null }): Promise<MemberGroups> {
  const { accountId, userId } = parseInput(ZMemberChange, input);
  const { group_ids: groupIds } = parseInput(ZMemberGroups, { group_ids: input.groupIds });
  const distinct = groupIds === null ? null : [...new Set(groupIds)].sort((a, b) => a - b);
  await db().$transaction(async (tx) => {
    const role = await lockMembership(tx, accountId, userId);
    if (distinct !== null && role === "admin") {
      const message = "an admin sees the whole fleet: change the role first";
      throw new AppError("VALIDATION_FAILED", `group_ids: ${message}`, [{ field: "group_ids", message }]);
    }
    if (distinct?.length) {
      const found = await tx.assetGroup.findMany({ where: { accountId, id: { in: distinct } }, select: { id: true } });
      const unknown = distinct.filter((id) => !found.some((group) => group.id === id));
      if (unknown.length > 0) {
        const message = `not groups of this account: ${unknown.slice(0, 20).join(", ")}`;
        throw new AppError("VALIDATION_FAILED", `group_ids: ${message}`, [{ field: "group_ids", message }]);
      }
    }
    const membership = await tx.membership.update({
      where: { userId_accountId: { userId, accountId } },
      data: { groupLimited: distinct !== null },
      select: { id: true },
    });
    await tx.membershipGroup.deleteMany({ where: { membershipId: membership.id } });
    if (distinct?.length) await tx.membershipGroup.createMany({ data: distinct.map((groupId) => ({ membershipId: membership.id, groupId })) });
  });
  await publishMemberChange({ accountId, userId, change: "groups" });
  return { group_ids: distinct };
}

/** a member's limit as set (null: the whole fleet) */
export async function getMemberGroups(input: { accountId: number; userId: number }): Promise<MemberGroups> {
  const { accountId, userId } = parseInput(ZMemberChange, input);
  const membership = await db().membership.findUnique({
    where: { userId_accountId: { userId, accountId } },
    select: { groupLimited: true, scopeGroups: { select: { groupId: true }, orderBy: { groupId: "asc" } } },
  });
  if (!membership) throw new AppError("USER_NOT_FOUND", "user is not a member of this account");
  return { group_ids: membership.groupLimited ? membership.scopeGroups.map((row) => row.groupId) : null };
}
