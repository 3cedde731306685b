// OAuth client use cases and the client credentials grant, on every database kind.
import { describe, expect, it } from "vitest";
import { makeAccount, makeMember } from "../../testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { verifySecret } from "../../security/hashing";
import { verifyAccessToken } from "../../security/access-token";
import { SERVICE_USER_DOMAIN } from "../users/service-users";
import { createOAuthClient } from "./create-oauth-client";
import { createMemoryHub, setHub } from "../../hub";
import { findActiveOAuthClient } from "./find-active-oauth-client";
import { getApiUser } from "./get-api-user";
import { issueAccessToken } from "./issue-access-token";
import { listOAuthClients } from "./list-oauth-clients";
import { INVALID_CLIENT_MESSAGE, OAuthError } from "./oauth-error";
import { revokeOAuthClient } from "./revoke-oauth-client";
import { rotateOAuthClientSecret } from "./rotate-oauth-client-secret";
import { updateOAuthClient } from "./update-oauth-client";
import { authenticateAccessToken } from "./authenticate-access-token";
import { SCOPE_NAMES, SCOPES } from "./scopes";

describe("scopes", () => {
  it("are unique, named area:action and described", () => {
    expect(new Set(SCOPE_NAMES).size).toBe(SCOPES.length);
    for (const scope of SCOPES) {
      expect(scope.name).toMatch(/^[a-z]+:(read|write)$/);
      expect(scope.description.length).toBeGreaterThan(10);
    }
  });
});

