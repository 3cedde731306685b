// Dashboard sign-in: the Credentials provider accepts the right password only (service users never), the session
// carries the user id, redirects stay on this origin, and callback paths from the query string are checked.
import type { CredentialsConfig } from "next-auth/providers/credentials";
import { beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../modules/accounts/create-account";
import { createUser } from "../modules/users/create-user";
import { env } from "../env";
import { databaseKinds, useTestDatabase } from "../testing/test-database";
import { authOptions, isSafeCallbackPath } from "./auth-options";

function authorize(credentials: Record<string, string> | undefined) {
  const provider = authOptions().providers[0] as unknown as CredentialsConfig;
  return provider.options.authorize(credentials as never, {} as never);
}

describe.each(databaseKinds())("dashboard sign-in on %s", (kind) => {
  useTestDatabase(kind);
  let userId: number;
  beforeAll(async () => {
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
});

describe("redirects and callback paths", () => {
  const origin = new URL(env().PUBLIC_URL).origin;
  const redirect = (url: string) => authOptions().callbacks!.redirect!({ url, baseUrl: "http://localhost:3000" });

  it("keeps redirects on this server's origin", async () => {
    expect(await redirect("/a/demo/assets")).toBe(`${origin}/a/demo/assets`);
    expect(await redirect(`${origin}/a/demo/users?x=1`)).toBe(`${origin}/a/demo/users?x=1`);
    expect(await redirect("https://evil.example/phish")).toBe(origin);
    expect(await redirect("//evil.example/phish")).toBe(origin);
  });

  it("accepts only same-origin paths as callbackUrl", () => {
    expect(isSafeCallbackPath("/a/demo/assets?tab=1")).toBe(true);
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null, undefined]) {
      expect(isSafeCallbackPath(bad)).toBe(false);
    }
  });
});
