// authenticateAccessToken against a real database: revocation, account binding, deleted clients, scope narrowing
// and the lastUsedAt touch.
import { describe, expect, it } from "vitest";
import { makeAccount } from "../../testing/http-fixtures";
import { signAccessToken } from "../../security/access-token";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { authenticateAccessToken } from "./authenticate-access-token";
import { createOAuthClient } from "./create-oauth-client";
import { revokeOAuthClient } from "./revoke-oauth-client";

describe.each(databaseKinds())("authenticateAccessToken on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("resolves a token to its client, account, user and scopes", async () => {
    const account = await makeAccount();
    const client = await createOAuthClient({ accountId: account.id, scopes: ["assets:read"] });
    const { token } = await signAccessToken({ clientId: client.clientId, accountId: account.id, scopes: ["assets:read"] });
    expect(await authenticateAccessToken(token)).toMatchObject({
      client: { id: client.id, clientId: client.clientId },
      account: { id: account.id, key: account.key },
      userId: account.adminId,
      scopes: ["assets:read"],
    });
  });

  it("stops honouring a revoked client's tokens at once", async () => {
    const account = await makeAccount();
    const client = await createOAuthClient({ accountId: account.id });
    const { token } = await signAccessToken({ clientId: client.clientId, accountId: account.id, scopes: ["assets:read"] });
    expect(await authenticateAccessToken(token)).not.toBeNull();
    await revokeOAuthClient({ accountId: account.id, id: client.id });
    expect(await authenticateAccessToken(token)).toBeNull();
  });

  it("refuses a token whose account is not the client's, and one of a deleted client", async () => {
    const account = await makeAccount();
    const client = await createOAuthClient({ accountId: account.id });
    const forged = await signAccessToken({ clientId: client.clientId, accountId: account.id + 1000, scopes: [] });
    expect(await authenticateAccessToken(forged.token)).toBeNull();
    const gone = await signAccessToken({ clientId: "no-such-client", accountId: account.id, scopes: [] });
    expect(await authenticateAccessToken(gone.token)).toBeNull();
  });

  it("keeps only scopes the client still holds", async () => {
    const account = await makeAccount();
    const client = await createOAuthClient({ accountId: account.id, scopes: ["assets:read"] });
    const { token } = await signAccessToken({
      clientId: client.clientId,
      accountId: account.id,
      scopes: ["assets:read", "control:write"],
    });
    expect((await authenticateAccessToken(token))?.scopes).toEqual(["assets:read"]);
  });

  it("records lastUsedAt at most once a minute", async () => {
    const account = await makeAccount();
    const client = await createOAuthClient({ accountId: account.id });
    const { token } = await signAccessToken({ clientId: client.clientId, accountId: account.id, scopes: [] });
    await authenticateAccessToken(token);
    const read = async () => (await t.db.oAuthClient.findUniqueOrThrow({ where: { id: client.id } })).lastUsedAt;
    await expect.poll(read).toBeInstanceOf(Date);
    const first = await read();
    await authenticateAccessToken(token);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await read()).toEqual(first);
  });
});
