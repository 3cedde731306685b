// API access through the dashboard API: an OAuth client's secret and an API key are returned once by the create
// call, stored only as hashes, never listed; revocation; admins only; keys act for members of the account only.
import { beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../modules/accounts/create-account";
import { API_KEY_PATTERN } from "../../modules/api-keys/api-keys.schema";
import { createUser } from "../../modules/users/create-user";
import { verifySecret } from "../../security/hashing";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { callerFor, createFixtureAccount, type FixtureAccount } from "../../testing/trpc-fixtures";

describe.each(databaseKinds())("api access router on %s", (kind) => {
  const t = useTestDatabase(kind);
  let a: FixtureAccount;
  beforeAll(async () => {
    a = await createFixtureAccount("Api A");
  });

  it("creates an OAuth client acting as the signed-in admin; the secret is shown once and stored hashed", async () => {
    const admin = callerFor(a.users.admin);
    const created = await admin.apiAccess.createClient({ accountKey: a.key, name: "ERP", scopes: ["assets:read", "stream:read"] });
    expect(created).toEqual({ id: expect.any(Number), clientId: expect.any(String), clientSecret: expect.any(String) });
    const row = await t.db.oAuthClient.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.secretHash).not.toContain(created.clientSecret);
    expect(await verifySecret(row.secretHash, created.clientSecret)).toBe(true);

    const list = await admin.apiAccess.listClients({ accountKey: a.key });
    expect(list).toEqual([
      expect.objectContaining({
        id: created.id,
        name: "ERP",
        clientId: created.clientId,
        scopes: ["assets:read", "stream:read"],
        user: expect.objectContaining({ id: a.users.admin }),
        lastUsedAt: null,
      }),
    ]);
    expect(JSON.stringify(list)).not.toContain(created.clientSecret);
  });

  it("refuses an empty or unknown scope with a field error", async () => {
    const admin = callerFor(a.users.admin);
    for (const scopes of [[], ["everything"]]) {
      await expect(admin.apiAccess.createClient({ accountKey: a.key, scopes })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        cause: { code: "VALIDATION_FAILED", errors: [expect.objectContaining({ field: expect.stringMatching(/^scopes/) })] },
      });
    }
  });

  it("revokes an OAuth client: it leaves the list", async () => {
    const admin = callerFor(a.users.admin);
    const { id } = await admin.apiAccess.createClient({ accountKey: a.key, name: "Old", scopes: ["assets:read"] });
    expect(await admin.apiAccess.revokeClient({ accountKey: a.key, id })).toEqual({ ok: true });
    expect((await admin.apiAccess.listClients({ accountKey: a.key })).map((client) => client.id)).not.toContain(id);
    expect((await t.db.oAuthClient.findUniqueOrThrow({ where: { id } })).revokedAt).toBeInstanceOf(Date);
  });

  it("creates an API key for a member; the key is shown once; revokes it", async () => {
    const admin = callerFor(a.users.admin);
    const members = await admin.apiAccess.members({ accountKey: a.key });
    expect(members.map((member) => member.id)).toContain(a.users.office_staff);

    const { id, apiKey } = await admin.apiAccess.createKey({ accountKey: a.key, userId: a.users.office_staff, name: "Imports" });
    expect(apiKey).toMatch(/^flk_[a-z0-9]{16}_[A-Za-z0-9_-]{43}$/);
    const list = await admin.apiAccess.listKeys({ accountKey: a.key });
    expect(list).toEqual([expect.objectContaining({ id, name: "Imports", user: expect.objectContaining({ id: a.users.office_staff }) })]);
    // the secret is the last 43 characters (it may hold "_" itself, so it is not the third "_"-separated part)
    const secret = API_KEY_PATTERN.exec(apiKey)![2]!;
    expect(JSON.stringify(list)).not.toContain(secret);

    expect(await admin.apiAccess.revokeKey({ accountKey: a.key, id })).toEqual({ ok: true });
    expect(await admin.apiAccess.listKeys({ accountKey: a.key })).toEqual([]);
  });

  it("will not make a key act as someone outside the account, nor revoke another account's credentials", async () => {
    const other = await createAccount({ name: "Api B" });
    const { id: stranger } = await createUser({ accountId: other.id, email: "api-stranger@example.test", name: "S", password: "password123" });
    const admin = callerFor(a.users.admin);
    await expect(admin.apiAccess.createKey({ accountKey: a.key, userId: stranger })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const theirs = await callerFor(stranger).apiAccess.createClient({ accountKey: other.key, scopes: ["assets:read"] });
    await expect(admin.apiAccess.revokeClient({ accountKey: a.key, id: theirs.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await t.db.oAuthClient.findUniqueOrThrow({ where: { id: theirs.id } })).revokedAt).toBeNull();
  });

  it("is for admins only", async () => {
    for (const role of ["fleet_manager", "office_staff", "viewer"] as const) {
      const caller = callerFor(a.users[role]);
      await expect(caller.apiAccess.createClient({ accountKey: a.key, scopes: ["assets:read"] })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.apiAccess.createKey({ accountKey: a.key, userId: a.users[role] })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.apiAccess.updateClient({ accountKey: a.key, id: 1, name: "x" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.apiAccess.rotateClient({ accountKey: a.key, id: 1 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
  });

  it("edits a client's name and scopes, and rotates its secret (shown once, stored hashed)", async () => {
    const admin = callerFor(a.users.admin);
    const created = await admin.apiAccess.createClient({ accountKey: a.key, name: "BI", scopes: ["assets:read"] });
    expect(await admin.apiAccess.updateClient({ accountKey: a.key, id: created.id, name: "BI tool", scopes: ["assets:read", "positions:read"] })).toEqual({
      id: created.id,
      name: "BI tool",
      scopes: ["assets:read", "positions:read"],
    });
    await expect(admin.apiAccess.updateClient({ accountKey: a.key, id: created.id, scopes: ["everything"] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      cause: { code: "VALIDATION_FAILED", errors: [expect.objectContaining({ field: expect.stringMatching(/^scopes/) })] },
    });

    const rotated = await admin.apiAccess.rotateClient({ accountKey: a.key, id: created.id });
    expect(rotated).toEqual({ id: created.id, clientId: created.clientId, clientSecret: expect.any(String) });
    const row = await t.db.oAuthClient.findUniqueOrThrow({ where: { id: created.id } });
    expect(await verifySecret(row.secretHash, rotated.clientSecret)).toBe(true);
    expect(await verifySecret(row.secretHash, created.clientSecret)).toBe(false);
    expect(JSON.stringify(await admin.apiAccess.listClients({ accountKey: a.key }))).not.toContain(rotated.clientSecret);

    const other = await createFixtureAccount("Api other");
    await expect(callerFor(other.users.admin).apiAccess.rotateClient({ accountKey: other.key, id: created.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
