// Edits an OAuth client's name or scopes. Scopes stay within what the acting member's role allows (a 422 names the
// ones beyond it). A removed scope ends at once for the client's tokens (every process drops its cached lookup, and a
// token's scopes are always cut to the client's current ones), and its live-stream connections are checked again; an
// added scope comes with the client's next token, as a token keeps the scopes it was issued with.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { scopesWithinRole } from "./create-oauth-client";
import { forgetOAuthClient, publishClientChange } from "./find-active-oauth-client";
import { type UpdateOAuthClientInput, ZUpdateOAuthClient } from "./oauth.schema";

export async function updateOAuthClient(input: UpdateOAuthClientInput): Promise<{ id: number; name: string; scopes: string[] }> {
  const { accountId, id, name, scopes: asked } = parseInput(ZUpdateOAuthClient, input);
  const client = await db().oAuthClient.findFirst({
    where: { id, accountId },
    select: { clientId: true, userId: true, name: true, scopes: true, revokedAt: true },
  });
  if (!client) throw new AppError("NOT_FOUND", "OAuth client not found.");
  if (client.revokedAt) throw new AppError("CONFLICT", "This OAuth client is revoked: create a new one.");
  const scopes = asked === undefined ? undefined : await scopesWithinRole(accountId, client.userId, asked, false);
  const updated = await db().oAuthClient.update({
    where: { id },
    data: { ...(name === undefined ? {} : { name }), ...(scopes === undefined ? {} : { scopes }) },
    select: { id: true, name: true, scopes: true },
  });
  const scopesChanged = scopes !== undefined && [...scopes].sort().join(" ") !== [...client.scopes].sort().join(" ");
  if (scopesChanged || updated.name !== client.name) {
    forgetOAuthClient(client.clientId);
    await publishClientChange({ accountId, kind: "oauth_client", id, change: scopesChanged ? "scopes" : "name" });
  }
  return updated;
}
