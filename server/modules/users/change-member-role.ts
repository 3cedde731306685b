// Changes a member's role in one account (never leaving it without an admin). What the member's credentials may do
// follows the role, so the member.changed fact (member-changes.ts) drops their cached lookups.
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { assertAnotherAdmin, assertNotGroupLimited, lockMembership } from "./admin-guard";
import { publishMemberChange } from "./member-changes";
import type { Role } from "./roles";
import { ZChangeMemberRole } from "./users.schema";

export async function changeMemberRole(input: {
  accountId: number;
  userId: number;
  role: Role;
}): Promise<{ id: number; role: Role }> {
  const { accountId, userId, role } = parseInput(ZChangeMemberRole, input);
  const changed = await db().$transaction(async (tx) => {
    const current = await lockMembership(tx, accountId, userId);
    if (current === "admin" && role !== "admin") await assertAnotherAdmin(tx, accountId, userId);
    if (role === "admin") await assertNotGroupLimited(tx, accountId, userId);
    await tx.membership.update({ where: { userId_accountId: { userId, accountId } }, data: { role } });
    return { id: userId, role };
  });
  // OAuth clients acting as this member get the new role's scopes at once: the credential caches listen for this,
  // here and, through the hub, on every other node
  await publishMemberChange({ accountId, userId, change: "role" });
  return changed;
}
