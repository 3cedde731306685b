// users:read and users:write came after many OAuth clients were made. Least privilege: an existing client does not
// get them by itself (its scopes are the ones it was given); it gets a 403 naming the scope it lacks, until an admin
// adds the scope on the API access page (tRPC apiAccess.updateClient) or with `fleet oauth-client update`, and the
// integration fetches a new token (a token keeps the scopes it was issued with). docs/api.md "Scopes".
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { executeCli } from "@/server/cli/execute";
import { parseEnv } from "@/server/env";
import { createOAuthClient } from "@/server/modules/oauth/create-oauth-client";
import { issueAccessToken } from "@/server/modules/oauth/issue-access-token";
import { SCOPE_NAMES } from "@/server/modules/oauth/scopes";
import { callRoute, makeAccount, makeMember, type RouteHandler } from "@/server/testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import { callerFor } from "@/server/testing/trpc-fixtures";
import * as route from "./route";

/** every scope a client made before users:read and users:write could hold */
const OLDER_SCOPES = SCOPE_NAMES.filter((scope) => scope !== "users:read" && scope !== "users:write");

/** the admin CLI run in this process, on this process's database (as a server runs it for `fleet`) */
const fleet = (args: string[]) =>
  executeCli(args, parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: tmpdir() }), { stderr: () => {}, database: "ready" });

describe.each(databaseKinds())("an OAuth client older than users:read and users:write on %s", (kind) => {
  useTestDatabase(kind);

  async function setup() {
    const account = await makeAccount("Older Clients");
    const member = await makeMember(account.id, "office_staff", "Olga Office");
    const client = await createOAuthClient({ accountId: account.id, scopes: OLDER_SCOPES }); // acts as the admin
    const token = async () => (await issueAccessToken({ clientId: client.clientId, clientSecret: client.clientSecret })).access_token;
    /** a call with a new token, or with `withToken` */
    const call = async (method: "GET" | "PUT", body?: unknown, withToken?: string) =>
      callRoute(route[method] as RouteHandler, method, `/api/${account.key}/user/${member.id}/notification-settings`, { accountKey: account.key, userId: String(member.id) }, withToken ?? (await token()), body);
    return { account, member, client, token, call };
  }

  it("is refused with a 403 naming the scope, and reads once an admin adds users:read in the dashboard", async () => {
    const { account, client, token, call } = await setup();
    const before = await token();
    expect(await call("GET", undefined, before)).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE", message: "This token lacks the users:read scope." } });

    const updated = await callerFor(account.adminId).apiAccess.updateClient({ accountKey: account.key, id: client.id, scopes: [...OLDER_SCOPES, "users:read"] });
    expect(updated.scopes).toContain("users:read");
    // a token keeps the scopes it was issued with: the integration fetches a new one
    expect((await call("GET", undefined, before)).status).toBe(403);
    expect(await call("GET")).toMatchObject({ status: 200, body: { data: { digest: "off" } } });
    expect(await call("PUT", { digest: "daily" })).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE", message: "This token lacks the users:write scope." } });
  });

  it("writes once the operator adds users:write with `fleet oauth-client update --add-scopes`", async () => {
    const { account, client, call } = await setup();
    const added = await fleet(["oauth-client", "update", "--account", account.key, "--client-id", client.clientId, "--add-scopes", "users:read,users:write"]);
    expect(added).toMatchObject({ code: 0, json: { client_id: client.clientId, scopes: [...OLDER_SCOPES, "users:read", "users:write"] } });
    expect(await call("PUT", { digest: "daily" })).toMatchObject({ status: 200, body: { data: { digest: "daily" } } });
  });

  it("cannot be given users:read when it acts as a member whose role does not allow it, and names the scope", async () => {
    const { account, member } = await setup();
    const staff = await createOAuthClient({ accountId: account.id, userId: member.id, scopes: ["assets:read"] });
    const refused = await fleet(["oauth-client", "update", "--account", account.key, "--client-id", staff.clientId, "--add-scopes", "users:read"]);
    expect(refused).toEqual({ code: 1, json: { error: "scopes: the acting user's role does not allow: users:read" } });
    const unknown = await fleet(["oauth-client", "update", "--account", account.key, "--client-id", "nope", "--add-scopes", "users:read"]);
    expect(unknown).toEqual({ code: 1, json: { error: `no OAuth client nope in account ${account.key}` } });
    const both = await fleet(["oauth-client", "update", "--account", account.key, "--client-id", staff.clientId, "--add-scopes", "users:read", "--scopes", "assets:read"]);
    expect(both).toMatchObject({ code: 2, json: { error: "give --add-scopes or --scopes, not both" } });
  });
});
