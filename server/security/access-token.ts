// REST access tokens: HS256 JWTs (jose) signed with a key derived from AUTH_SECRET by HKDF with its own purpose
// label, so the dashboard session key and this one never coincide. A token names its client (sub), account (acc)
// and scopes, and the version of the client's secret it was issued under (sv); it is honoured only while the client
// exists, is not revoked and still has that secret version (checked on every use: a rotation ends older tokens).
import { hkdfSync } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { findActiveOAuthClient, touchOAuthClient, type ActiveOAuthClient } from "../modules/oauth/find-active-oauth-client";
import { isScope, parseScopeParameter, type Scope } from "../modules/oauth/scopes";
import { authSecret } from "./auth-secret";
import { randomToken } from "./random";

export const ACCESS_TOKEN_ISSUER = "fleetline";
/** one year, as the spec's token response says */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 31_536_000;
const PURPOSE = "fleetline/oauth-access-token/v1";
const ALGORITHM = "HS256";

export interface AccessTokenClaims {
  clientId: string;
  accountId: number;
  scopes: Scope[];
  jti: string;
  issuedAt: number;
  expiresAt: number;
  /** the client's secret version when the token was issued (0 for tokens from before versions existed) */
  secretVersion: number;
}

let derived: { secret: string; key: Uint8Array } | undefined;

function signingKey(): Uint8Array {
  const secret = authSecret();
  if (derived?.secret !== secret) {
    derived = { secret, key: new Uint8Array(hkdfSync("sha256", secret, "fleetline", PURPOSE, 32)) };
  }
  return derived.key;
}

export async function signAccessToken(input: {
  clientId: string;
  accountId: number;
  scopes: readonly Scope[];
  secretVersion?: number;
  /** seconds since the epoch; defaults to now (tests pass a past time to mint expired tokens) */
  issuedAt?: number;
}): Promise<{ token: string; expiresIn: number; claims: AccessTokenClaims }> {
  const issuedAt = input.issuedAt ?? Math.floor(Date.now() / 1000);
  const claims: AccessTokenClaims = {
    clientId: input.clientId,
    accountId: input.accountId,
    scopes: [...input.scopes],
    jti: randomToken(16),
    issuedAt,
    expiresAt: issuedAt + ACCESS_TOKEN_LIFETIME_SECONDS,
    secretVersion: input.secretVersion ?? 0,
  };
  const token = await new SignJWT({ acc: claims.accountId, scope: claims.scopes.join(" "), sv: claims.secretVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setSubject(claims.clientId)
    .setJti(claims.jti)
    .setIssuedAt(claims.issuedAt)
    .setExpirationTime(claims.expiresAt)
    .sign(signingKey());
  return { token, expiresIn: ACCESS_TOKEN_LIFETIME_SECONDS, claims };
}

/** Checks signature, algorithm, issuer and expiry; null for anything that is not a valid token of ours. */
export async function verifyAccessToken(token: string): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), {
      issuer: ACCESS_TOKEN_ISSUER,
      algorithms: [ALGORITHM],
      requiredClaims: ["sub", "jti", "iat", "exp"],
    });
    const { sub, jti, iat, exp, acc, scope, sv = 0 } = payload;
    if (typeof sub !== "string" || typeof jti !== "string" || typeof iat !== "number" || typeof exp !== "number") {
      return null;
    }
    if (typeof acc !== "number" || !Number.isInteger(acc) || typeof scope !== "string") return null;
    if (typeof sv !== "number" || !Number.isInteger(sv)) return null;
    return {
      clientId: sub,
      accountId: acc,
      scopes: parseScopeParameter(scope).filter(isScope),
      jti,
      issuedAt: iat,
      expiresAt: exp,
      secretVersion: sv,
    };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}

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
    scopes: claims.scopes.filter((scope) => client.scopes.includes(scope)),
    claims,
  };
}
