// /api/{account_key}/fuel-entry, /fuel-entry/{id} and /fuel-entry/summary through their route handlers, on every
// database kind: every status code, amounts (two of three give the third; a mismatch is 422), consumption figures
// with partial, reset and void entries, the fuel_entry odometer reading under the sequence rule, the tracker flags,
// the summary, cursor pages and account isolation.
import { describe, expect, it } from "vitest";
import { makeTrackedAsset, storeFixes } from "@/server/testing/fleet-entry-fixtures";
import { callRoute, fieldErrors, makeAccount, makeAsset, makeToken, type RouteHandler } from "@/server/testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import * as odometerEntries from "../odometer-entry/route";
import * as entry from "./[entryId]/route";
import * as entries from "./route";
import * as summary from "./summary/route";

const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 10, day, hour)).toISOString();

describe.each(databaseKinds())("fuel entries over REST on %s", (kind) => {
  const t = useTestDatabase(kind);

  async function setup(name = "Acme") {
    const account = await makeAccount(name);
    const { token } = await makeToken(account.id);
    const key = account.key;
    const base = `/api/${key}/fuel-entry`;
    const api = {
      account,
      token,
      list: (query = "", as: string | null = token) => callRoute(entries.GET as RouteHandler, "GET", `${base}${query}`, { accountKey: key }, as ?? undefined),
      create: (body: unknown, as: string | null = token) => callRoute(entries.POST as RouteHandler, "POST", base, { accountKey: key }, as ?? undefined, body),
      one: (method: "GET" | "PUT" | "DELETE" | "POST" | "PATCH", id: number | string, body?: unknown, as: string | null = token) =>
        callRoute(entry[method] as RouteHandler, method, `${base}/${id}`, { accountKey: key, entryId: String(id) }, as ?? undefined, body),
      summary: (query: string, method: "GET" | "POST" = "GET", as: string | null = token) =>
        callRoute(summary[method] as RouteHandler, method, `${base}/summary${query}`, { accountKey: key }, as ?? undefined),
      readings: (query: string) => callRoute(odometerEntries.GET as RouteHandler, "GET", `/api/${key}/odometer-entry${query}`, { accountKey: key }, token),
      make: async (body: Record<string, unknown>): Promise<number> => {
        const answer = await api.create(body);
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        return answer.body.data.id as number;
      },
    };
    return api;
  }

  it("records a fill-up (201 + Location) with its amounts completed and its odometer as a fuel_entry reading", async () => {
    const api = await setup();
    const van = await makeAsset(api.account.id, "Van");
    const created = await api.create({ asset_id: van.id, filled_at: at(1), odometer_km: 1000, volume_l: 40.5, price_per_unit: 1.899, vendor: " Circle K ", fuel_type: "diesel" });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`/api/${api.account.key}/fuel-entry/${created.body.data.id}`);
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      asset_id: van.id,
      filled_at: at(1),
      odometer_km: 1000,
      volume_l: 40.5,
      price_per_unit: 1.899,
      total: 76.91,
      vendor: "Circle K",
      fuel_type: "diesel",
      partial: false,
      reset_usage: false,
      void: false,
      note: null,
      odometer_reset: false,
      odometer_entry_id: expect.any(Number),
      distance_km: null,
      l_per_100km: null,
      cost_per_km: null,
      interval: null,
      tracker: { odometer_km: null, meter: null, fuel_level_rise: null, fuel_level_unit: null },
      flags: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const readings = (await api.readings(`?asset_id=${van.id}`)).body.data;
    expect(readings).toEqual([expect.objectContaining({ id: created.body.data.odometer_entry_id, source: "fuel_entry", fuel_entry_id: created.body.data.id, value_km: 1000 })]);
    // total only: the price is computed; both: they must agree
    expect((await api.create({ asset_id: van.id, filled_at: at(2), odometer_km: 1500, volume_l: 40, total: 76 })).body.data).toMatchObject({ price_per_unit: 1.9, total: 76 });
    const mismatch = await api.create({ asset_id: van.id, filled_at: at(3), odometer_km: 1600, volume_l: 40, price_per_unit: 1.9, total: 80 });
    expect(mismatch).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED" } });
    expect(fieldErrors(mismatch)).toEqual(["total: does not match volume × price per unit (76)"]);
  });

  it("computes consumption with partial, reset and void entries, and keeps it right when entries change", async () => {
    const api = await setup();
    const van = await makeAsset(api.account.id, "Van");
    const fill = (day: number, odometer: number, volume: number, extra: Record<string, unknown> = {}) =>
      api.make({ asset_id: van.id, filled_at: at(day), odometer_km: odometer, volume_l: volume, price_per_unit: 2, ...extra });
    await fill(1, 1000, 40);
    const partial = await fill(2, 1200, 10, { partial: true });
    const full = await fill(3, 1500, 30);
    const voided = await fill(4, 1600, 20, { void: true });
    const afterGap = await fill(6, 3000, 50, { reset_usage: true });
    const last = await fill(7, 3500, 35);
    const byId = async () => new Map((await api.list(`?asset_id=${van.id}`)).body.data.map((e: { id: number }) => [e.id, e]));
    let figures = await byId();
    expect(figures.get(partial)).toMatchObject({ distance_km: 200, l_per_100km: null });
    expect(figures.get(full)).toMatchObject({ distance_km: 300, l_per_100km: 8, cost_per_km: 0.16, interval: { distance_km: 500, volume_l: 40, cost: 80 } });
    expect(figures.get(voided)).toMatchObject({ void: true, distance_km: null, odometer_entry_id: null });
    expect(figures.get(afterGap)).toMatchObject({ distance_km: null, l_per_100km: null });
    expect(figures.get(last)).toMatchObject({ distance_km: 500, l_per_100km: 7 });
    // the void entry's odometer is no reading
    expect((await api.readings(`?asset_id=${van.id}`)).body.data.map((r: { value_km: number }) => r.value_km)).toEqual([3500, 3000, 1500, 1200, 1000]);

    const sum = await api.summary(`?asset_id=${van.id}`);
    expect(sum).toMatchObject({
      status: 200,
      body: { data: { asset_id: van.id, entries: 5, void_entries: 1, volume_l: 165, cost: 330, distance_km: 1000, l_per_100km: 7.5, cost_per_km: 0.15 } },
    });
    expect(sum.body.data.series).toEqual([
      { filled_at: at(3), l_per_100km: 8, cost_per_km: 0.16 },
      { filled_at: at(7), l_per_100km: 7, cost_per_km: 0.14 },
    ]);
    expect((await api.summary(`?asset_id=${van.id}&from=${at(5)}&to=${at(8)}`)).body.data).toMatchObject({ entries: 2, l_per_100km: 7, series: [{ filled_at: at(7) }] });

    // making the partial one full splits the interval: both figures follow
    const replaced = await api.one("PUT", partial, { asset_id: van.id, filled_at: at(2), odometer_km: 1200, volume_l: 10, price_per_unit: 2 });
    expect(replaced).toMatchObject({ status: 200, body: { data: { partial: false, l_per_100km: 5 } } });
    figures = await byId();
    expect(figures.get(full)).toMatchObject({ l_per_100km: 10 });
    // deleting it joins them again
    expect((await api.one("DELETE", partial)).status).toBe(204);
    expect((await byId()).get(full)).toMatchObject({ distance_km: 500, l_per_100km: 6 });
    expect((await api.readings(`?asset_id=${van.id}`)).body.data).toHaveLength(4);
  });

  it("refuses an odometer out of sequence (422 on odometer_km) unless the entry is void or its odometer a reset", async () => {
    const api = await setup();
    const van = await makeAsset(api.account.id, "Van");
    await api.make({ asset_id: van.id, filled_at: at(1), odometer_km: 5000, volume_l: 40 });
    const lower = await api.create({ asset_id: van.id, filled_at: at(2), odometer_km: 4000, volume_l: 40 });
    expect(lower).toMatchObject({ status: 422, body: { code: "ODOMETER_OUT_OF_SEQUENCE", errors: [{ field: "odometer_km" }] } });
    expect((await api.list(`?asset_id=${van.id}`)).body.data).toHaveLength(1);
    expect((await api.create({ asset_id: van.id, filled_at: at(2), odometer_km: 4000, volume_l: 40, void: true })).status).toBe(201);
    const reset = await api.create({ asset_id: van.id, filled_at: at(3), odometer_km: 10, volume_l: 40, odometer_reset: true });
    expect(reset.status).toBe(201);
    expect(reset.body.data.odometer_reset).toBe(true);
    expect((await api.readings(`?asset_id=${van.id}`)).body.data[0]).toMatchObject({ value_km: 10, is_reset: true, source: "fuel_entry" });
    // its reading follows the fuel entry: not edited or deleted on its own
    const readingId = reset.body.data.odometer_entry_id;
    const one = await callRoute((await import("../odometer-entry/[entryId]/route")).DELETE as RouteHandler, "DELETE", `/api/${api.account.key}/odometer-entry/${readingId}`, { accountKey: api.account.key, entryId: String(readingId) }, api.token);
    expect(one).toMatchObject({ status: 409, body: { code: "CONFLICT" } });
  });

  it("flags an odometer far from the tracker's and a fill-up the fuel-level sensor never saw", async () => {
    const api = await setup();
    const van = await makeTrackedAsset(api.account.id, "Van");
    const filled = Date.parse(at(1));
    const hour = 3_600_000;
    await storeFixes(van, [
      { at: new Date(filled - hour), io: { canTotalMileage: 100_000, canFuelLevelLiters: 12 } },
      { at: new Date(filled + hour), io: { canTotalMileage: 100_000, canFuelLevelLiters: 52 } },
    ]);
    const seen = await api.create({ asset_id: van.id, filled_at: at(1), odometer_km: 100.5, volume_l: 40 });
    expect(seen.body.data).toMatchObject({ tracker: { odometer_km: 100, meter: "can", fuel_level_rise: 40, fuel_level_unit: "l" }, flags: [] });
    // a day later: the level only fell, and the odometer is 50 km off
    await storeFixes(van, [
      { at: new Date(filled + 24 * hour - hour), io: { canTotalMileage: 300_000, canFuelLevelPercent: 60 } },
      { at: new Date(filled + 24 * hour + hour), io: { canTotalMileage: 300_000, canFuelLevelPercent: 59 } },
    ]);
    const unseen = await api.create({ asset_id: van.id, filled_at: at(2), odometer_km: 350, volume_l: 40 });
    expect(unseen.body.data).toMatchObject({ tracker: { odometer_km: 300, fuel_level_rise: 0, fuel_level_unit: "%" }, flags: ["odometer_mismatch", "fill_not_seen"] });
    expect((await api.summary(`?asset_id=${van.id}`)).body.data.flagged_entries).toBe(1);
  });

  it("lists newest first in cursor pages, filtered by asset and dates; 422 for bad queries and bodies", async () => {
    const api = await setup();
    const [van, car] = [await makeAsset(api.account.id, "Van"), await makeAsset(api.account.id, "Car")];
    const ids: number[] = [];
    for (let day = 1; day <= 3; day++) ids.push(await api.make({ asset_id: van.id, filled_at: at(day), odometer_km: day * 100, volume_l: 10 }));
    await api.make({ asset_id: car.id, filled_at: at(2), odometer_km: 1, volume_l: 10 });
    const first = await api.list(`?asset_id=${van.id}&limit=2`);
    expect(first.body.data.map((e: { id: number }) => e.id)).toEqual([ids[2], ids[1]]);
    expect((await api.list(`?asset_id=${van.id}&limit=2&cursor=${first.body.next_cursor}`)).body).toEqual({ data: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
    expect((await api.list(`?from=${at(2)}&to=${at(3)}`)).body.data.map((e: { asset_id: number }) => e.asset_id)).toEqual([car.id, van.id]);
    for (const query of ["?limit=0", "?cursor=***", "?asset_id=x", "?from=today"]) {
      expect(await api.list(query), query).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED" } });
    }
    const bad = await api.create({ asset_id: van.id, filled_at: at(4), odometer_km: "x", volume_l: 1.2345, price_per_unit: -1, partial: "yes", extra: 1 });
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["body", "odometer_km", "partial", "price_per_unit", "volume_l"]);
    expect(fieldErrors(await api.create({}))).toEqual(["asset_id: is required", "filled_at: is required", "odometer_km: is required", "volume_l: is required"]);
    const stranger = await makeAccount("Other");
    const theirs = await makeAsset(stranger.id, "Theirs");
    expect(fieldErrors(await api.create({ asset_id: theirs.id, filled_at: at(4), odometer_km: 1, volume_l: 1 }))).toEqual(["asset_id: is not an asset of this account"]);
    for (const query of ["", "?asset_id=x", "?asset_id=1&from=x"]) expect((await api.summary(query)).status, query).toBe(422);
    expect(await api.summary(`?asset_id=${theirs.id}`)).toMatchObject({ status: 404, body: { code: "ASSET_NOT_FOUND" } });
  });

  it("answers 400, 401, 403, 404 and 405 like every collection", async () => {
    const api = await setup();
    const van = await makeAsset(api.account.id, "Van");
    const id = await api.make({ asset_id: van.id, filled_at: at(1), odometer_km: 1, volume_l: 1 });
    expect(await api.create("{not json")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    expect(await api.one("PUT", id, "{not json")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    expect(await api.create({ note: "x".repeat(1024 * 1024 + 1) })).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
    for (const badId of [999_999, "abc"]) {
      for (const method of ["GET", "DELETE"] as const) expect(await api.one(method, badId), `${method} ${badId}`).toMatchObject({ status: 404, body: { code: "FUEL_ENTRY_NOT_FOUND" } });
      expect(await api.one("PUT", badId, { asset_id: van.id, filled_at: at(1), odometer_km: 1, volume_l: 1 })).toMatchObject({ status: 404 });
    }
    const other = await setup("Other");
    expect(await other.one("GET", id)).toMatchObject({ status: 404, body: { code: "FUEL_ENTRY_NOT_FOUND" } });
    const reader = (await makeToken(api.account.id, { scopes: ["assets:read"] })).token;
    expect((await api.list("", reader)).status).toBe(200);
    expect((await api.summary(`?asset_id=${van.id}`, "GET", reader)).status).toBe(200);
    expect(await api.create({ asset_id: van.id, filled_at: at(2), odometer_km: 2, volume_l: 1 }, reader)).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE" } });
    expect(await api.one("DELETE", id, undefined, reader)).toMatchObject({ status: 403 });
    expect(await api.list("", null)).toMatchObject({ status: 401, body: { message: "Unauthenticated." } });
    expect(await api.summary(`?asset_id=${van.id}`, "GET", null)).toMatchObject({ status: 401 });
    expect((await api.summary("", "POST")).status).toBe(405);
    expect((await api.one("POST", id, {})).status).toBe(405);
    expect((await callRoute(entries.DELETE as RouteHandler, "DELETE", `/api/${api.account.key}/fuel-entry`, { accountKey: api.account.key }, api.token)).status).toBe(405);
    expect(await t.db.fuelEntry.count({ where: { id } })).toBe(1);
  });
});
