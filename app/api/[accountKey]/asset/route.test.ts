// GET /api/{account_key}/asset and /asset_map through their route handlers, on every database kind: shapes,
// pagination, account isolation and scopes.
import { describe, expect, it } from "vitest";
import { getRequest, makeAccount, makeAsset, makeToken, routeContext } from "@/server/testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import { GET as getAssetMap } from "../asset_map/route";
import { GET as getAssets } from "./route";

async function listPage(key: string, token: string, query = "") {
  const response = await getAssets(getRequest(`/api/${key}/asset${query}`, token), routeContext({ accountKey: key }));
  return { status: response.status, body: await response.json() };
}

describe.each(databaseKinds())("asset endpoints on %s", (kind) => {
  useTestDatabase(kind);

  it("lists assets with their tracker and a null last position, as {data, next_cursor}", async () => {
    const account = await makeAccount();
    const truck = await makeAsset(account.id, "Truck 1", `3569${String(Date.now()).slice(-11)}`);
    await makeAsset(account.id, "Van 2");
    const { token } = await makeToken(account.id);
    const { status, body } = await listPage(account.key, token);
    expect(status).toBe(200);
    expect(body.next_cursor).toBeNull();
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({
      id: truck.id,
      name: "Truck 1",
      tracker: { id: expect.any(Number), imei: expect.stringMatching(/^\d{15}$/), protocol: "teltonika", can_adapter: null },
      last_position: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(body.data[1]).toMatchObject({ name: "Van 2", tracker: null });
  });

  it("pages with limit and cursor until next_cursor is null", async () => {
    const account = await makeAccount();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await makeAsset(account.id, `Asset ${i}`)).id);
    const { token } = await makeToken(account.id);
    const seen: number[] = [];
    let query = "?limit=2";
    for (let page = 0; page < 5; page++) {
      const { status, body } = await listPage(account.key, token, query);
      expect(status).toBe(200);
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((asset: { id: number }) => asset.id));
      if (!body.next_cursor) break;
      query = `?limit=2&cursor=${body.next_cursor}`;
    }
    expect(seen).toEqual(ids);
  });

  it("answers 422 with field errors for a bad limit or cursor", async () => {
    const account = await makeAccount();
    const { token } = await makeToken(account.id);
    for (const query of ["?limit=0", "?limit=501", "?limit=abc", "?limit=1.5", "?cursor=!!", "?cursor=bm9wZQ"]) {
      const { status, body } = await listPage(account.key, token, query);
      expect(status, query).toBe(422);
      expect(body).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: expect.stringMatching(/limit|cursor/) }] });
    }
  });

  it("answers asset_map with every asset id of the account", async () => {
    const account = await makeAccount();
    const other = await makeAccount("Other");
    const a = await makeAsset(account.id, "A");
    const b = await makeAsset(account.id, "B");
    await makeAsset(other.id, "Not mine");
    const { token } = await makeToken(account.id);
    const response = await getAssetMap(getRequest(`/api/${account.key}/asset_map`, token), routeContext({ accountKey: account.key }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: [a.id, b.id], next_cursor: null }); // paging: asset_map/route.test.ts
  });

  it("answers 404 ACCOUNT_NOT_FOUND when the token's account is not the path's (A cannot see B)", async () => {
    const a = await makeAccount("Alpha");
    const b = await makeAccount("Beta");
    await makeAsset(b.id, "B's truck");
    const { token } = await makeToken(a.id);
    for (const key of [b.key, "no-such-account"]) {
      const list = await listPage(key, token);
      expect(list).toEqual({ status: 404, body: { message: "Account not found.", code: "ACCOUNT_NOT_FOUND" } });
      const map = await getAssetMap(getRequest(`/api/${key}/asset_map`, token), routeContext({ accountKey: key }));
      expect(map.status).toBe(404);
    }
  });

  it("answers 403 INSUFFICIENT_SCOPE without assets:read, and 401 without a valid token", async () => {
    const account = await makeAccount();
    const { token } = await makeToken(account.id, { scopes: ["stream:read"] });
    expect(await listPage(account.key, token)).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE" } });
    const narrowed = await makeToken(account.id, { scope: "positions:read" });
    expect(await listPage(account.key, narrowed.token)).toMatchObject({ status: 403 });
    expect(await listPage(account.key, "garbage")).toEqual({ status: 401, body: { message: "Unauthenticated." } });
  });
});
