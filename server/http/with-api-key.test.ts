// The API key wrapper with real Requests on every database kind: the spec's import-service rules (404 foreign
// account, 403 role, 401 unknown or revoked).
import { describe, expect, it } from "vitest";
import { revokeApiKey } from "../modules/api-keys/revoke-api-key";
import { secretVerifications } from "../security/hashing";
import { randomId } from "../security/random";
import { databaseKinds, useTestDatabase } from "../testing/test-database";
import { getRequest, makeAccount, makeApiKey, makeToken, routeContext } from "../testing/http-fixtures";
import { API_KEY_IP_RATE_LIMIT, withApiKey } from "./with-api-key";

const handler = withApiKey<{ accountKey: string }>({}, async ({ account, userId, role, apiKey }) => ({
  account: account.key,
  userId,
  role,
  apiKeyId: apiKey.id,
}));

describe.each(databaseKinds())("withApiKey on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("acts as the key's user for admins, fleet managers and office staff", async () => {
    const account = await makeAccount();
    for (const role of ["admin", "fleet_manager", "office_staff"] as const) {
      const key = await makeApiKey(account.id, role);
      const response = await handler(getRequest(`/api/v1/${account.key}/imports/x`, key.apiKey), routeContext({ accountKey: account.key }));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ account: account.key, userId: key.userId, role, apiKeyId: key.id });
    }
  });

  it("answers 403 when the key's user is a viewer or no longer a member", async () => {
    const account = await makeAccount();
    const viewer = await makeApiKey(account.id, "viewer");
    const ctx = routeContext({ accountKey: account.key });
    const response = await handler(getRequest("/x", viewer.apiKey), ctx);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "FORBIDDEN" });
    const staff = await makeApiKey(account.id, "office_staff");
    await t.db.membership.delete({ where: { userId_accountId: { userId: staff.userId, accountId: account.id } } });
    expect((await handler(getRequest("/x", staff.apiKey), ctx)).status).toBe(403);
  });

  it("answers 404 when the path's account is not the key's, before looking at the role", async () => {
    const a = await makeAccount("Alpha");
    const b = await makeAccount("Beta");
    for (const role of ["admin", "viewer"] as const) {
      const key = await makeApiKey(a.id, role);
      const response = await handler(getRequest("/x", key.apiKey), routeContext({ accountKey: b.key }));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Account not found.", code: "ACCOUNT_NOT_FOUND" });
    }
  });

  it("answers 401 Unauthenticated. for missing, unknown, revoked keys and OAuth tokens", async () => {
    const account = await makeAccount();
    const key = await makeApiKey(account.id, "admin");
    const { token } = await makeToken(account.id);
    const ctx = routeContext({ accountKey: account.key });
    await revokeApiKey({ accountId: account.id, id: key.id });
    for (const presented of [undefined, "flk_nope", `flk_${"a".repeat(16)}_${"b".repeat(43)}`, key.apiKey, token]) {
      const response = await handler(getRequest("/x", presented), ctx);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Unauthenticated." });
    }
  });

  it("never runs argon2 for a malformed key, verifies a good key once a minute, and refuses it at once when revoked", async () => {
    const account = await makeAccount();
    const key = await makeApiKey(account.id, "admin");
    const ctx = routeContext({ accountKey: account.key });

    let before = secretVerifications();
    for (const malformed of ["flk_nope", "not-a-key", `flk_${"a".repeat(16)}`]) {
      expect((await handler(getRequest("/x", malformed), ctx)).status).toBe(401);
    }
    expect(secretVerifications()).toBe(before);

    before = secretVerifications();
    for (let i = 0; i < 5; i++) expect((await handler(getRequest("/x", key.apiKey), ctx)).status).toBe(200);
    expect(secretVerifications()).toBe(before + 1);

    // a wrong secret under the same key id is verified (and refused) every time: only what verified is remembered
    const wrong = key.apiKey.slice(0, -4) + (key.apiKey.endsWith("AAAA") ? "BBBB" : "AAAA");
    before = secretVerifications();
    expect((await handler(getRequest("/x", wrong), ctx)).status).toBe(401);
    expect((await handler(getRequest("/x", wrong), ctx)).status).toBe(401);
    expect(secretVerifications()).toBe(before + 2);

    await revokeApiKey({ accountId: account.id, id: key.id });
    expect((await handler(getRequest("/x", key.apiKey), ctx)).status).toBe(401);
  });

  it("rate-limits every call per client address before looking at the key (429 with Retry-After)", async () => {
    const account = await makeAccount();
    const key = await makeApiKey(account.id, "admin");
    const ctx = routeContext({ accountKey: account.key });
    const ip = { "x-forwarded-for": `203.0.113.${randomId(4)}` };
    for (let i = 0; i < API_KEY_IP_RATE_LIMIT.points; i++) {
      expect((await handler(getRequest("/x", "flk_nope", ip), ctx)).status).toBe(401);
    }
    const before = secretVerifications();
    const limited = await handler(getRequest("/x", key.apiKey, ip), ctx);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(secretVerifications()).toBe(before);
    // another address is not affected
    expect((await handler(getRequest("/x", key.apiKey, { "x-forwarded-for": "203.0.113.250" }), ctx)).status).toBe(200);
  });
});
