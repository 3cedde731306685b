// The client credentials grant (RFC 6749 4.4): authenticates the client with its secret and issues a token for the
// requested scopes (all of the client's scopes when none are asked for). Unknown client, wrong secret and revoked
// client get the same answer after the same work (an argon2 verify against a dummy hash when there is no row).
import { db } from "../../db/client";
import { hashSecret, verifySecret } from "../../security/hashing";
import { randomToken } from "../../security/random";
import { signAccessToken } from "../../security/access-token";
import { INVALID_CLIENT_MESSAGE, OAuthError } from "./oauth-error";
import { isScope, parseScopeParameter } from "./scopes";

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  scope: string;
}

let dummyHash: Promise<string> | undefined;

export async function issueAccessToken(input: {
  clientId: string;
  clientSecret: string;
  scope?: string | null;
}): Promise<TokenResponse> {
  const row = await db().oAuthClient.findUnique({
    where: { clientId: input.clientId },
    select: { clientId: true, accountId: true, secretHash: true, secretVersion: true, scopes: true, revokedAt: true },
  });
  const valid = await verifySecret(row?.secretHash ?? (await (dummyHash ??= hashSecret(randomToken()))), input.clientSecret);
  if (!row || !valid || row.revokedAt) throw new OAuthError("invalid_client", INVALID_CLIENT_MESSAGE);

  const allowed = row.scopes.filter(isScope);
  const requested = parseScopeParameter(input.scope);
  const unknown = requested.filter((scope) => !isScope(scope));
  if (unknown.length > 0) throw new OAuthError("invalid_scope", `Unknown scope: ${unknown.join(" ")}.`);
  const refused = requested.filter((scope) => !(allowed as string[]).includes(scope));
  if (refused.length > 0) throw new OAuthError("invalid_scope", `Scope not allowed for this client: ${refused.join(" ")}.`);
  const scopes = requested.length > 0 ? allowed.filter((scope) => requested.includes(scope)) : allowed;

  const { token, expiresIn } = await signAccessToken({ clientId: row.clientId, accountId: row.accountId, scopes, secretVersion: row.secretVersion });
  return { access_token: token, token_type: "Bearer", expires_in: expiresIn, scope: scopes.join(" ") };
}
