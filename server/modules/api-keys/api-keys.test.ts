// API key use cases on every database kind: shown once and hashed, members only, authentication and revocation.
import { describe, expect, it } from "vitest";
import { makeAccount, makeMember } from "../../testing/http-fixtures";
import { verifySecret } from "../../security/hashing";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { API_KEY_PATTERN, parseApiKey } from "./api-keys.schema";
import { authenticateApiKey } from "./authenticate-api-key";
import { createApiKey } from "./create-api-key";
import { listApiKeys } from "./list-api-keys";
import { revokeApiKey } from "./revoke-api-key";

describe("parseApiKey", () => {
  it("accepts only flk_<16 lowercase alphanumerics>_<43 base64url>", () => {
    const secret = "A".repeat(21) + "_-" + "z".repeat(20);
    expect(parseApiKey(`flk_abcdefgh12345678_${secret}`)).toEqual({ keyId: "abcdefgh12345678" });
    expect(parseApiKey(`flk_ABCDEFGH12345678_${secret}`)).toBeNull();
    expect(parseApiKey(`flk_abcdefgh12345678_${secret}x`)).toBeNull();
    expect(parseApiKey("Bearer flk_")).toBeNull();
  });
});

describe.each(databaseKinds())("API keys on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("creates a key shown once (flk_<keyId>_<secret>) and stores only its argon2 hash", async () => {
    const account = await makeAccount();
    const { id, apiKey } = await createApiKey({ accountId: account.id, userId: account.adminId, name: "Importer" });
    expect(apiKey).toMatch(API_KEY_PATTERN);
    const row = await t.db.apiKey.findUniqueOrThrow({ where: { id } });
    expect(apiKey).toContain(`flk_${row.keyId}_`);
    expect(row.secretHash).toMatch(/^\$argon2id\$/);
    expect(await verifySecret(row.secretHash, apiKey)).toBe(true);
    expect(row).toMatchObject({ name: "Importer", userId: account.adminId, accountId: account.id, revokedAt: null });
  });

  it("refuses a user who is not a member of the account", async () => {
    const account = await makeAccount();
    const other = await makeAccount("Other");
    await expect(createApiKey({ accountId: account.id, userId: other.adminId })).rejects.toMatchObject({
      code: "USER_NOT_FOUND",
    });
    await expect(createApiKey({ accountId: account.id, userId: 999_999 })).rejects.toMatchObject({ code: "USER_NOT_FOUND" });
  });

  it("lists keys without the secret and hides revoked ones unless asked", async () => {
    const account = await makeAccount();
    const first = await createApiKey({ accountId: account.id, userId: account.adminId, name: "one" });
    await createApiKey({ accountId: account.id, userId: account.adminId, name: "two" });
    const listed = await listApiKeys({ accountId: account.id });
    expect(listed.map((k) => k.name)).toEqual(["two", "one"]);
    expect(listed[1]!.prefix).toBe(`${first.apiKey.split("_").slice(0, 2).join("_")}_…`);
    expect(JSON.stringify(listed)).not.toContain(first.apiKey);
    await revokeApiKey({ accountId: account.id, id: first.id });
    expect((await listApiKeys({ accountId: account.id })).map((k) => k.name)).toEqual(["two"]);
    expect(await listApiKeys({ accountId: account.id, includeRevoked: true })).toHaveLength(2);
  });

  it("authenticates a key to its account, user and current role", async () => {
    const account = await makeAccount();
    const staff = await makeMember(account.id, "office_staff");
    const { apiKey, id } = await createApiKey({ accountId: account.id, userId: staff.id });
    expect(await authenticateApiKey({ apiKey })).toMatchObject({
      id,
      userId: staff.id,
      role: "office_staff",
      account: { id: account.id, key: account.key },
    });
    await t.db.membership.update({
      where: { userId_accountId: { userId: staff.id, accountId: account.id } },
      data: { role: "viewer" },
    });
    expect(await authenticateApiKey({ apiKey })).toMatchObject({ role: "viewer" });
    await t.db.membership.delete({ where: { userId_accountId: { userId: staff.id, accountId: account.id } } });
    expect(await authenticateApiKey({ apiKey })).toMatchObject({ role: null });
  });

  it("refuses malformed, unknown, tampered and revoked keys", async () => {
    const account = await makeAccount();
    const { apiKey, id } = await createApiKey({ accountId: account.id, userId: account.adminId });
    const tampered = apiKey.slice(0, -1) + (apiKey.endsWith("A") ? "B" : "A");
    const unknown = `flk_${"0".repeat(16)}_${apiKey.slice(-43)}`;
    for (const candidate of ["", "nope", tampered, unknown]) {
      expect(await authenticateApiKey({ apiKey: candidate })).toBeNull();
    }
    await revokeApiKey({ accountId: account.id, id });
    expect(await authenticateApiKey({ apiKey })).toBeNull();
  });

  it("records lastUsedAt on use", async () => {
    const account = await makeAccount();
    const { apiKey, id } = await createApiKey({ accountId: account.id, userId: account.adminId });
    await authenticateApiKey({ apiKey });
    await expect.poll(async () => (await t.db.apiKey.findUniqueOrThrow({ where: { id } })).lastUsedAt).toBeInstanceOf(Date);
  });

  it("cannot revoke another account's key", async () => {
    const account = await makeAccount();
    const other = await makeAccount("Other");
    const { id } = await createApiKey({ accountId: other.id, userId: other.adminId });
    await expect(revokeApiKey({ accountId: account.id, id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
