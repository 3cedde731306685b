// GET /api/{account_key}/asset_map through its route handler, on every database kind: a collection answers
// {data, next_cursor} (spec-readings "Responses the spec does not show"), in cursor pages of ascending ids like the
// asset list, each page as large as one live-stream connection's asset_ids may be; account isolation and scopes.
import { describe, expect, it } from "vitest";
import { getRequest, makeAccount, makeAsset, makeToken, routeContext } from "@/server/testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import { ASSET_MAP_PAGE_SIZE } from "@/server/modules/assets/list-asset-map";
import { MAX_ASSET_IDS } from "@/server/modules/stream/stream-limits";
import { GET } from "./route";

async function assetMap(key: string, token: string, query = "") {
  const response = await GET(getRequest(`/api/${key}/asset_map${query}`, token), routeContext({ accountKey: key }));
  return { status: response.status, body: await response.json() };
}

describe.each(databaseKinds())("GET asset_map on %s", (kind) => {
  useTestDatabase(kind);

  it("answers every asset id of the account, ascending, as {data, next_cursor}", async () => {
    const account = await makeAccount();
    const other = await makeAccount("Other");
    const a = await makeAsset(account.id, "A");
    await makeAsset(other.id, "Not mine");
    const b = await makeAsset(account.id, "B");
    const { token } = await makeToken(account.id);
    expect(await assetMap(account.key, token)).toEqual({ status: 200, body: { data: [a.id, b.id], next_cursor: null } });
    // an account without assets: an empty last page
    const empty = await makeAccount("Empty");
    expect(await assetMap(empty.key, (await makeToken(empty.id)).token)).toEqual({ status: 200, body: { data: [], next_cursor: null } });
  });

  it("pages with limit and cursor until next_cursor is null", async () => {
    const account = await makeAccount();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await makeAsset(account.id, `Asset ${i}`)).id);
    const { token } = await makeToken(account.id);
    const pages: number[][] = [];
    let query = "?limit=2";
    for (let page = 0; page < 5; page++) {
      const { status, body } = await assetMap(account.key, token, query);
      expect(status).toBe(200);
      pages.push(body.data);
      if (!body.next_cursor) break;
      query = `?limit=2&cursor=${body.next_cursor}`;
    }
    expect(pages).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
  });

  it("holds as many ids by default as one live-stream connection takes", () => {
    expect(ASSET_MAP_PAGE_SIZE).toBe(MAX_ASSET_IDS);
  });

  it("answers 422 with field errors for a bad limit or cursor", async () => {
    const account = await makeAccount();
    const { token } = await makeToken(account.id);
    for (const query of ["?limit=0", `?limit=${ASSET_MAP_PAGE_SIZE + 1}`, "?limit=abc", "?limit=1.5", "?cursor=!!", "?cursor=bm9wZQ"]) {
      const { status, body } = await assetMap(account.key, token, query);
      expect(status, query).toBe(422);
      expect(body).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: expect.stringMatching(/limit|cursor/) }] });
    }
  });

  it("answers 404 for another account's key, 403 without assets:read and 401 without a valid token", async () => {
    const a = await makeAccount("Alpha");
    const b = await makeAccount("Beta");
    await makeAsset(b.id, "B's truck");
    const { token } = await makeToken(a.id);
    expect(await assetMap(b.key, token)).toEqual({ status: 404, body: { message: "Account not found.", code: "ACCOUNT_NOT_FOUND" } });
    const streamOnly = await makeToken(a.id, { scopes: ["stream:read"] });
    expect(await assetMap(a.key, streamOnly.token)).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE" } });
    expect(await assetMap(a.key, "garbage")).toEqual({ status: 401, body: { message: "Unauthenticated." } });
  });
});
