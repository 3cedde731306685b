// REST access tokens: how many the server can sign and verify per second on one core (every REST call verifies one).
// Uses server/security/access-token.ts; without it, jose HS256 directly (the same algorithm).
import { existsSync } from "node:fs";
import path from "node:path";
import { jwtVerify, SignJWT } from "jose";
import { perSecond, round, type Bench } from "./types";

type SignVerify = { sign: () => Promise<string>; verify: (token: string) => Promise<unknown> };

async function project(): Promise<SignVerify | null> {
  if (!existsSync(path.resolve(import.meta.dirname, "../../server/security/access-token.ts"))) return null;
  const tokens = await import("../../server/security/access-token");
  if (typeof tokens.signAccessToken !== "function" || typeof tokens.verifyAccessToken !== "function") return null;
  const sign = async () =>
    (await tokens.signAccessToken({ clientId: "bench-client", accountId: 1, scopes: ["assets:read"] })).token;
  return { sign, verify: (token) => tokens.verifyAccessToken(token) };
}

function joseDirect(): SignVerify {
  const key = new TextEncoder().encode("bench-secret-bench-secret-bench-secret");
  return {
    sign: () => new SignJWT({ acc: 1, scope: "assets:read" }).setProtectedHeader({ alg: "HS256" }).setSubject("bench").setIssuedAt().setExpirationTime("1y").sign(key),
    verify: (token) => jwtVerify(token, key, { algorithms: ["HS256"] }),
  };
}

export default {
  name: "access-token",
  async run() {
    const tokens = (await project()) ?? joseDirect();
    const token = await tokens.sign();
    if (!(await tokens.verify(token))) throw new Error("a freshly signed token did not verify");
    return [
      { name: "access_token_sign_per_s", value: round(await perSecond(tokens.sign), 0), unit: "ops/s" },
      { name: "access_token_verify_per_s", value: round(await perSecond(() => tokens.verify(token)), 0), unit: "ops/s" },
    ];
  },
} satisfies Bench;
