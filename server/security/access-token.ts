// REST access tokens: HS256 JWTs (jose) signed with a key derived from AUTH_SECRET by HKDF with its own purpose
// label, so the dashboard session key and this one never coincide. A token names its audience (aud), client (sub),
// account (acc) and scopes, and the version of the client's secret it was issued under (sv); it is honoured only while the client
// exists, is not revoked and still has that secret version (checked on every use: a rotation ends older tokens).
// This file is the crypto only and returns the scope strings as signed; which of them still count is the use case's
// business (server/modules/oauth/authenticate-access-token.ts), so core security depends on no domain module.
import { hkdfSync } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { authSecret } from "./auth-secret";
import { randomToken } from "./random";

export const ACCESS_TOKEN_ISSUER = "fleetline";
/**
 * Who the token is for: the REST API and the live stream (both take the same token). Signed into every token since
 * this claim was added and checked on every use; a token of ours naming any other audience is refused. Tokens from
 * before carry no aud and are honoured until they expire (at most a year): only this key could have signed them,
 * and it signs nothing but these tokens, so they cannot be meant for anyone else.
 */
export const ACCESS_TOKEN_AUDIENCE = "fleetline-api";
/** one year, as the spec's token response says */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 31_536_000;
const PURPOSE = "fleetline/oauth-access-token/v1";
const ALGORITHM = "HS256";

export interface AccessTokenClaims {
  clientId: string;
  accountId: number;
  /** the scope strings as signed, unchecked (the use case keeps only known scopes the client still holds) */
  scopes: string[];
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
  scopes: readonly string[];
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
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setSubject(claims.clientId)
    .setJti(claims.jti)
    .setIssuedAt(claims.issuedAt)
    .setExpirationTime(claims.expiresAt)
    .sign(signingKey());
  return { token, expiresIn: ACCESS_TOKEN_LIFETIME_SECONDS, claims };
}

/** Checks signature, algorithm, issuer, audience and expiry; null for anything that is not a valid token of ours. */
export async function verifyAccessToken(token: string): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), {
      issuer: ACCESS_TOKEN_ISSUER,
      algorithms: [ALGORITHM],
      requiredClaims: ["sub", "jti", "iat", "exp"],
    });
    const { sub, jti, iat, exp, acc, scope, sv = 0, aud } = payload;
    if (aud !== undefined && !forUs(aud)) return null; // no aud: a token from before the claim (see ACCESS_TOKEN_AUDIENCE)
    if (typeof sub !== "string" || typeof jti !== "string" || typeof iat !== "number" || typeof exp !== "number") {
      return null;
    }
    if (typeof acc !== "number" || !Number.isInteger(acc) || typeof scope !== "string") return null;
    if (typeof sv !== "number" || !Number.isInteger(sv)) return null;
    return {
      clientId: sub,
      accountId: acc,
      scopes: [...new Set(scope.split(" ").filter((part) => part.length > 0))],
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

/** aud as a string or a list: the token is for us when it names our audience */
function forUs(aud: unknown): boolean {
  if (typeof aud === "string") return aud === ACCESS_TOKEN_AUDIENCE;
  return Array.isArray(aud) && aud.includes(ACCESS_TOKEN_AUDIENCE);
}
