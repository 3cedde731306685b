// Dashboard sign-in: the Credentials provider accepts the right password only (service users never), the session
// carries the user id, redirects stay on this origin, and callback paths from the query string are checked.
import type { CredentialsConfig } from "next-auth/providers/credentials";
import { beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../modules/accounts/create-account";
import { createUser } from "../modules/users/create-user";
import { env } from "../env";
import { resetRateLimits } from "../security/rate-limit";
import { secretVerifications } from "../security/hashing";
import { databaseKinds, useTestDatabase } from "../testing/test-database";
import { SIGN_IN_EMAIL_RATE_LIMIT, SIGN_IN_IP_RATE_LIMIT } from "./sign-in-limits";
import { SIGN_IN_RATE_LIMITED } from "./sign-in-rate-limited";
import { authOptions, safeCallbackPath } from "./auth-options";

function authorize(credentials: Record<string, string> | undefined, headers: Record<string, string> = {}) {
  const provider = authOptions().providers[0] as unknown as CredentialsConfig;
  return provider.options.authorize(credentials as never, { headers } as never);
}

describe.each(databaseKinds())("dashboard sign-in on %s", (kind) => {
  useTestDatabase(kind);
  let userId: number;
  beforeAll(async () => {
    resetRateLimits();
    const account = await createAccount({ name: "Sign-in fleet" });
    ({ id: userId } = await createUser({ accountId: account.id, email: "pilot@example.test", name: "Pilot", password: "right-password" }));
    await createUser({ accountId: account.id, email: "robot@example.test", name: "Robot", role: "viewer" });
  });

  it("accepts the right password and carries the user id in the session", async () => {
    const user = await authorize({ email: " Pilot@Example.test ", password: "right-password" });
    expect(user).toEqual({ id: String(userId), email: "pilot@example.test", name: "Pilot" });
    const session = await authOptions().callbacks!.session!({
      session: { user: { name: "Pilot", email: "pilot@example.test" }, expires: "" },
      token: { sub: String(userId) },
    } as never);
    expect(session.user).toMatchObject({ id: String(userId) });
  });

  it("refuses a wrong password, an unknown e-mail, missing fields and users without a password", async () => {
    expect(await authorize({ email: "pilot@example.test", password: "wrong-password" })).toBeNull();
    expect(await authorize({ email: "nobody@example.test", password: "right-password" })).toBeNull();
    expect(await authorize({ email: "pilot@example.test", password: "" })).toBeNull();
    expect(await authorize(undefined)).toBeNull();
    expect(await authorize({ email: "robot@example.test", password: "" })).toBeNull();
  });

  it("counts attempts per client address and per e-mail, refusing over budget without checking the password", async () => {
    resetRateLimits();
    const from = (ip: string) => ({ "x-forwarded-for": `10.9.9.9, ${ip}` });
    // one address guessing many accounts: 10 attempts a minute, then refused even with the right password
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < SIGN_IN_IP_RATE_LIMIT.points; i++) {
      expect(await authorize({ email: `guess-${i}@example.test`, password: "x" }, from(ip))).toBeNull();
    }
    const before = secretVerifications();
    await expect(authorize({ email: "pilot@example.test", password: "right-password" }, from(ip))).rejects.toThrow(
      SIGN_IN_RATE_LIMITED,
    );
    expect(secretVerifications()).toBe(before);

    // many addresses guessing one account: 5 attempts a minute for that e-mail address
    resetRateLimits();
    for (let i = 0; i < SIGN_IN_EMAIL_RATE_LIMIT.points; i++) {
      expect(await authorize({ email: "pilot@example.test", password: `wrong-${i}` }, from(`192.0.2.${i}`))).toBeNull();
    }
    await expect(authorize({ email: "PILOT@example.test", password: "right-password" }, from("192.0.2.200"))).rejects.toThrow(
      SIGN_IN_RATE_LIMITED,
    );
    // only failures use up the budgets: a successful sign-in gives its attempt back
    resetRateLimits();
    for (let i = 0; i < SIGN_IN_EMAIL_RATE_LIMIT.points * 2; i++) {
      expect(await authorize({ email: "pilot@example.test", password: "right-password" }, from("192.0.2.201"))).toMatchObject({ id: String(userId) });
    }
  });
});

describe("redirects and callback paths", () => {
  const origin = new URL(env().PUBLIC_URL).origin;
  const redirect = (url: string) => authOptions().callbacks!.redirect!({ url, baseUrl: "http://localhost:3000" });

  it("keeps redirects on this server's origin", async () => {
    expect(await redirect("/a/demo/assets")).toBe(`${origin}/a/demo/assets`);
    expect(await redirect(`${origin}/a/demo/users?x=1`)).toBe(`${origin}/a/demo/users?x=1`);
    expect(await redirect("https://evil.example/phish")).toBe(origin);
    expect(await redirect("//evil.example/phish")).toBe(origin);
    expect(await redirect("/\t/evil.example/phish")).toBe(origin);
  });

  it("accepts only same-origin paths as callbackUrl, however the browser would read them", () => {
    expect(safeCallbackPath("/a/demo/assets?tab=1#map")).toBe("/a/demo/assets?tab=1#map");
    expect(safeCallbackPath("/a/demo/../demo/users")).toBe("/a/demo/users");
    const bad = [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      // tab, newline and carriage return vanish in the URL parser: these are //evil.example to a browser
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r/evil.example",
      decodeURIComponent("%2F%09%2Fevil.example"),
      "javascript:alert(1)",
      "",
      null,
      undefined,
    ];
    for (const value of bad) expect(safeCallbackPath(value)).toBeNull();
    // an encoded tab is only text in a path on this origin
    expect(safeCallbackPath("/%09/evil.example/ok")).toBe("/%09/evil.example/ok");
  });
});
