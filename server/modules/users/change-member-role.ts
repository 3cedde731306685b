import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { forgetOAuthClient } from "../oauth/find-active-oauth-client";
import { assertAnotherAdmin, lockMembership } from "./admin-guard";
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
    await tx.membership.update({ where: { userId_accountId: { userId, accountId } }, data: { role } });
    return { id: userId, role };
  });
  // OAuth clients acting as this member get the new role's scopes: at once here, within the lookup cache's 30 s
  // on other nodes
  const clients = await db().oAuthClient.findMany({ where: { accountId, userId }, select: { clientId: true } });
  for (const client of clients) forgetOAuthClient(client.clientId);
  return changed;
}
