// /api/{account_key}/tag, /tag/{id}, /tag/{id}/assets and /tag/{id}/drivers through their route handlers, on every
// database kind: every status code of every method (200, 201, 204, 400, 401, 403, 404, 405, 409, 415, 422), names
// unique whatever their case, colours, bulk tagging of assets and drivers, cursor pages, account isolation and scopes.
import { describe, expect, it } from "vitest";
import { callRoute, fieldErrors, makeAccount, makeAsset, makeAssets, makeToken, type RouteHandler } from "@/server/testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import * as tagAssets from "./[tagId]/assets/route";
import * as tagDrivers from "./[tagId]/drivers/route";
import * as tag from "./[tagId]/route";
import * as tags from "./route";

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(databaseKinds())("tags over REST on %s", (kind) => {
  const t = useTestDatabase(kind);

  async function setup(name = "Acme") {
    const account = await makeAccount(name);
    const { token } = await makeToken(account.id);
    const key = account.key;
    const base = `/api/${key}/tag`;
    const members = { assets: tagAssets, drivers: tagDrivers };
    const api = {
      account,
      token,
      list: (query = "", as: string | null = token) => callRoute(tags.GET as RouteHandler, "GET", `${base}${query}`, { accountKey: key }, as ?? undefined),
      create: (body: unknown, as: string | null = token) => callRoute(tags.POST as RouteHandler, "POST", base, { accountKey: key }, as ?? undefined, body),
      one: (method: "GET" | "PUT" | "DELETE" | "POST" | "PATCH", id: number | string, body?: unknown, as: string | null = token) =>
        callRoute(tag[method] as RouteHandler, method, `${base}/${id}`, { accountKey: key, tagId: String(id) }, as ?? undefined, body),
      members: (which: "assets" | "drivers", method: "GET" | "PUT" | "POST" | "DELETE" | "PATCH", id: number | string, bodyOrQuery?: unknown, as: string | null = token) => {
        const query = method === "GET" || method === "DELETE" ? String(bodyOrQuery ?? "") : "";
        const body = method === "GET" || method === "DELETE" ? undefined : bodyOrQuery;
        return callRoute(members[which][method] as RouteHandler, method, `${base}/${id}/${which}${query}`, { accountKey: key, tagId: String(id) }, as ?? undefined, body);
      },
      collection: (method: "PUT" | "PATCH" | "DELETE") => callRoute(tags[method] as RouteHandler, method, base, { accountKey: key }, token),
      make: async (name: string, color?: string): Promise<number> => {
        const answer = await api.create({ name, color });
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        return answer.body.data.id as number;
      },
    };
    return api;
  }

  it("creates (201 + Location), reads, lists in cursor pages, replaces and deletes (204) a tag", async () => {
    const api = await setup();
    const created = await api.create({ name: " Refrigerated ", color: "#1E90FF" });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`/api/${api.account.key}/tag/${created.body.data.id}`);
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      name: "Refrigerated",
      color: "#1e90ff",
      asset_count: 0,
      driver_count: 0,
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    const id = created.body.data.id as number;
    // no colour: the default grey
    const plain = await api.make("Leased");
    expect((await api.one("GET", plain)).body.data.color).toBe("#6b7280");
    await api.make("Hazmat", "#ff0000");
    const first = await api.list("?limit=2");
    expect(first.body.data.map((x: { name: string }) => x.name)).toEqual(["Refrigerated", "Leased"]);
    expect((await api.list(`?limit=2&cursor=${first.body.next_cursor}`)).body).toEqual({ data: [expect.objectContaining({ name: "Hazmat" })], next_cursor: null });

    expect(await api.one("PUT", id, { name: "Cold chain", color: "#00ffff" })).toMatchObject({ status: 200, body: { data: { name: "Cold chain", color: "#00ffff" } } });
    expect(await api.one("PUT", id, { name: "Cold chain" })).toMatchObject({ status: 200, body: { data: { color: "#6b7280" } } });
    expect((await api.one("DELETE", id)).status).toBe(204);
    expect(await api.one("GET", id)).toMatchObject({ status: 404, body: { code: "TAG_NOT_FOUND" } });
  });

  it("keeps names unique per account whatever their case (409 TAG_NAME_TAKEN); other accounts may reuse them", async () => {
    const api = await setup();
    await api.make("Leased");
    expect(await api.create({ name: "LEASED" })).toMatchObject({ status: 409, body: { code: "TAG_NAME_TAKEN", errors: [{ field: "name" }] } });
    const other = await api.make("Owned");
    expect(await api.one("PUT", other, { name: "leased" })).toMatchObject({ status: 409, body: { code: "TAG_NAME_TAKEN" } });
    expect(await api.one("PUT", other, { name: "OWNED" })).toMatchObject({ status: 200, body: { data: { name: "OWNED" } } });
    expect((await (await setup("Other")).create({ name: "Leased" })).status).toBe(201);
  });

  it("answers 422 with an error per field: bad colours, names and unknown fields", async () => {
    const api = await setup();
    for (const color of ["red", "#fff", "#12345g", "1e90ff", 12]) {
      expect(fieldErrors(await api.create({ name: "A", color })), String(color)).toEqual(["color: must be a colour #rrggbb"]);
    }
    expect(fieldErrors(await api.create({}))).toEqual(["name: is required"]);
    expect(fieldErrors(await api.create({ name: " " }))).toEqual(["name: must not be empty"]);
    expect(fieldErrors(await api.create({ name: "x".repeat(61) }))).toEqual(["name: must be at most 60 characters"]);
    const bad = await api.create({ name: "A", colour: "#ffffff" });
    expect(bad).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED" } });
    const id = await api.make("Fine");
    expect(fieldErrors(await api.one("PUT", id, { name: "Fine", color: "blue" }))).toEqual(["color: must be a colour #rrggbb"]);
  });

  it("tags assets and drivers in bulk: PUT sets, POST adds, DELETE ?ids= removes; GET pages the ids", async () => {
    const api = await setup();
    const id = await api.make("Night shift");
    const [a, b, c] = await makeAssets(api.account.id, ["A", "B", "C"]);
    const [anna, ben] = [await t.db.driver.create({ data: { accountId: api.account.id, name: "Anna" }, select: { id: true } }), await t.db.driver.create({ data: { accountId: api.account.id, name: "Ben" }, select: { id: true } })];
    expect(await api.members("assets", "PUT", id, { asset_ids: [a!.id, b!.id] })).toMatchObject({ status: 200, body: { data: { asset_count: 2, driver_count: 0 } } });
    expect(await api.members("drivers", "POST", id, { driver_ids: [anna!.id, ben!.id, anna!.id] })).toMatchObject({ status: 200, body: { data: { asset_count: 2, driver_count: 2 } } });
    expect((await api.members("assets", "POST", id, { asset_ids: [b!.id, c!.id] })).body.data.asset_count).toBe(3);
    const page = await api.members("assets", "GET", id, "?limit=2");
    expect(page.body.data).toEqual([a!.id, b!.id]);
    expect((await api.members("assets", "GET", id, `?cursor=${page.body.next_cursor}`)).body).toEqual({ data: [c!.id], next_cursor: null });
    expect((await api.members("drivers", "GET", id)).body).toEqual({ data: [anna!.id, ben!.id], next_cursor: null });
    expect((await api.members("assets", "DELETE", id, `?asset_ids=${a!.id},${c!.id},999`)).body.data.asset_count).toBe(1);
    expect((await api.members("drivers", "PUT", id, { driver_ids: [ben!.id] })).body.data.driver_count).toBe(1);
    expect((await api.members("drivers", "DELETE", id, `?driver_ids=${ben!.id}`)).body.data.driver_count).toBe(0);
    // deleting the tag only takes the label off
    expect((await api.one("DELETE", id)).status).toBe(204);
    expect(await t.db.asset.count({ where: { id: b!.id } })).toBe(1);
    expect(await t.db.assetTag.count({ where: { tagId: id } })).toBe(0);
  });

  it("refuses another account's or unknown assets and drivers (422 naming them, nothing written)", async () => {
    const api = await setup();
    const stranger = await setup("Other");
    const id = await api.make("Tag");
    const theirAsset = await makeAsset(stranger.account.id, "Theirs");
    const theirDriver = await t.db.driver.create({ data: { accountId: stranger.account.id, name: "Zed" }, select: { id: true } });
    const assets = await api.members("assets", "POST", id, { asset_ids: [theirAsset.id] });
    expect(fieldErrors(assets)).toEqual([`asset_ids: not assets of this account: ${theirAsset.id}`]);
    const drivers = await api.members("drivers", "PUT", id, { driver_ids: [theirDriver.id] });
    expect(drivers).toMatchObject({ status: 422, body: { errors: [{ field: "driver_ids" }] } });
    expect(fieldErrors(await api.members("drivers", "PUT", id, { asset_ids: [1] }))).toEqual(expect.arrayContaining(["driver_ids: is required"]));
    expect((await api.one("GET", id)).body.data).toMatchObject({ asset_count: 0, driver_count: 0 });
    expect(await api.members("drivers", "DELETE", id, "?asset_ids=1")).toMatchObject({ status: 422, body: { errors: [{ field: "driver_ids" }] } });
  });

  it("answers 400, 415, 405, 404 (unknown, malformed, another account's tag or key), 403 and 401 as it must", async () => {
    const api = await setup();
    const stranger = await setup("Other");
    const theirs = await stranger.make("Theirs");
    const id = await api.make("Mine");
    expect(await api.create("{not json")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    expect(await api.one("PUT", id, "{not json")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    expect(await api.members("drivers", "POST", id, "{not json")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    const form = await (tags.POST as RouteHandler)(
      new Request(`http://fleetline.test/api/${api.account.key}/tag`, {
        method: "POST",
        headers: { authorization: `Bearer ${api.token}`, "content-type": "text/plain" },
        body: "name=A",
      }),
      { params: Promise.resolve({ accountKey: api.account.key }) },
    );
    expect(form.status).toBe(415);
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      expect((await api.collection(method)).headers.get("allow")).toBe("GET, POST");
    }
    expect((await api.one("POST", id, {})).status).toBe(405);
    expect((await api.members("assets", "PATCH", id, {})).status).toBe(405);

    for (const other of [999_999, "x", theirs]) {
      for (const [method, body] of [["GET"], ["PUT", { name: "Mine now" }], ["DELETE"]] as const) {
        expect(await api.one(method, other, body), `${method} ${other}`).toMatchObject({ status: 404, body: { code: "TAG_NOT_FOUND" } });
      }
      expect(await api.members("assets", "GET", other)).toMatchObject({ status: 404, body: { code: "TAG_NOT_FOUND" } });
      expect(await api.members("drivers", "POST", other, { driver_ids: [] })).toMatchObject({ status: 404, body: { code: "TAG_NOT_FOUND" } });
      expect(await api.members("assets", "DELETE", other, "?asset_ids=1")).toMatchObject({ status: 404, body: { code: "TAG_NOT_FOUND" } });
    }
    expect(await stranger.one("GET", theirs)).toMatchObject({ status: 200, body: { data: { name: "Theirs" } } });
    const foreign = await callRoute(tags.GET as RouteHandler, "GET", `/api/${stranger.account.key}/tag`, { accountKey: stranger.account.key }, api.token);
    expect(foreign).toMatchObject({ status: 404, body: { code: "ACCOUNT_NOT_FOUND" } });

    const reader = (await makeToken(api.account.id, { scopes: ["assets:read"] })).token;
    const writer = (await makeToken(api.account.id, { scopes: ["assets:write"] })).token;
    expect((await api.list("", reader)).status).toBe(200);
    expect((await api.members("drivers", "GET", id, "", reader)).status).toBe(200);
    for (const answer of [
      await api.create({ name: "New" }, reader),
      await api.one("PUT", id, { name: "X" }, reader),
      await api.one("DELETE", id, undefined, reader),
      await api.members("assets", "PUT", id, { asset_ids: [] }, reader),
      await api.members("drivers", "DELETE", id, "?driver_ids=1", reader),
      await api.one("GET", id, undefined, writer),
    ]) {
      expect(answer).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE" } });
    }
    for (const answer of [await api.list("", null), await api.one("GET", id, undefined, null), await api.members("drivers", "POST", id, { driver_ids: [] }, null)]) {
      expect(answer).toEqual({ status: 401, headers: expect.anything(), body: { message: "Unauthenticated." } });
    }
  });
});
