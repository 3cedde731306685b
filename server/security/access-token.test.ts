// Access tokens: claims, lifetime, a key of their own, and every way a token must be refused.
import { hkdfSync } from "node:crypto";
import { SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_LIFETIME_SECONDS,
  signAccessToken,
  verifyAccessToken,
} from "./access-token";
import { authSecret } from "./auth-secret";

const base = { clientId: "client-1", accountId: 7, scopes: ["assets:read", "stream:read"] as const };

function decodePayload(token: string) {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8"));
}

describe("signAccessToken and verifyAccessToken", () => {
  it("signs HS256 with iss, aud, sub, acc, scope, jti, iat and exp one year later", async () => {
    const { token, expiresIn, claims } = await signAccessToken(base);
    expect(expiresIn).toBe(31_536_000);
    const header = JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString("utf8"));
    expect(header).toEqual({ alg: "HS256", typ: "JWT" });
    const payload = decodePayload(token);
    expect(payload).toMatchObject({ iss: "fleetline", aud: "fleetline-api", sub: "client-1", acc: 7, scope: "assets:read stream:read" });
    expect(payload.exp - payload.iat).toBe(ACCESS_TOKEN_LIFETIME_SECONDS);
    expect(payload.jti).toEqual(claims.jti);
    expect(await verifyAccessToken(token)).toEqual(claims);
  });

  it("names its audience (aud fleetline-api), refuses another audience, and still honours tokens from before aud", async () => {
    const { token } = await signAccessToken(base);
    expect(decodePayload(token).aud).toBe(ACCESS_TOKEN_AUDIENCE);
    expect(ACCESS_TOKEN_AUDIENCE).toBe("fleetline-api");
    const key = new Uint8Array(hkdfSync("sha256", authSecret(), "fleetline", "fleetline/oauth-access-token/v1", 32));
    const ours = (audience?: string | string[]) => {
      const jwt = new SignJWT({ acc: 7, scope: "assets:read" })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer("fleetline")
        .setSubject("client-1")
        .setJti("x")
        .setIssuedAt()
        .setExpirationTime("1h");
      return (audience === undefined ? jwt : jwt.setAudience(audience)).sign(key);
    };
    expect(await verifyAccessToken(await ours("fleetline-dashboard"))).toBeNull();
    expect(await verifyAccessToken(await ours(["fleetline-dashboard", "someone-else"]))).toBeNull();
    expect(await verifyAccessToken(await ours(""))).toBeNull();
    expect(await verifyAccessToken(await ours(["fleetline-api"]))).toMatchObject({ clientId: "client-1" });
    expect(await verifyAccessToken(await ours())).toMatchObject({ clientId: "client-1" }); // issued before aud existed
  });

  it("gives every token its own jti", async () => {
    const a = await signAccessToken(base);
    const b = await signAccessToken(base);
    expect(a.claims.jti).not.toBe(b.claims.jti);
  });

  it("refuses an expired token", async () => {
    const issuedAt = Math.floor(Date.now() / 1000) - ACCESS_TOKEN_LIFETIME_SECONDS - 10;
    const { token } = await signAccessToken({ ...base, issuedAt });
    expect(await verifyAccessToken(token)).toBeNull();
  });

  it("refuses a token with a wrong signature", async () => {
    const { token } = await signAccessToken(base);
    const [h, p, s] = token.split(".");
    const flipped = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith("AA") ? "BB" : "AA"}`;
    expect(await verifyAccessToken(flipped)).toBeNull();
    const foreign = await new SignJWT({ acc: 7, scope: "assets:read" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("fleetline")
      .setSubject("client-1")
      .setJti("x")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-another-secret-another-secret"));
    expect(await verifyAccessToken(foreign)).toBeNull();
  });

  it("uses a key derived for this purpose, not AUTH_SECRET itself (so session keys differ)", async () => {
    const sign = (key: Uint8Array) =>
      new SignJWT({ acc: 7, scope: "assets:read" })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer("fleetline")
        .setSubject("client-1")
        .setJti("x")
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(key);
    expect(await verifyAccessToken(await sign(new TextEncoder().encode(authSecret())))).toBeNull();
    const derived = new Uint8Array(hkdfSync("sha256", authSecret(), "fleetline", "fleetline/oauth-access-token/v1", 32));
    expect(await verifyAccessToken(await sign(derived))).not.toBeNull();
  });

  it("refuses alg none, a wrong issuer, missing claims and garbage", async () => {
    const unsecured = new UnsecuredJWT({ acc: 7, scope: "" }).setIssuer("fleetline").setSubject("c").setJti("j").setIssuedAt().setExpirationTime("1h").encode();
    expect(await verifyAccessToken(unsecured)).toBeNull();
    const key = new Uint8Array(hkdfSync("sha256", authSecret(), "fleetline", "fleetline/oauth-access-token/v1", 32));
    const wrongIssuer = await new SignJWT({ acc: 7, scope: "" })
      .setProtectedHeader({ alg: "HS256" }).setIssuer("someone").setSubject("c").setJti("j").setIssuedAt().setExpirationTime("1h").sign(key);
    expect(await verifyAccessToken(wrongIssuer)).toBeNull();
    const noAccount = await new SignJWT({ scope: "" })
      .setProtectedHeader({ alg: "HS256" }).setIssuer("fleetline").setSubject("c").setJti("j").setIssuedAt().setExpirationTime("1h").sign(key);
    expect(await verifyAccessToken(noAccount)).toBeNull();
    for (const garbage of ["", "a.b.c", "not-a-jwt", "eyJhbGciOiJIUzI1NiJ9..."]) {
      expect(await verifyAccessToken(garbage)).toBeNull();
    }
  });
});
