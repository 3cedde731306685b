// Removes a user from one account (the user and their other memberships stay). Their API keys and the OAuth clients
// acting as them in this account would keep working as a non-member, so they are revoked with the membership. The
// member.changed fact (member-changes.ts) drops the credential caches' entries for the member at once in this process
// and on every node; credentials.revoked, as revoking them one by one would, closes their open live-stream
// connections.
import { db } from "../../db/client";
import { announce } from "../../announce";
import { parseInput } from "../parse-input";
import { assertAnotherAdmin, lockMembership } from "./admin-guard";
import { publishMemberChange } from "./member-changes";
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
    const clients = await tx.oAuthClient.findMany({ where: { accountId, userId, revokedAt: null }, select: { id: true } });
    await tx.oAuthClient.updateMany({ where: { accountId, userId, revokedAt: null }, data: { revokedAt: now } });
    return { keys: keys.map((key) => key.id), clients: clients.map((client) => client.id) };
  });
  await publishMemberChange({ accountId, userId, change: "removed" });
  for (const id of revoked.clients) await announce("credentials.revoked", { accountId, kind: "oauth_client", id });
  for (const id of revoked.keys) await announce("credentials.revoked", { accountId, kind: "api_key", id });
  return { id: userId };
}
