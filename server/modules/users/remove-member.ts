// Removes a user from one account (the user and their other memberships stay). Their API keys and the OAuth clients
// acting as them in this account would keep working as a non-member, so they are revoked with the membership; the
// hub event drops the clients' cached lookups and open live-stream connections on every node.
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { forgetVerifiedApiKeys } from "../api-keys/authenticate-api-key";
import { forgetOAuthClient, publishRevocation } from "../oauth/find-active-oauth-client";
import { assertAnotherAdmin, lockMembership } from "./admin-guard";
import { ZMemberChange } from "./users.schema";

export async function removeMember(input: { accountId: number; userId: number }): Promise<{ id: number }> {
  const { accountId, userId } = parseInput(ZMemberChange, input);
  const revoked = await db().$transaction(async (tx) => {
    const current = await lockMembership(tx, accountId, userId);
    if (current === "admin") await assertAnotherAdmin(tx, accountId, userId);
    await tx.membership.delete({ where: { userId_accountId: { userId, accountId } } });
    const now = new Date();
    const keys = await tx.apiKey.findMany({ where: { accountId, userId, revokedAt: null }, select: { id: true } });
    await tx.apiKey.updateMany({ where: { accountId, userId, revokedAt: null }, data: { revokedAt: now } });
    const clients = await tx.oAuthClient.findMany({ where: { accountId, userId, revokedAt: null }, select: { id: true, clientId: true } });
    await tx.oAuthClient.updateMany({ where: { accountId, userId, revokedAt: null }, data: { revokedAt: now } });
    return { keys: keys.map((key) => key.id), clients };
  });
  for (const id of revoked.keys) forgetVerifiedApiKeys(id);
  for (const client of revoked.clients) {
    forgetOAuthClient(client.clientId);
    await publishRevocation({ accountId, kind: "oauth_client", id: client.id });
  }
  for (const id of revoked.keys) await publishRevocation({ accountId, kind: "api_key", id });
  return { id: userId };
}
