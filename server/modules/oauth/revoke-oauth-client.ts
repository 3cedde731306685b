// Revokes an OAuth client: its tokens stop working at once, in this process (cache entry dropped) and in every other
// one (the hub's credentials.revoked event drops theirs). Revoking twice is harmless.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { forgetOAuthClient, publishRevocation } from "./find-active-oauth-client";
import { ZAccountItem } from "./oauth.schema";

export async function revokeOAuthClient(input: { accountId: number; id: number }): Promise<{ id: number; revokedAt: Date }> {
  const { accountId, id } = parseInput(ZAccountItem, input);
  const client = await db().oAuthClient.findFirst({
    where: { id, accountId },
    select: { id: true, clientId: true, revokedAt: true },
  });
  if (!client) throw new AppError("NOT_FOUND", "OAuth client not found.");
  const revokedAt =
    client.revokedAt ??
    (await db().oAuthClient.update({ where: { id }, data: { revokedAt: new Date() }, select: { revokedAt: true } }))
      .revokedAt!;
  forgetOAuthClient(client.clientId);
  await publishRevocation({ accountId, kind: "oauth_client", id });
  return { id, revokedAt };
}
