// /api/{account_key}/odometer-entry and /odometer-entry/{id} through their route handlers, on every database kind:
// every status code (200, 201, 204, 400, 401, 403, 404, 405, 409, 413, 415, 422, 429), the sequence rule with resets
// (also for two posts at once), filters, cursor pages, the tracker check and account isolation.
import { describe, expect, it } from "vitest";
import { DEFAULT_API_RATE_LIMIT } from "@/server/http/with-api-auth";
import { rateLimiter } from "@/server/security/rate-limit";
import { makeTrackedAsset, storeFixes } from "@/server/testing/fleet-entry-fixtures";
import { callRoute, fieldErrors, makeAccount, makeAsset, makeToken, routeContext, type RouteHandler } from "@/server/testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import * as entry from "./[entryId]/route";
import * as entries from "./route";

const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 10, day, hour)).toISOString();

describe.each(databaseKinds())("odometer entries over REST on %s", (kind) => {
  const t = useTestDatabase(kind);

  async function setup(name = "Acme") {
    const account = await makeAccount(name);
    const { token, clientId } = await makeToken(account.id);
    const key = account.key;
    const base = `/api/${key}/odometer-entry`;
    const api = {
      account,
      token,
      clientId,
      list: (query = "", as: string | null = token) => callRoute(entries.GET as RouteHandler, "GET", `${base}${query}`, { accountKey: key }, as ?? undefined),
      create: (body: unknown, as: string | null = token) => callRoute(entries.POST as RouteHandler, "POST", base, { accountKey: key }, as ?? undefined, body),
      one: (method: "GET" | "PUT" | "DELETE" | "POST" | "PATCH", id: number | string, body?: unknown, as: string | null = token) =>
        callRoute(entry[method] as RouteHandler, method, `${base}/${id}`, { accountKey: key, entryId: String(id) }, as ?? undefined, body),
      collection: (method: "PUT" | "PATCH" | "DELETE") => callRoute(entries[method] as RouteHandler, method, base, { accountKey: key }, token),
      /** an entry's id */
      make: async (body: Record<string, unknown>): Promise<number> => {
        const answer = await api.create(body);
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        return answer.body.data.id as number;
      },
    };
    return api;
  }

  it("records (201 + Location), reads, lists, replaces and deletes (204) a reading", async () => {
    const api = await setup();
    const van = await makeAsset(api.account.id, "Van");
    const created = await api.create({ asset_id: van.id, read_at: at(1), value_km: 12_345.6789, note: " dashboard " });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`/api/${api.account.key}/odometer-entry/${created.body.data.id}`);
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      asset_id: van.id,
      read_at: at(1),
      value_km: 12_345.679,
      source: "manual",
      is_reset: false,
      note: "dashboard",
      fuel_entry_id: null,
      tracker: { odometer_km: null, meter: null },
      flags: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = created.body.data.id;
    expect(await api.one("GET", id)).toMatchObject({ status: 200, body: { data: { id, value_km: 12_345.679 } } });
    const replaced = await api.one("PUT", id, { asset_id: van.id, read_at: at(2), value_km: 12_400, source: "tracker" });
    expect(replaced).toMatchObject({ status: 200, body: { data: { id, read_at: at(2), value_km: 12_400, source: "tracker", note: null } } });
    expect((await api.one("DELETE", id)).status).toBe(204);
    expect(await api.one("GET", id)).toMatchObject({ status: 404, body: { code: "ODOMETER_ENTRY_NOT_FOUND" } });
  });

  it("refuses a reading lower than an earlier one or higher than a later one (422) unless it is a reset", async () => {
    const api = await setup();
    const van = await makeAsset(api.account.id, "Van");
    await api.make({ asset_id: van.id, read_at: at(1), value_km: 1000 });
    const later = await api.make({ asset_id: van.id, read_at: at(10), value_km: 2000 });
    const lower = await api.create({ asset_id: van.id, read_at: at(5), value_km: 900 });
    expect(lower).toMatchObject({ status: 422, body: { code: "ODOMETER_OUT_OF_SEQUENCE", errors: [{ field: "value_km", message: expect.stringContaining("lower than the reading of 1,000 km") }] } });
    const higher = await api.create({ asset_id: van.id, read_at: at(5), value_km: 2500 });
    expect(fieldErrors(higher)).toEqual([expect.stringContaining("value_km: is higher than the later reading of 2,000 km")]);
    // in between and equal values are fine
    expect((await api.create({ asset_id: van.id, read_at: at(5), value_km: 1000 })).status).toBe(201);
    expect((await api.create({ asset_id: van.id, read_at: at(11), value_km: 2000 })).status).toBe(201);
    // a reset starts a new sequence: lower is fine, and later readings must follow it
    const reset = await api.make({ asset_id: van.id, read_at: at(12), value_km: 5, is_reset: true });
    expect((await api.create({ asset_id: van.id, read_at: at(13), value_km: 3 })).status).toBe(422);
    expect((await api.create({ asset_id: van.id, read_at: at(13), value_km: 50 })).status).toBe(201);
    // taking the reset away would leave 50 km after 2,000 km: 409, for DELETE and for a PUT that un-resets it
    expect(await api.one("DELETE", reset)).toMatchObject({ status: 409, body: { code: "ODOMETER_RESET_IN_USE" } });
    expect(await api.one("PUT", reset, { asset_id: van.id, read_at: at(12), value_km: 5 })).toMatchObject({ status: 409, body: { code: "ODOMETER_RESET_IN_USE" } });
    // moving a reading past its neighbours is checked at its new place
    expect((await api.one("PUT", later, { asset_id: van.id, read_at: at(14), value_km: 40 })).status).toBe(422);
    // another asset's sequence is its own
    const car = await makeAsset(api.account.id, "Car");
    expect((await api.create({ asset_id: car.id, read_at: at(5), value_km: 1 })).status).toBe(201);
  });

  it("lets only one of two readings posted at once break the sequence between them", async () => {
    const api = await setup();
    const van = await makeAsset(api.account.id, "Van");
    await api.make({ asset_id: van.id, read_at: at(1), value_km: 1000 });
    // each fits alone; together the earlier one is higher than the later one
    const answers = await Promise.all([
      api.create({ asset_id: van.id, read_at: at(3), value_km: 1500 }),
      api.create({ asset_id: van.id, read_at: at(4), value_km: 1200 }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    const values = (await api.list(`?asset_id=${van.id}`)).body.data.map((e: { value_km: number }) => e.value_km);
    expect([...values].reverse()).toEqual([...values].reverse().sort((a: number, b: number) => a - b));
  });

  it("lists newest first in cursor pages, filtered by asset, source and date range", async () => {
    const api = await setup();
    const [van, car] = [await makeAsset(api.account.id, "Van"), await makeAsset(api.account.id, "Car")];
    const ids: number[] = [];
    for (let day = 1; day <= 5; day++) ids.push(await api.make({ asset_id: van.id, read_at: at(day), value_km: day * 100 }));
    await api.make({ asset_id: car.id, read_at: at(3), value_km: 7, source: "tracker" });
    const first = await api.list(`?asset_id=${van.id}&limit=2`);
    expect(first.body.data.map((e: { id: number }) => e.id)).toEqual([ids[4], ids[3]]);
    const second = await api.list(`?asset_id=${van.id}&limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.data.map((e: { id: number }) => e.id)).toEqual([ids[2], ids[1]]);
    const last = await api.list(`?asset_id=${van.id}&limit=2&cursor=${second.body.next_cursor}`);
    expect(last.body).toEqual({ data: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
    expect((await api.list(`?from=${at(2)}&to=${at(4)}`)).body.data.map((e: { value_km: number }) => e.value_km)).toEqual([7, 300, 200]);
    expect((await api.list("?source=tracker")).body.data.map((e: { asset_id: number }) => e.asset_id)).toEqual([car.id]);
    expect((await api.list("?asset_id=999999")).body).toEqual({ data: [], next_cursor: null });
    for (const query of ["?limit=0", "?cursor=***", "?cursor=abc", "?asset_id=x", "?from=yesterday", "?source=gps"]) {
      expect(await api.list(query), query).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED" } });
    }
  });

  it("compares a reading with the tracker's odometer at its time and flags one too far from it", async () => {
    const api = await setup();
    const van = await makeTrackedAsset(api.account.id, "Van");
    const base = Date.parse(at(1));
    // CAN odometer 100.000 km an hour before, 110.000 km an hour after: 105 km at the reading's time
    await storeFixes(van, [
      { at: new Date(base - 3_600_000), io: { canTotalMileage: 100_000, totalOdometer: 1_000 }, odometer: 100_000 },
      { at: new Date(base + 3_600_000), io: { canTotalMileage: 110_000, totalOdometer: 2_000 }, odometer: 110_000 },
    ]);
    const near = await api.create({ asset_id: van.id, read_at: at(1), value_km: 108 });
    expect(near.body.data).toMatchObject({ tracker: { odometer_km: 105, meter: "can" }, flags: [] });
    const far = await api.create({ asset_id: van.id, read_at: at(1), value_km: 111 });
    expect(far.body.data).toMatchObject({ tracker: { odometer_km: 105, meter: "can" }, flags: ["odometer_mismatch"] });
    // no record within two hours: nothing to compare with
    expect((await api.create({ asset_id: van.id, read_at: at(3), value_km: 500 })).body.data).toMatchObject({ tracker: { odometer_km: null }, flags: [] });
  });

  it("answers 422 with an error per field, for unknown assets and future times", async () => {
    const api = await setup();
    const stranger = await setup("Other");
    const theirs = await makeAsset(stranger.account.id, "Theirs");
    const bad = await api.create({ asset_id: "x", read_at: "yesterday", value_km: -1, source: "poll", extra: 1 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["asset_id", "body", "read_at", "source", "value_km"]);
    expect(fieldErrors(await api.create({}))).toEqual(["asset_id: is required", "read_at: is required", "value_km: is required"]);
    for (const asset of [theirs.id, 999_999]) {
      expect(fieldErrors(await api.create({ asset_id: asset, read_at: at(1), value_km: 1 }))).toEqual(["asset_id: is not an asset of this account"]);
    }
    const mine = await makeAsset(api.account.id, "Mine");
    expect(fieldErrors(await api.create({ asset_id: mine.id, read_at: new Date(Date.now() + 3_600_000).toISOString(), value_km: 1 }))).toEqual(["read_at: is in the future"]);
    const id = await api.make({ asset_id: mine.id, read_at: at(1), value_km: 1 });
    const other = await makeAsset(api.account.id, "Other");
    expect(fieldErrors(await api.one("PUT", id, { asset_id: other.id, read_at: at(1), value_km: 1 }))).toEqual([expect.stringContaining("asset_id: a reading stays with its asset")]);
  });

  it("answers 400 for malformed JSON, 413 over 1 MiB, 415 for a body that is not JSON, 405 for other methods", async () => {
    const api = await setup();
    const van = await makeAsset(api.account.id, "Van");
    const id = await api.make({ asset_id: van.id, read_at: at(1), value_km: 1 });
    expect(await api.create("{not json")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    expect(await api.one("PUT", id, "{not json")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    expect(await api.create({ note: "x".repeat(1024 * 1024 + 1) })).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
    const asForm = await (entries.POST as RouteHandler)(
      new Request(`http://fleetline.test/api/${api.account.key}/odometer-entry`, {
        method: "POST",
        headers: { authorization: `Bearer ${api.token}`, "content-type": "application/x-www-form-urlencoded" },
        body: "value_km=1",
      }),
      routeContext({ accountKey: api.account.key }),
    );
    expect(asForm.status).toBe(415);
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      const answer = await api.collection(method);
      expect(answer, method).toMatchObject({ status: 405, body: { code: "METHOD_NOT_ALLOWED" } });
      expect(answer.headers.get("allow")).toBe("GET, POST");
    }
    for (const method of ["POST", "PATCH"] as const) {
      const answer = await api.one(method, id, {});
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get("allow")).toBe("GET, PUT, DELETE");
    }
  });

  it("answers 404 for unknown, malformed and other accounts' ids and keys; 409 for readings the server wrote", async () => {
    const api = await setup();
    const stranger = await setup("Other");
    const theirAsset = await makeAsset(stranger.account.id, "Theirs");
    const theirs = await stranger.make({ asset_id: theirAsset.id, read_at: at(1), value_km: 1 });
    for (const id of [999_999, "abc", "0", theirs]) {
      for (const [method, body] of [["GET"], ["PUT", { asset_id: theirAsset.id, read_at: at(1), value_km: 2 }], ["DELETE"]] as const) {
        expect(await api.one(method, id, body), `${method} ${id}`).toMatchObject({ status: 404, body: { code: "ODOMETER_ENTRY_NOT_FOUND" } });
      }
    }
    const foreign = await callRoute(entries.GET as RouteHandler, "GET", `/api/${stranger.account.key}/odometer-entry`, { accountKey: stranger.account.key }, api.token);
    expect(foreign).toMatchObject({ status: 404, body: { code: "ACCOUNT_NOT_FOUND" } });
    // a poll reading can be deleted, not edited
    const van = await makeAsset(api.account.id, "Van");
    const poll = await t.db.odometerEntry.create({ data: { accountId: api.account.id, assetId: van.id, readAt: new Date(at(2)), valueM: 5000, source: "poll", pollSlot: 1 } });
    expect(await api.one("PUT", poll.id, { asset_id: van.id, read_at: at(2), value_km: 6 })).toMatchObject({ status: 409, body: { code: "CONFLICT" } });
    expect((await api.one("DELETE", poll.id)).status).toBe(204);
  });

  it("needs assets:read to read and assets:write to write; 401 exactly without a token; 429 past the budget", async () => {
    const api = await setup();
    const van = await makeAsset(api.account.id, "Van");
    const id = await api.make({ asset_id: van.id, read_at: at(1), value_km: 1 });
    const reader = (await makeToken(api.account.id, { scopes: ["assets:read"] })).token;
    const writer = (await makeToken(api.account.id, { scopes: ["assets:write"] })).token;
    expect((await api.list("", reader)).status).toBe(200);
    expect((await api.one("GET", id, undefined, reader)).status).toBe(200);
    for (const answer of [
      await api.create({ asset_id: van.id, read_at: at(2), value_km: 2 }, reader),
      await api.one("PUT", id, { asset_id: van.id, read_at: at(1), value_km: 1 }, reader),
      await api.one("DELETE", id, undefined, reader),
      await api.list("", writer),
    ]) {
      expect(answer).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE" } });
    }
    for (const answer of [await api.list("", null), await api.create({}, null), await api.one("GET", id, undefined, "not-a-token")]) {
      expect(answer).toEqual({ status: 401, headers: expect.anything(), body: { message: "Unauthenticated." } });
    }
    const budget = rateLimiter(DEFAULT_API_RATE_LIMIT);
    for (let call = 1; call < DEFAULT_API_RATE_LIMIT.points; call++) await budget.consume(api.clientId);
    for (const answer of [await api.list(), await api.one("GET", id)]) {
      expect(answer).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });
});
