// /api/{account_key}/asset-group, /asset-group/{id} and /asset-group/{id}/assets through their route handlers, on
// every database kind: every status code of every method (200, 201, 204, 400, 401, 403, 404, 405, 409, 413, 415, 422,
// 429), the tree's rules (no cycles, at most 8 levels, names unique among siblings, no delete while it has subgroups),
// bulk membership, cursor pages, account isolation and scopes.
import { describe, expect, it } from "vitest";
import { DEFAULT_API_RATE_LIMIT } from "@/server/http/with-api-auth";
import { MAX_GROUP_DEPTH } from "@/server/modules/asset-groups/asset-groups.schema";
import { rateLimiter } from "@/server/security/rate-limit";
import { callRoute, fieldErrors, makeAccount, makeAsset, makeAssets, makeToken, routeContext, type RouteHandler } from "@/server/testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import * as groupAssets from "./[groupId]/assets/route";
import * as group from "./[groupId]/route";
import * as groups from "./route";

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(databaseKinds())("asset groups over REST on %s", (kind) => {
  const t = useTestDatabase(kind);

  async function setup(name = "Acme") {
    const account = await makeAccount(name);
    const { token, clientId } = await makeToken(account.id);
    const key = account.key;
    const base = `/api/${key}/asset-group`;
    const api = {
      account,
      token,
      clientId,
      list: (query = "", as: string | null = token) =>
        callRoute(groups.GET as RouteHandler, "GET", `${base}${query}`, { accountKey: key }, as ?? undefined),
      create: (body: unknown, as: string | null = token) =>
        callRoute(groups.POST as RouteHandler, "POST", base, { accountKey: key }, as ?? undefined, body),
      one: (method: "GET" | "PUT" | "DELETE" | "POST" | "PATCH", id: number | string, body?: unknown, as: string | null = token) =>
        callRoute(group[method] as RouteHandler, method, `${base}/${id}`, { accountKey: key, groupId: String(id) }, as ?? undefined, body),
      assets: (method: "GET" | "PUT" | "POST" | "DELETE" | "PATCH", id: number | string, bodyOrQuery?: unknown, as: string | null = token) => {
        const query = method === "GET" || method === "DELETE" ? String(bodyOrQuery ?? "") : "";
        const body = method === "PUT" || method === "POST" || method === "PATCH" ? bodyOrQuery : undefined;
        return callRoute(groupAssets[method] as RouteHandler, method, `${base}/${id}/assets${query}`, { accountKey: key, groupId: String(id) }, as ?? undefined, body);
      },
      collection: (method: "PUT" | "PATCH" | "DELETE") => callRoute(groups[method] as RouteHandler, method, base, { accountKey: key }, token),
      /** a group's id, created under `parent` */
      make: async (name: string, parent: number | null = null): Promise<number> => {
        const answer = await api.create({ name, parent_id: parent });
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        return answer.body.data.id as number;
      },
    };
    return api;
  }

  it("creates (201 + Location), reads, lists, renames and moves, and deletes (204) a group", async () => {
    const api = await setup();
    const created = await api.create({ name: "  North  " });
    expect(created.status).toBe(201);
    const north = created.body.data;
    expect(created.headers.get("location")).toBe(`/api/${api.account.key}/asset-group/${north.id}`);
    expect(north).toEqual({
      id: expect.any(Number),
      name: "North",
      parent_id: null,
      asset_count: 0,
      subgroup_count: 0,
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    const south = await api.make("South");
    const vilnius = await api.make("Vilnius", north.id);
    expect(await api.one("GET", north.id)).toMatchObject({ status: 200, body: { data: { id: north.id, subgroup_count: 1 } } });
    expect(await api.one("GET", vilnius)).toMatchObject({ status: 200, body: { data: { parent_id: north.id } } });

    // PUT replaces name and parent: the group moves with its place in the tree
    const moved = await api.one("PUT", vilnius, { name: "Vilnius city", parent_id: south });
    expect(moved).toMatchObject({ status: 200, body: { data: { id: vilnius, name: "Vilnius city", parent_id: south } } });
    // parent_id left out: back to the top level
    expect(await api.one("PUT", vilnius, { name: "Vilnius city" })).toMatchObject({ status: 200, body: { data: { parent_id: null } } });

    expect((await api.one("DELETE", vilnius)).status).toBe(204);
    expect(await api.one("GET", vilnius)).toMatchObject({ status: 404, body: { code: "GROUP_NOT_FOUND" } });
    expect((await api.list()).body.data.map((g: { name: string }) => g.name)).toEqual(["North", "South"]);
  });

  it("lists in id order in cursor pages, all groups, one group's subgroups or the top level", async () => {
    const api = await setup();
    const root = await api.make("Root");
    const ids = [root];
    for (const name of ["A", "B", "C", "D"]) ids.push(await api.make(name, root));
    const first = await api.list("?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.data.map((g: { id: number }) => g.id)).toEqual(ids.slice(0, 2));
    const second = await api.list(`?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.data.map((g: { id: number }) => g.id)).toEqual(ids.slice(2, 4));
    const last = await api.list(`?limit=2&cursor=${second.body.next_cursor}`);
    expect(last.body).toEqual({ data: [expect.objectContaining({ id: ids[4] })], next_cursor: null });
    expect((await api.list(`?parent_id=${root}`)).body.data.map((g: { name: string }) => g.name)).toEqual(["A", "B", "C", "D"]);
    expect((await api.list("?parent_id=null")).body.data.map((g: { name: string }) => g.name)).toEqual(["Root"]);
    for (const query of ["?limit=0", "?limit=501", "?cursor=***", "?parent_id=x"]) {
      expect(await api.list(query), query).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED" } });
    }
  });

  it("refuses cycles, unknown parents and trees deeper than 8 levels (422 on parent_id)", async () => {
    const api = await setup();
    const stranger = await setup("Other");
    const theirs = await stranger.make("Theirs");
    const chain = [await api.make("L1")];
    for (let level = 2; level <= MAX_GROUP_DEPTH; level++) chain.push(await api.make(`L${level}`, chain.at(-1)!));
    // a ninth level is one too many
    const tooDeep = await api.create({ name: "L9", parent_id: chain.at(-1) });
    expect(tooDeep.status).toBe(422);
    expect(fieldErrors(tooDeep)).toEqual([`parent_id: groups nest at most ${MAX_GROUP_DEPTH} levels deep`]);
    // moving a two-level branch under level 7 would make 9 levels
    const branch = await api.make("Branch");
    await api.make("Leaf", branch);
    expect(fieldErrors(await api.one("PUT", branch, { name: "Branch", parent_id: chain[6] }))).toEqual([`parent_id: groups nest at most ${MAX_GROUP_DEPTH} levels deep`]);
    expect((await api.one("PUT", branch, { name: "Branch", parent_id: chain[5] })).status).toBe(200);

    // a group cannot sit in itself or in one of its own subgroups
    expect(fieldErrors(await api.one("PUT", chain[0]!, { name: "L1", parent_id: chain[0] }))).toEqual(["parent_id: a group cannot sit in itself"]);
    const cycle = await api.one("PUT", chain[0]!, { name: "L1", parent_id: chain[3] });
    expect(cycle).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED" } });
    expect(fieldErrors(cycle)).toEqual(["parent_id: is one of this group's own subgroups: a group cannot sit inside itself"]);

    // another account's group, or none, is no parent
    for (const parent of [theirs, 999_999]) {
      expect(fieldErrors(await api.create({ name: "X", parent_id: parent }))).toEqual(["parent_id: is not a group of this account"]);
      expect(fieldErrors(await api.one("PUT", branch, { name: "Branch", parent_id: parent }))).toEqual(["parent_id: is not a group of this account"]);
    }
    // nothing moved
    expect((await api.one("GET", chain[0]!)).body.data.parent_id).toBeNull();
  });

  it("lets only one of two moves at once close a cycle, and only one of two same-named top-level groups in", async () => {
    const api = await setup();
    const a = await api.make("A");
    const b = await api.make("B");
    const moves = await Promise.all([api.one("PUT", a, { name: "A", parent_id: b }), api.one("PUT", b, { name: "B", parent_id: a })]);
    expect(moves.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const tops = (await api.list("?parent_id=null")).body.data;
    expect(tops).toHaveLength(1);
    const creates = await Promise.all([api.create({ name: "Twin" }), api.create({ name: "twin" })]);
    expect(creates.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });

  it("keeps names unique among a parent's subgroups and at the top, whatever their case (409 GROUP_NAME_TAKEN)", async () => {
    const api = await setup();
    const north = await api.make("North");
    const south = await api.make("South");
    await api.make("Depot", north);
    const again = await api.create({ name: "depot", parent_id: north });
    expect(again).toMatchObject({ status: 409, body: { code: "GROUP_NAME_TAKEN", errors: [{ field: "name" }] } });
    expect(await api.create({ name: "NORTH" })).toMatchObject({ status: 409, body: { code: "GROUP_NAME_TAKEN" } });
    // the same name in another parent, or in another account, is fine
    const southDepot = await api.make("Depot", south);
    expect((await (await setup("Other")).create({ name: "North" })).status).toBe(201);
    // moving or renaming into a clash is refused too
    expect(await api.one("PUT", southDepot, { name: "Depot", parent_id: north })).toMatchObject({ status: 409, body: { code: "GROUP_NAME_TAKEN" } });
    expect(await api.one("PUT", south, { name: "north" })).toMatchObject({ status: 409, body: { code: "GROUP_NAME_TAKEN" } });
    // renaming a group to its own name in another case is no clash
    expect(await api.one("PUT", south, { name: "SOUTH" })).toMatchObject({ status: 200, body: { data: { name: "SOUTH" } } });
  });

  it("refuses to delete a group with subgroups (409); deleting one only takes its assets out", async () => {
    const api = await setup();
    const parent = await api.make("Parent");
    const child = await api.make("Child", parent);
    const van = await makeAsset(api.account.id, "Van");
    await api.assets("PUT", parent, { asset_ids: [van.id] });
    await api.assets("PUT", child, { asset_ids: [van.id] });
    const refused = await api.one("DELETE", parent);
    expect(refused).toMatchObject({ status: 409, body: { code: "GROUP_HAS_SUBGROUPS", message: expect.stringContaining("1 subgroup") } });
    expect((await api.one("DELETE", child)).status).toBe(204);
    expect((await api.one("DELETE", parent)).status).toBe(204);
    // the asset stays, in no group now
    expect(await t.db.asset.findUnique({ where: { id: van.id }, select: { name: true } })).toEqual({ name: "Van" });
    expect(await t.db.assetGroupMember.count({ where: { assetId: van.id } })).toBe(0);
  });

  it("sets (PUT), adds (POST) and removes (DELETE ?asset_ids=) a group's assets, and pages their ids", async () => {
    const api = await setup();
    const id = await api.make("Fleet");
    const [a, b, c, d] = await makeAssets(api.account.id, ["A", "B", "C", "D"]);
    const set = await api.assets("PUT", id, { asset_ids: [a!.id, b!.id, b!.id] });
    expect(set).toMatchObject({ status: 200, body: { data: { id, asset_count: 2 } } });
    expect((await api.assets("POST", id, { asset_ids: [b!.id, c!.id] })).body.data.asset_count).toBe(3);
    const page = await api.assets("GET", id, "?limit=2");
    expect(page).toMatchObject({ status: 200, body: { data: [a!.id, b!.id] } });
    expect((await api.assets("GET", id, `?cursor=${page.body.next_cursor}`)).body).toEqual({ data: [c!.id], next_cursor: null });
    // PUT replaces: only d now
    expect((await api.assets("PUT", id, { asset_ids: [d!.id] })).body.data.asset_count).toBe(1);
    // DELETE ignores ids that are not in the group
    expect(await api.assets("DELETE", id, `?asset_ids=${a!.id},${d!.id}`)).toMatchObject({ status: 200, body: { data: { asset_count: 0 } } });
    expect((await api.assets("DELETE", id, `?asset_ids=${d!.id}`)).status).toBe(200);
    // an empty list empties the group
    await api.assets("POST", id, { asset_ids: [a!.id] });
    expect((await api.assets("PUT", id, { asset_ids: [] })).body.data.asset_count).toBe(0);
    // a deleted asset leaves its groups
    await api.assets("PUT", id, { asset_ids: [a!.id, b!.id] });
    await t.db.asset.delete({ where: { id: b!.id } });
    expect((await api.one("GET", id)).body.data.asset_count).toBe(1);
  });

  it("refuses another account's or unknown assets (422 naming them, nothing written) and bad id lists", async () => {
    const api = await setup();
    const stranger = await setup("Other");
    const id = await api.make("Fleet");
    const mine = await makeAsset(api.account.id, "Mine");
    const theirs = await makeAsset(stranger.account.id, "Theirs");
    for (const method of ["PUT", "POST"] as const) {
      const answer = await api.assets(method, id, { asset_ids: [mine.id, theirs.id, 999_999] });
      expect(answer).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED" } });
      expect(fieldErrors(answer)).toEqual([`asset_ids: not assets of this account: ${theirs.id}, 999999`]);
    }
    expect((await api.one("GET", id)).body.data.asset_count).toBe(0);
    for (const body of [{}, { asset_ids: "1" }, { asset_ids: [0] }, { asset_ids: [1.5] }, { asset_ids: [1], extra: true }]) {
      expect(await api.assets("PUT", id, body), JSON.stringify(body)).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED" } });
    }
    for (const query of ["", "?asset_ids=", "?asset_ids=a", "?asset_ids=1,,2"]) {
      expect(await api.assets("DELETE", id, query), query).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED", errors: [{ field: "asset_ids" }] } });
    }
  });

  it("answers 422 with an error per field for bad groups", async () => {
    const api = await setup();
    const bad = await api.create({ name: "", parent_id: "x", colour: "red" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["body", "name", "parent_id"]);
    expect(fieldErrors(await api.create({}))).toEqual(["name: is required"]);
    expect(fieldErrors(await api.create({ name: "x".repeat(121) }))).toEqual(["name: must be at most 120 characters"]);
    expect(fieldErrors(await api.create({ name: "A", parent_id: -1 }))).toEqual(["parent_id: must be a group id or null"]);
    const id = await api.make("Fine");
    expect(fieldErrors(await api.one("PUT", id, { parent_id: null }))).toEqual(["name: is required"]);
  });

  it("answers 400 for malformed JSON, 413 over 1 MiB, 415 for a body that is not JSON, 405 for other methods", async () => {
    const api = await setup();
    const id = await api.make("Fleet");
    expect(await api.create("{not json")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    expect(await api.one("PUT", id, "{not json")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    expect(await api.assets("PUT", id, "{not json")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    const huge = { name: "x".repeat(1024 * 1024 + 1) };
    expect(await api.create(huge)).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
    expect(await api.assets("POST", id, huge)).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
    const asForm = (handler: RouteHandler, method: string, path: string, params: Record<string, string>) =>
      handler(
        new Request(`http://fleetline.test${path}`, {
          method,
          headers: { authorization: `Bearer ${api.token}`, "content-type": "application/x-www-form-urlencoded" },
          body: "name=A",
        }),
        routeContext(params),
      );
    const key = api.account.key;
    expect((await asForm(groups.POST as RouteHandler, "POST", `/api/${key}/asset-group`, { accountKey: key })).status).toBe(415);
    expect((await asForm(group.PUT as RouteHandler, "PUT", `/api/${key}/asset-group/${id}`, { accountKey: key, groupId: String(id) })).status).toBe(415);
    expect((await asForm(groupAssets.POST as RouteHandler, "POST", `/api/${key}/asset-group/${id}/assets`, { accountKey: key, groupId: String(id) })).status).toBe(415);

    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      const answer = await api.collection(method);
      expect(answer, method).toMatchObject({ status: 405, body: { code: "METHOD_NOT_ALLOWED" } });
      expect(answer.headers.get("allow")).toBe("GET, POST");
    }
    for (const method of ["POST", "PATCH"] as const) {
      const answer = await api.one(method, id, { name: "B" });
      expect(answer, method).toMatchObject({ status: 405, body: { code: "METHOD_NOT_ALLOWED" } });
      expect(answer.headers.get("allow")).toBe("GET, PUT, DELETE");
    }
    const patch = await api.assets("PATCH", id, { asset_ids: [] });
    expect(patch).toMatchObject({ status: 405, body: { code: "METHOD_NOT_ALLOWED" } });
    expect(patch.headers.get("allow")).toBe("GET, PUT, POST, DELETE");
  });

  it("answers 404 for an unknown or malformed id, another account's group, and another account's key", async () => {
    const api = await setup();
    const stranger = await setup("Other");
    const theirs = await stranger.make("Theirs");
    const asset = await makeAsset(api.account.id, "Van");
    for (const id of [999_999, "abc", "0", theirs]) {
      for (const [method, body] of [["GET"], ["PUT", { name: "Mine now" }], ["DELETE"]] as const) {
        const answer = await api.one(method, id, body);
        expect(answer, `${method} ${id}`).toMatchObject({ status: 404, body: { code: "GROUP_NOT_FOUND", message: expect.any(String) } });
        expect(Object.keys(answer.body).sort()).toEqual(["code", "message"]);
      }
      expect(await api.assets("GET", id), `GET assets ${id}`).toMatchObject({ status: 404, body: { code: "GROUP_NOT_FOUND" } });
      for (const method of ["PUT", "POST"] as const) {
        expect(await api.assets(method, id, { asset_ids: [asset.id] }), `${method} assets ${id}`).toMatchObject({ status: 404, body: { code: "GROUP_NOT_FOUND" } });
      }
      expect(await api.assets("DELETE", id, `?asset_ids=${asset.id}`)).toMatchObject({ status: 404, body: { code: "GROUP_NOT_FOUND" } });
    }
    expect(await stranger.one("GET", theirs)).toMatchObject({ status: 200, body: { data: { name: "Theirs", asset_count: 0 } } });
    const foreign = await callRoute(groups.GET as RouteHandler, "GET", `/api/${stranger.account.key}/asset-group`, { accountKey: stranger.account.key }, api.token);
    expect(foreign).toMatchObject({ status: 404, body: { code: "ACCOUNT_NOT_FOUND" } });
  });

  it("needs assets:read to read and assets:write to change; 401 exactly without a token", async () => {
    const api = await setup();
    const id = await api.make("Fleet");
    const reader = (await makeToken(api.account.id, { scopes: ["assets:read"] })).token;
    const writer = (await makeToken(api.account.id, { scopes: ["assets:write"] })).token;
    expect((await api.list("", reader)).status).toBe(200);
    expect((await api.one("GET", id, undefined, reader)).status).toBe(200);
    expect((await api.assets("GET", id, "", reader)).status).toBe(200);
    for (const answer of [
      await api.create({ name: "New" }, reader),
      await api.one("PUT", id, { name: "Renamed" }, reader),
      await api.one("DELETE", id, undefined, reader),
      await api.assets("PUT", id, { asset_ids: [] }, reader),
      await api.assets("POST", id, { asset_ids: [] }, reader),
      await api.assets("DELETE", id, "?asset_ids=1", reader),
      await api.list("", writer),
      await api.one("GET", id, undefined, writer),
      await api.assets("GET", id, "", writer),
    ]) {
      expect(answer).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE", message: expect.stringContaining("assets:") } });
    }
    expect((await api.create({ name: "New" }, writer)).status).toBe(201);
    for (const answer of [
      await api.list("", null),
      await api.create({ name: "Newer" }, null),
      await api.one("GET", id, undefined, null),
      await api.one("PUT", id, { name: "X" }, null),
      await api.one("DELETE", id, undefined, null),
      await api.assets("GET", id, "", null),
      await api.assets("PUT", id, { asset_ids: [] }, "not-a-token"),
    ]) {
      expect(answer).toEqual({ status: 401, headers: expect.anything(), body: { message: "Unauthenticated." } });
    }
    expect(await api.one("GET", id)).toMatchObject({ status: 200, body: { data: { name: "Fleet" } } });
  });

  it("counts every call against the client's REST budget (600 a minute), then 429 with Retry-After", async () => {
    const api = await setup();
    const id = await api.make("Fleet");
    const budget = rateLimiter(DEFAULT_API_RATE_LIMIT);
    for (let call = 1; call < DEFAULT_API_RATE_LIMIT.points; call++) await budget.consume(api.clientId);
    for (const answer of [
      await api.list(),
      await api.create({ name: "New" }),
      await api.one("GET", id),
      await api.one("PUT", id, { name: "Renamed" }),
      await api.one("DELETE", id),
      await api.assets("PUT", id, { asset_ids: [] }),
    ]) {
      expect(answer).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const other = (await makeToken(api.account.id)).token;
    expect(await api.one("GET", id, undefined, other)).toMatchObject({ status: 200, body: { data: { name: "Fleet" } } });
  });
});
