// Authenticating a REST or live-stream bearer token: the token's signature and claims (server/security/
// access-token.ts), then the client it names, which must still exist, belong to the token's account and hold the
// secret version the token was issued under; the scopes are those the token names and the client still holds.
// The twin of api-keys/authenticate-api-key.ts.
import { verifyAccessToken, type AccessTokenClaims } from "../../security/access-token";
import { findActiveOAuthClient, touchOAuthClient, type ActiveOAuthClient } from "./find-active-oauth-client";
import { isScope, type Scope } from "./scopes";

export interface AuthenticatedClient {
  client: ActiveOAuthClient;
  account: ActiveOAuthClient["account"];
  userId: number;
  /** the token's scopes that the client still holds */
  scopes: Scope[];
  claims: AccessTokenClaims;
}

/** A bearer token to the client, account and scopes it stands for; null when it must be refused (401). */
export async function authenticateAccessToken(token: string): Promise<AuthenticatedClient | null> {
  const claims = await verifyAccessToken(token);
  if (!claims) return null;
  const client = await findActiveOAuthClient({ clientId: claims.clientId });
  if (!client || client.account.id !== claims.accountId) return null;
  if (client.secretVersion !== claims.secretVersion) return null; // issued under a secret that was rotated since
  touchOAuthClient(client);
  return {
    client,
    account: client.account,
    userId: client.userId,
    scopes: claims.scopes.filter((scope): scope is Scope => isScope(scope) && client.scopes.includes(scope)),
    claims,
  };
}
