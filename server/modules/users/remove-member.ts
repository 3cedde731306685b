// Removes a user from one account (the user and their other memberships stay). Their API keys in this account
// act as them, so they are revoked with the membership.
import { db } from "../../db/client";
import { parseInput } from "../accounts/parse-input";
import { assertAnotherAdmin, lockMembership } from "./admin-guard";
import { ZMemberChange } from "./users.schema";

export async function removeMember(input: { accountId: number; userId: number }): Promise<{ id: number }> {
  const { accountId, userId } = parseInput(ZMemberChange, input);
  return db().$transaction(async (tx) => {
    const current = await lockMembership(tx, accountId, userId);
    if (current === "admin") await assertAnotherAdmin(tx, accountId, userId);
    await tx.membership.delete({ where: { userId_accountId: { userId, accountId } } });
    await tx.apiKey.updateMany({ where: { accountId, userId, revokedAt: null }, data: { revokedAt: new Date() } });
    return { id: userId };
  });
}
