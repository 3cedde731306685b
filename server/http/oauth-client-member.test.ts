// An OAuth client acts as a member (security review finding 27): through real REST requests on every database kind,
// a removed member's clients stop working, a client's scopes never exceed its member's role, and a role change
// narrows them.
import { describe, expect, it } from "vitest";
import { createOAuthClient } from "../modules/oauth/create-oauth-client";
import { issueAccessToken } from "../modules/oauth/issue-access-token";
import { changeMemberRole } from "../modules/users/change-member-role";
import { removeMember } from "../modules/users/remove-member";
import { databaseKinds, useTestDatabase } from "../testing/test-database";
import { getRequest, makeAccount, makeMember, routeContext } from "../testing/http-fixtures";
import { withApiAuth } from "./with-api-auth";

const readAssets = withApiAuth({ scope: "assets:read", rateLimit: false }, async () => ({ ok: true }));
const writeAlerts = withApiAuth({ scope: "alerts:write", rateLimit: false }, async () => ({ ok: true }));
const ctx = routeContext({});

async function tokenFor(client: { clientId: string; clientSecret: string }) {
  return (await issueAccessToken({ clientId: client.clientId, clientSecret: client.clientSecret })).access_token;
}

describe.each(databaseKinds())("OAuth clients and their member on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("stops a removed member's clients at once: their tokens are 401 and no new token is issued", async () => {
    const account = await makeAccount();
    const manager = await makeMember(account.id, "fleet_manager");
    const client = await createOAuthClient({ accountId: account.id, userId: manager.id });
    const token = await tokenFor(client);
    expect((await readAssets(getRequest("/x", token), ctx)).status).toBe(200);

    await removeMember({ accountId: account.id, userId: manager.id });
    const refused = await readAssets(getRequest("/x", token), ctx);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: "Unauthenticated." });
    await expect(tokenFor(client)).rejects.toMatchObject({ error: "invalid_client" });
    const row = await t.db.oAuthClient.findUniqueOrThrow({ where: { clientId: client.clientId } });
    expect(row.revokedAt).not.toBeNull();
  });

  it("refuses scopes beyond the member's role, and gives only the role's scopes when none are asked for", async () => {
    const account = await makeAccount();
    const viewer = await makeMember(account.id, "viewer");
    await expect(createOAuthClient({ accountId: account.id, userId: viewer.id, scopes: ["assets:read", "alerts:write"] })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "scopes", message: expect.stringContaining("alerts:write") }],
    });
    const client = await createOAuthClient({ accountId: account.id, userId: viewer.id });
    const row = await t.db.oAuthClient.findUniqueOrThrow({ where: { clientId: client.clientId } });
    expect(row.scopes.sort()).toEqual(["alerts:read", "assets:read", "messages:read", "positions:read", "reports:read", "stream:read", "tracking:read"]);
  });

  it("narrows a client's scopes when its member is demoted", async () => {
    const account = await makeAccount();
    const manager = await makeMember(account.id, "fleet_manager");
    const client = await createOAuthClient({ accountId: account.id, userId: manager.id, scopes: ["assets:read", "alerts:write"] });
    const token = await tokenFor(client);
    expect((await writeAlerts(getRequest("/x", token), ctx)).status).toBe(200);

    await changeMemberRole({ accountId: account.id, userId: manager.id, role: "viewer" });
    const refused = await writeAlerts(getRequest("/x", token), ctx);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "INSUFFICIENT_SCOPE" });
    expect((await readAssets(getRequest("/x", token), ctx)).status).toBe(200);
  });
});