describe.each(databaseKinds())("OAuth clients on %s", (kind) => {
  const t = useTestDatabase(kind);

  describe("createOAuthClient", () => {
    it("returns the secret once and stores only its argon2 hash", async () => {
      const account = await makeAccount();
      const created = await createOAuthClient({ accountId: account.id, name: "ERP" });
      expect(created.clientId).toMatch(/^[a-z0-9]{24}$/);
      expect(created.clientSecret.length).toBeGreaterThanOrEqual(43);
      const row = await t.db.oAuthClient.findUniqueOrThrow({ where: { id: created.id } });
      expect(row.secretHash).toMatch(/^\$argon2id\$/);
      expect(row.secretHash).not.toContain(created.clientSecret);
      expect(await verifySecret(row.secretHash, created.clientSecret)).toBe(true);
      expect(row.name).toBe("ERP");
      expect(row.scopes).toEqual([...SCOPE_NAMES]);
    });

    it("acts as the account's earliest admin by default", async () => {
      const account = await makeAccount();
      await makeMember(account.id, "admin", "Later Admin");
      const created = await createOAuthClient({ accountId: account.id });
      const row = await t.db.oAuthClient.findUniqueOrThrow({ where: { id: created.id } });
      expect(row.userId).toBe(account.adminId);
    });

    it("acts as a reusable service user without password when the account has no admin", async () => {
      const account = await t.db.account.create({ data: { key: `noadmin-${Date.now()}`, name: "No Admin" } });
      const first = await createOAuthClient({ accountId: account.id });
      const second = await createOAuthClient({ accountId: account.id });
      const rows = await t.db.oAuthClient.findMany({ where: { id: { in: [first.id, second.id] } } });
      expect(rows[0]!.userId).toBe(rows[1]!.userId);
      const user = await t.db.user.findUniqueOrThrow({
        where: { id: rows[0]!.userId },
        include: { memberships: true },
      });
      expect(user.passwordHash).toBeNull();
      expect(user.email.endsWith(`@${SERVICE_USER_DOMAIN}`)).toBe(true);
      expect(user.memberships).toEqual([expect.objectContaining({ accountId: account.id, role: "fleet_manager" })]);
    });

    it("acts as a given member, and refuses a user outside the account", async () => {
      const account = await makeAccount();
      const other = await makeAccount("Other");
      const manager = await makeMember(account.id, "fleet_manager");
      const created = await createOAuthClient({ accountId: account.id, userId: manager.id });
      expect((await t.db.oAuthClient.findUniqueOrThrow({ where: { id: created.id } })).userId).toBe(manager.id);
      await expect(createOAuthClient({ accountId: account.id, userId: other.adminId })).rejects.toMatchObject({
        code: "USER_NOT_FOUND",
      });
    });

    it("validates the account and the scopes", async () => {
      await expect(createOAuthClient({ accountId: 999_999 })).rejects.toMatchObject({ code: "ACCOUNT_NOT_FOUND" });
      const account = await makeAccount();
      await expect(
        createOAuthClient({ accountId: account.id, scopes: ["assets:read", "root" as never] }),
      ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
      await expect(createOAuthClient({ accountId: account.id, scopes: [] })).rejects.toMatchObject({
        code: "VALIDATION_FAILED",
      });
    });
  });

  describe("listOAuthClients and revokeOAuthClient", () => {
    it("lists without secrets, newest first, and hides revoked clients unless asked", async () => {
      const account = await makeAccount();
      const a = await createOAuthClient({ accountId: account.id, name: "A", scopes: ["assets:read"] });
      const b = await createOAuthClient({ accountId: account.id, name: "B" });
      await createOAuthClient({ accountId: (await makeAccount("Other")).id, name: "elsewhere" });
      const listed = await listOAuthClients({ accountId: account.id });
      expect(listed.map((c) => c.name)).toEqual(["B", "A"]);
      expect(listed[1]).toMatchObject({ clientId: a.clientId, scopes: ["assets:read"], revokedAt: null });
      expect(listed[1]!.user).toMatchObject({ id: account.adminId, service: true });
      expect(JSON.stringify(listed)).not.toContain(a.clientSecret);
      expect(JSON.stringify(listed)).not.toContain("argon2");

      const revoked = await revokeOAuthClient({ accountId: account.id, id: b.id });
      expect(revoked.revokedAt).toBeInstanceOf(Date);
      expect((await listOAuthClients({ accountId: account.id })).map((c) => c.name)).toEqual(["A"]);
      expect(await listOAuthClients({ accountId: account.id, includeRevoked: true })).toHaveLength(2);
      // revoking again is harmless and keeps the first time
      expect((await revokeOAuthClient({ accountId: account.id, id: b.id })).revokedAt).toEqual(revoked.revokedAt);
    });

    it("cannot revoke another account's client", async () => {
      const account = await makeAccount();
      const other = await makeAccount("Other");
      const client = await createOAuthClient({ accountId: other.id });
      await expect(revokeOAuthClient({ accountId: account.id, id: client.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
      expect(await findActiveOAuthClient({ clientId: client.clientId })).not.toBeNull();
    });

    it("drops a revoked client from the lookup cache at once", async () => {
      const account = await makeAccount();
      const client = await createOAuthClient({ accountId: account.id });
      expect(await findActiveOAuthClient({ clientId: client.clientId })).toMatchObject({ id: client.id });
      await revokeOAuthClient({ accountId: account.id, id: client.id });
      expect(await findActiveOAuthClient({ clientId: client.clientId })).toBeNull();
    });
  });

  it("drops a client revoked by another process when the hub says so", async () => {
    const hub = createMemoryHub();
    setHub(hub);
    try {
      const account = await makeAccount();
      const client = await createOAuthClient({ accountId: account.id });
      expect(await findActiveOAuthClient({ clientId: client.clientId })).not.toBeNull(); // cached now
      // another process revokes: the row changes and the event arrives through the hub
      await t.db.oAuthClient.update({ where: { id: client.id }, data: { revokedAt: new Date() } });
      expect(await findActiveOAuthClient({ clientId: client.clientId })).not.toBeNull(); // still the cached entry
      await hub.publish("credentials.revoked", { accountId: account.id, kind: "oauth_client", id: client.id });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await findActiveOAuthClient({ clientId: client.clientId })).toBeNull();
    } finally {
      setHub(undefined);
      await hub.close();
    }
  });

  it("drops the clients of a member another process removed or re-roled when the hub says member.changed", async () => {
    const hub = createMemoryHub();
    setHub(hub);
    try {
      const account = await makeAccount();
      const manager = await makeMember(account.id, "fleet_manager");
      const client = await createOAuthClient({ accountId: account.id, userId: manager.id });
      expect(await findActiveOAuthClient({ clientId: client.clientId })).not.toBeNull(); // cached, and listening now
      // another process removes the member: the row goes and the fact arrives through the hub
      await t.db.membership.delete({ where: { userId_accountId: { userId: manager.id, accountId: account.id } } });
      expect(await findActiveOAuthClient({ clientId: client.clientId })).not.toBeNull(); // still the cached entry
      // subscribed after the cache, so it runs after the cache's listener
      const heard = new Promise<void>((resolve) => hub.subscribe("member.changed", () => resolve()));
      await hub.publish("member.changed", { accountId: account.id, userId: manager.id, change: "removed" });
      await heard;
      expect(await findActiveOAuthClient({ clientId: client.clientId })).toBeNull();
    } finally {
      setHub(undefined);
      await hub.close();
    }
  });

  describe("issueAccessToken", () => {
    it("issues a one-year bearer token with every scope of the client when none is asked for", async () => {
      const account = await makeAccount();
      const client = await createOAuthClient({ accountId: account.id, scopes: ["assets:read", "stream:read"] });
      const token = await issueAccessToken({ clientId: client.clientId, clientSecret: client.clientSecret });
      expect(token).toMatchObject({ token_type: "Bearer", expires_in: 31_536_000, scope: "assets:read stream:read" });
      const claims = await verifyAccessToken(token.access_token);
      expect(claims).toMatchObject({ clientId: client.clientId, accountId: account.id, scopes: ["assets:read", "stream:read"] });
    });

    it("narrows to the requested scopes and refuses unknown or unallowed ones", async () => {
      const account = await makeAccount();
      const client = await createOAuthClient({ accountId: account.id, scopes: ["assets:read", "stream:read"] });
      const credentials = { clientId: client.clientId, clientSecret: client.clientSecret };
      expect((await issueAccessToken({ ...credentials, scope: "stream:read" })).scope).toBe("stream:read");
      await expect(issueAccessToken({ ...credentials, scope: "assets:read nope" })).rejects.toMatchObject({
        error: "invalid_scope",
      });
      await expect(issueAccessToken({ ...credentials, scope: "control:write" })).rejects.toMatchObject({
        error: "invalid_scope",
      });
    });

    it("gives one identical answer for an unknown client, a wrong secret and a revoked client", async () => {
      const account = await makeAccount();
      const client = await createOAuthClient({ accountId: account.id });
      const revoked = await createOAuthClient({ accountId: account.id });
      await revokeOAuthClient({ accountId: account.id, id: revoked.id });
      const attempts = [
        () => issueAccessToken({ clientId: "unknown-client", clientSecret: client.clientSecret }),
        () => issueAccessToken({ clientId: client.clientId, clientSecret: `${client.clientSecret}x` }),
        () => issueAccessToken({ clientId: revoked.clientId, clientSecret: revoked.clientSecret }),
      ];
      for (const attempt of attempts) {
        const error = await attempt().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(OAuthError);
        expect(error).toMatchObject({ error: "invalid_client", message: INVALID_CLIENT_MESSAGE, status: 401 });
      }
    });
  });

  describe("getApiUser", () => {
    it("answers the acting user with only the token's account", async () => {
      const account = await makeAccount("Alpha");
      const other = await makeAccount("Beta");
      await t.db.membership.create({ data: { accountId: other.id, userId: account.adminId, role: "viewer" } });
      expect(await getApiUser({ userId: account.adminId, accountId: account.id })).toEqual({
        id: account.adminId,
        name: "Alpha Admin",
        accounts: [{ id: account.id, key: account.key, name: "Alpha" }],
      });
      await expect(getApiUser({ userId: 999_999, accountId: account.id })).rejects.toMatchObject({ code: "USER_NOT_FOUND" });
    });
  });

  describe("editing and rotating", () => {
    it("renames a client and replaces its scopes, which its existing tokens feel at once", async () => {
      const account = await makeAccount();
      const created = await createOAuthClient({ accountId: account.id, name: "ERP", scopes: ["assets:read", "positions:read"] });
      const { access_token: token } = await issueAccessToken(created);
      expect((await authenticateAccessToken(token))?.scopes).toEqual(["assets:read", "positions:read"]);

      const updated = await updateOAuthClient({ accountId: account.id, id: created.id, name: "ERP (read only)", scopes: ["assets:read"] });
      expect(updated).toMatchObject({ name: "ERP (read only)", scopes: ["assets:read"] });
      // the same token, without waiting for any cache: positions:read is gone
      expect((await authenticateAccessToken(token))?.scopes).toEqual(["assets:read"]);
      // name only: scopes stay
      expect(await updateOAuthClient({ accountId: account.id, id: created.id, name: "ERP" })).toMatchObject({ name: "ERP", scopes: ["assets:read"] });
    });

    it("keeps scopes within the member's role, and refuses bad input, other accounts and revoked clients", async () => {
      const account = await makeAccount();
      const other = await makeAccount("Other");
      const staff = await makeMember(account.id, "office_staff");
      const created = await createOAuthClient({ accountId: account.id, userId: staff.id, scopes: ["assets:read"] });
      await expect(updateOAuthClient({ accountId: account.id, id: created.id, scopes: ["control:write"] })).rejects.toMatchObject({
        code: "VALIDATION_FAILED",
        errors: [expect.objectContaining({ field: "scopes", message: expect.stringContaining("control:write") })],
      });
      await expect(updateOAuthClient({ accountId: account.id, id: created.id, scopes: [] })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
      await expect(updateOAuthClient({ accountId: account.id, id: created.id, name: " " })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
      await expect(updateOAuthClient({ accountId: other.id, id: created.id, name: "Mine" })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(rotateOAuthClientSecret({ accountId: other.id, id: created.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await revokeOAuthClient({ accountId: account.id, id: created.id });
      await expect(updateOAuthClient({ accountId: account.id, id: created.id, name: "Back" })).rejects.toMatchObject({ code: "CONFLICT" });
      await expect(rotateOAuthClientSecret({ accountId: account.id, id: created.id })).rejects.toMatchObject({ code: "CONFLICT" });
    });

    it("rotates the secret: the new one works, the old one and the tokens obtained with it stop, the client_id stays", async () => {
      const account = await makeAccount();
      const created = await createOAuthClient({ accountId: account.id, name: "ERP" });
      const { access_token: oldToken } = await issueAccessToken(created);
      expect(await authenticateAccessToken(oldToken)).not.toBeNull();

      const rotated = await rotateOAuthClientSecret({ accountId: account.id, id: created.id });
      expect(rotated.clientId).toBe(created.clientId);
      expect(rotated.clientSecret).not.toBe(created.clientSecret);
      const row = await t.db.oAuthClient.findUniqueOrThrow({ where: { id: created.id } });
      expect(row.secretHash).not.toContain(rotated.clientSecret);
      expect(row.secretVersion).toBe(1);

      expect(await authenticateAccessToken(oldToken)).toBeNull();
      await expect(issueAccessToken(created)).rejects.toMatchObject({ error: "invalid_client" });
      const { access_token: newToken } = await issueAccessToken({ clientId: rotated.clientId, clientSecret: rotated.clientSecret });
      expect((await verifyAccessToken(newToken))?.secretVersion).toBe(1);
      expect((await authenticateAccessToken(newToken))?.client.id).toBe(created.id);
    });
  });
});
