// Gives an OAuth client a new secret, returned once (like at creation) and stored as an argon2id hash. The old
// secret stops working, and so do the access tokens obtained with it (they carry the secret's version): rotating is
// what to do when a secret may have leaked, without changing the client_id integrations are configured with.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { hashSecret } from "../../security/hashing";
import { randomToken } from "../../security/random";
import { parseInput } from "../parse-input";
import { forgetOAuthClient, publishClientChange } from "./find-active-oauth-client";
import { ZAccountItem } from "./oauth.schema";

export async function rotateOAuthClientSecret(input: { accountId: number; id: number }): Promise<{ id: number; clientId: string; clientSecret: string }> {
  const { accountId, id } = parseInput(ZAccountItem, input);
  const client = await db().oAuthClient.findFirst({ where: { id, accountId }, select: { clientId: true, secretVersion: true, revokedAt: true } });
  if (!client) throw new AppError("NOT_FOUND", "OAuth client not found.");
  if (client.revokedAt) throw new AppError("CONFLICT", "This OAuth client is revoked: create a new one.");
  const clientSecret = randomToken(32);
  // compare-and-set on the version: of two rotations at once, one wins and the other is told, so no one is handed
  // a secret that a concurrent rotation already replaced
  const rotated = await db().oAuthClient.updateMany({
    where: { id, secretVersion: client.secretVersion, revokedAt: null },
    data: { secretHash: await hashSecret(clientSecret), secretVersion: client.secretVersion + 1 },
  });
  if (rotated.count === 0) throw new AppError("CONFLICT", "The secret was rotated or the client revoked meanwhile: look again.");
  forgetOAuthClient(client.clientId);
  await publishClientChange({ accountId, kind: "oauth_client", id, change: "secret" });
  return { id, clientId: client.clientId, clientSecret };
}
