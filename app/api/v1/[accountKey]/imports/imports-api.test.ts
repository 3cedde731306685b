// {integrations_url} (/api/v1/{account_key}/imports) through its route handlers, on every database kind: every
// status code the spec's Import errors and Limits name (200, 202, 401, 403, 404, 413, 422, 429), the job read-back,
// the targets list and routes/sync.
import { afterEach, describe, expect, it } from "vitest";
import { resetRateLimits } from "@/server/security/rate-limit";
import { callRoute, makeAccount, makeApiKey, makeAsset, type RouteHandler } from "@/server/testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import { GET as getJob } from "./[jobId]/route";
import { POST as syncRoute } from "./routes/sync/route";
import { GET as postRowsWrongMethod, POST as postRows } from "./rows/route";
import { GET as getTargets } from "./targets/route";

describe.each(databaseKinds())("import service endpoints on %s", (kind) => {
  const t = useTestDatabase(kind);
  afterEach(() => resetRateLimits());

  async function setup(role: "admin" | "fleet_manager" | "office_staff" | "viewer" = "office_staff") {
    const account = await makeAccount();
    const key = await makeApiKey(account.id, role);
    const asset = await makeAsset(account.id, "Bus 1");
    const base = `/api/v1/${account.key}/imports`;
    const params = { accountKey: account.key };
    const rows = (body: unknown, apiKey = key.apiKey) => callRoute(postRows as RouteHandler, "POST", `${base}/rows`, params, apiKey, body);
    return { account, key, asset, base, params, rows };
  }

  it("imports up to 500 rows at once (200) for admins, fleet managers and office staff", async () => {
    for (const role of ["admin", "fleet_manager", "office_staff"] as const) {
      const { rows } = await setup(role);
      const response = await rows({ target: "routes", rows: [{ route_number: "R1", vehicle: "Bus 1", stops: [{ name: "A" }, { name: "B" }] }] });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ target: "routes", status: "done", source: "api", rows: 2, stats: { created: 1, updated: 0, skipped: 0, failed: 0 }, errors: [] });
      expect(response.body.created_ids).toHaveLength(1);
    }
  });

  it("queues 501 to 5,000 rows (202, pending) and shows the job by id", async () => {
    const { rows, base, params, key } = await setup();
    const response = await rows({ target: "routes", rows: Array.from({ length: 501 }, (_, i) => ({ route_number: `R${i}` })) });
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ status: "pending", rows: 501, finished_at: null });
    const job = await callRoute(getJob as RouteHandler, "GET", `${base}/${response.body.id}`, { ...params, jobId: String(response.body.id) }, key.apiKey);
    expect(job.status).toBe(200);
    expect(job.body).toMatchObject({ id: response.body.id, target: "routes", rows: 501 });
    expect((await callRoute(getJob as RouteHandler, "GET", `${base}/999999`, { ...params, jobId: "999999" }, key.apiKey)).status).toBe(404);
    expect((await callRoute(getJob as RouteHandler, "GET", `${base}/abc`, { ...params, jobId: "abc" }, key.apiKey)).status).toBe(404);
  });

  it("refuses more than 5,000 rows with 413 and a clear message", async () => {
    const { rows } = await setup();
    const response = await rows({ target: "runs", rows: Array.from({ length: 5_001 }, () => ({ route_number: "R", date: "2026-09-01" })) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      code: "IMPORT_TOO_LARGE",
      message: "This call holds more than 5,000 rows (each stop counting); one call takes at most 5,000, and nothing was imported. Split it into several calls.",
    });
  });

  it("refuses an unknown field or a malformed body with 422, importing nothing", async () => {
    const { rows, account } = await setup();
    const unknown = await rows({ target: "routes", rows: [{ route_number: "R1" }, { route_number: "R2", colour: "red" }] });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "rows.1.colour", message: expect.stringContaining('unknown field "colour"') }] });
    expect((await rows("{not json")).status).toBe(422);
    expect((await rows({ target: "routes" })).status).toBe(422);
    expect(await t.db.route.count({ where: { accountId: account.id } })).toBe(0);
  });

  it("reports row problems with 200 and their row numbers", async () => {
    const { rows } = await setup();
    const response = await rows({ target: "runs", rows: [{ route_number: "NOPE", date: "2026-09-01" }] });
    expect(response.status).toBe(200);
    expect(response.body.errors).toEqual([{ row: 1, field: "route_number", reason: expect.stringContaining("not been imported yet") }]);
  });

  it("answers 401 without a valid key, 404 for another account's key, 403 for a viewer's key", async () => {
    const { rows, base, params } = await setup();
    expect((await rows({ target: "routes", rows: [{ route_number: "R" }] }, "flk_bogus_key")).status).toBe(401);
    expect((await callRoute(postRows as RouteHandler, "POST", `${base}/rows`, params, undefined, { target: "routes", rows: [] })).status).toBe(401);
    const other = await setup();
    expect((await rows({ target: "routes", rows: [{ route_number: "R" }] }, other.key.apiKey)).status).toBe(404);
    const viewer = await makeApiKey(other.account.id, "viewer");
    const refused = await other.rows({ target: "routes", rows: [{ route_number: "R" }] }, viewer.apiKey);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "FORBIDDEN" });
  });

  it("allows 30 row calls a minute per API key, then 429 with Retry-After", async () => {
    const { rows, account } = await setup();
    for (let i = 0; i < 30; i++) expect((await rows({ target: "runs", rows: [{ route_number: "R", date: "2026-09-01" }] })).status).toBe(200);
    const limited = await rows({ target: "runs", rows: [{ route_number: "R", date: "2026-09-01" }] });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // the budget is the key's: another key of the same account is not limited
    const second = await makeApiKey(account.id, "admin");
    expect((await rows({ target: "runs", rows: [{ route_number: "R", date: "2026-09-01" }] }, second.apiKey)).status).toBe(200);
  });

  it("lists the targets, their fields and limits as a collection", async () => {
    const { base, params, key } = await setup();
    const response = await callRoute(getTargets as RouteHandler, "GET", `${base}/targets`, params, key.apiKey);
    expect(response.status).toBe(200);
    // a collection, as every list of the API (spec-readings), on one page
    expect(Object.keys(response.body).sort()).toEqual(["data", "next_cursor"]);
    expect(response.body.next_cursor).toBeNull();
    expect(response.body.data.map((t: { target: string }) => t.target)).toEqual(["routes", "runs", "passengers"]);
    expect(response.body.data[0].fields).toContainEqual(expect.objectContaining({ name: "route_number", required: true }));
    for (const target of response.body.data) {
      expect(target.limits).toEqual({ rows_answered_at_once: 500, max_rows_per_call: 5000, row_calls_per_minute: 30, max_body_bytes: 8 * 1024 * 1024 });
    }
  });

  it("moves a route number onto another vehicle with routes/sync", async () => {
    const { rows, base, params, key, account } = await setup();
    await rows({ target: "routes", rows: [{ route_number: "R1", vehicle: "Bus 1" }] });
    const van = await makeAsset(account.id, "Van 2");
    const sync = (body: unknown) => callRoute(syncRoute as RouteHandler, "POST", `${base}/routes/sync`, params, key.apiKey, body);
    const moved = await sync({ route_number: "R1", vehicle: "van 2" });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ route_number: "R1", vehicle: { id: van.id, name: "Van 2" } });
    expect((await sync({ route_number: "R404", vehicle: "Van 2" })).status).toBe(404);
    expect((await sync({ route_number: "R1", vehicle: "Tractor" })).status).toBe(422);
    expect((await sync({ route_number: "R1", vehicle: "Van 2", extra: 1 })).status).toBe(422);
  });

  it("answers 405 to other methods", async () => {
    const { base, params, key } = await setup();
    expect((await callRoute(postRowsWrongMethod as RouteHandler, "GET", `${base}/rows`, params, key.apiKey)).status).toBe(405);
  });
});
