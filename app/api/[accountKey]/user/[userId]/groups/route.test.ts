// GET and PUT /api/{account_key}/user/{user_id}/groups through the route handlers, on every database kind: every
// status (200, 400, 401, 403 for a missing scope, a role that no longer allows it and a limited member, 404, 405, 422),
// and the limit applying to the member's own REST calls at once.
import { describe, expect, it } from "vitest";
import * as assetList from "@/app/api/[accountKey]/asset/route";
import { createOAuthClient } from "@/server/modules/oauth/create-oauth-client";
import { issueAccessToken } from "@/server/modules/oauth/issue-access-token";
import { changeMemberRole } from "@/server/modules/users/change-member-role";
import { callRoute, fieldErrors, makeAccount, makeAsset, makeMember, makeToken, type RouteHandler } from "@/server/testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import * as route from "./route";

describe.each(databaseKinds())("member group limit endpoints on %s", (kind) => {
  const t = useTestDatabase(kind);

  async function tokenOf(accountId: number, userId: number) {
    const client = await createOAuthClient({ accountId, userId });
    return (await issueAccessToken({ clientId: client.clientId, clientSecret: client.clientSecret })).access_token;
  }

  async function setup() {
    const account = await makeAccount("Limits Co");
    const { token } = await makeToken(account.id);
    const member = await makeMember(account.id, "fleet_manager", "Ann Manager");
    const north = await t.db.assetGroup.create({ data: { accountId: account.id, name: "North", nameKey: "north" }, select: { id: true } });
    const south = await t.db.assetGroup.create({ data: { accountId: account.id, name: "South", nameKey: "south" }, select: { id: true } });
    const call = (method: "GET" | "PUT" | "POST", userId: string | number, body?: unknown, as: string | null = token, accountKey = account.key) =>
      callRoute(route[method] as RouteHandler, method, `/api/${accountKey}/user/${userId}/groups`, { accountKey, userId: String(userId) }, as ?? undefined, body);
    return { account, token, member, groups: { north: north.id, south: south.id }, call };
  }

  it("reads the whole fleet by default, sets a limit (200), reads it back, and lifts it", async () => {
    const { member, groups, call } = await setup();
    expect(await call("GET", member.id)).toMatchObject({ status: 200, body: { data: { group_limited: false, group_ids: [] } } });
    const set = await call("PUT", member.id, { group_limited: true, group_ids: [groups.south, groups.north, groups.north] });
    expect(set).toMatchObject({ status: 200, body: { data: { group_limited: true, group_ids: [groups.north, groups.south].sort((a, b) => a - b) } } });
    expect((await call("GET", member.id)).body).toEqual(set.body);
    expect((await call("PUT", member.id, { group_limited: true })).body).toEqual({ data: { group_limited: true, group_ids: [] } });
    expect((await call("PUT", member.id, { group_limited: false, group_ids: [] })).body).toEqual({ data: { group_limited: false, group_ids: [] } });
    expect((await call("GET", member.id)).body).toEqual({ data: { group_limited: false, group_ids: [] } });
  });

  it("applies to the member's own REST calls at once", async () => {
    const { account, member, groups, call } = await setup();
    const van = (await makeAsset(account.id, "Van N")).id;
    await makeAsset(account.id, "Van loose");
    await t.db.assetGroupMember.create({ data: { groupId: groups.north, assetId: van } });
    const memberToken = await tokenOf(account.id, member.id);
    const list = async () =>
      (await callRoute(assetList.GET as RouteHandler, "GET", `/api/${account.key}/asset`, { accountKey: account.key }, memberToken)).body.data.map((a: { id: number }) => a.id);
    expect(await list()).toHaveLength(2);
    expect((await call("PUT", member.id, { group_limited: true, group_ids: [groups.north] })).status).toBe(200);
    expect(await list()).toEqual([van]);
  });

  it("answers 422 with field errors (and changes nothing), 400 for text that is not JSON", async () => {
    const { account, member, groups, call } = await setup();
    const other = await makeAccount("Other Co");
    const foreign = await t.db.assetGroup.create({ data: { accountId: other.id, name: "Theirs", nameKey: "theirs" }, select: { id: true } });
    await call("PUT", member.id, { group_limited: true, group_ids: [groups.north] });
    const refused = async (body: unknown, userId: number = member.id) => {
      const answer = await call("PUT", userId, body);
      expect([answer.status, answer.body.code]).toEqual([422, "VALIDATION_FAILED"]);
      return fieldErrors(answer);
    };
    expect(await refused({})).toEqual(["group_limited: is required"]);
    expect(await refused({ group_limited: "yes", group_ids: [0] })).toEqual(["group_limited: must be true or false", "group_ids.0: must be group ids"]);
    expect(await refused({ group_limited: true, group_ids: "3" })).toEqual(["group_ids: must be a list of group ids"]);
    expect(await refused({ group_limited: false, group_ids: [groups.south] })).toEqual([expect.stringMatching(/^group_ids: must be left out when group_limited is false/)]);
    expect(await refused({ group_limited: true, group_ids: [groups.south, foreign.id, 99_999_999] })).toEqual([`group_ids: not groups of this account: ${foreign.id}, 99999999`]);
    expect(await refused({ group_limited: true, group_ids: [groups.north], extra: 1 })).toEqual(['body: Unrecognized key: "extra"']);
    expect(await refused({ group_limited: true, group_ids: [groups.north] }, account.adminId)).toEqual(["group_ids: an admin sees the whole fleet: change the role first"]);
    expect((await call("PUT", member.id, "{not json")).status).toBe(400);
    expect((await call("GET", member.id)).body).toEqual({ data: { group_limited: true, group_ids: [groups.north] } });
    expect((await call("GET", account.adminId)).body).toEqual({ data: { group_limited: false, group_ids: [] } });
  });

  it("answers 404 for a user who is not a member, a malformed id and another account's key", async () => {
    const { account, call } = await setup();
    const other = await makeAccount("Other Co");
    const outsider = await makeMember(other.id, "viewer");
    for (const id of [outsider.id, 999_999_999, "abc"]) {
      expect(await call("GET", id)).toMatchObject({ status: 404, body: { code: "USER_NOT_FOUND" } });
      expect(await call("PUT", id, { group_limited: true })).toMatchObject({ status: 404, body: { code: "USER_NOT_FOUND" } });
    }
    expect(await t.db.membership.findFirst({ where: { userId: outsider.id }, select: { groupLimited: true } })).toEqual({ groupLimited: false });
    const foreign = await call("GET", outsider.id, undefined, (await makeToken(account.id)).token, other.key);
    expect(foreign).toMatchObject({ status: 404, body: { code: "ACCOUNT_NOT_FOUND" } });
  });

  it("needs users:read / users:write (403), an admin's client (403 once the role no longer allows it), a token (401); 405 otherwise", async () => {
    const { account, member, call } = await setup();
    const reader = await makeToken(account.id, { scopes: ["users:read"] });
    const assets = await makeToken(account.id, { scopes: ["assets:read"] });
    expect(await call("GET", member.id, undefined, reader.token)).toMatchObject({ status: 200 });
    expect(await call("PUT", member.id, { group_limited: true }, reader.token)).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE" } });
    expect(await call("GET", member.id, undefined, assets.token)).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE" } });
    // the role: a fleet manager's client never holds users:*, and an admin's loses them when the admin is demoted
    expect(await call("PUT", member.id, { group_limited: true }, await tokenOf(account.id, member.id))).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE" } });
    const second = await makeMember(account.id, "admin", "Second Admin");
    const secondToken = await tokenOf(account.id, second.id);
    expect(await call("GET", member.id, undefined, secondToken)).toMatchObject({ status: 200 });
    await changeMemberRole({ accountId: account.id, userId: second.id, role: "fleet_manager" });
    expect(await call("PUT", member.id, { group_limited: true }, secondToken)).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE" } });
    expect(await call("GET", member.id, undefined, null)).toMatchObject({ status: 401, body: { message: "Unauthenticated." } });
    expect((await call("PUT", member.id, { group_limited: true }, "not-a-token")).status).toBe(401);
    expect(await call("POST", member.id, { group_limited: true })).toMatchObject({ status: 405, body: { code: "METHOD_NOT_ALLOWED" } });
    expect(await t.db.membership.findFirst({ where: { userId: member.id }, select: { groupLimited: true } })).toEqual({ groupLimited: false });
  });

  it("refuses a client whose member is limited to some groups (403 FORBIDDEN), whatever its scopes", async () => {
    const { account, member, call } = await setup();
    // setMemberGroups never limits an admin; limit one behind its back to see the route's own guard
    const admin = await makeMember(account.id, "admin", "Limited Admin");
    await t.db.membership.updateMany({ where: { userId: admin.id, accountId: account.id }, data: { groupLimited: true } });
    const limitedToken = await tokenOf(account.id, admin.id);
    expect(await call("GET", member.id, undefined, limitedToken)).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
    expect(await call("PUT", member.id, { group_limited: false }, limitedToken)).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
  });
});
