// /api/{account_key}/service-reminder[/{id}] and /service-entry[/{id}] through their route handlers, on every
// database kind: every status code of every method (200, 201, 204, 400, 401, 403, 404, 405, 409, 413, 415, 422, 429),
// status computed from the vehicle's stored odometer and CAN engine hours, whichever first, the reset by a logged
// service (and its undoing when the entry is deleted), snooze, forecast, filters, cursor pages and account isolation.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { DEFAULT_API_RATE_LIMIT } from "@/server/http/with-api-auth";
import { addSpan, localToday } from "@/server/modules/reminders/reminder-arithmetic";
import { formatLocalDate } from "@/server/modules/time/zoned-time";
import { rateLimiter } from "@/server/security/rate-limit";
import { callRoute, fieldErrors, makeAccount, makeAsset, makeMember, makeToken, routeContext, type RouteHandler } from "@/server/testing/http-fixtures";
import { livePosition, storeAssetState } from "@/server/testing/stream-fixtures";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import * as entry from "../service-entry/[entryId]/route";
import * as entries from "../service-entry/route";
import * as reminder from "./[reminderId]/route";
import * as reminders from "./route";

/** a local date (UTC: the test accounts' time zone) `days` from today */
const day = (days: number) => formatLocalDate(addSpan(localToday(Date.now(), "UTC"), { value: Math.abs(days), unit: "day" }, days < 0 ? -1 : 1));

/** the vehicle reports: odometer (km) as the pipeline stores it, CAN engine work time as hours */
async function reading(assetId: number, odometerKm: number, engineHours?: number) {
  const position = livePosition({
    assetId,
    wsSeq: 1,
    dateUpdated: Date.now(),
    odometer: odometerKm * 1000,
    sensors: engineHours === undefined ? {} : { canEngineWorktime: engineHours * 60 },
  });
  await storeAssetState(position);
  await db().assetState.update({ where: { assetId }, data: { odometer: odometerKm * 1000 } });
}

describe.each(databaseKinds())("service reminders and entries over REST on %s", (kind) => {
  useTestDatabase(kind);

  async function setup(name = "Acme") {
    const account = await makeAccount(name);
    const { token, clientId } = await makeToken(account.id);
    const key = account.key;
    const base = `/api/${key}/service-reminder`;
    const entryBase = `/api/${key}/service-entry`;
    const asset = await makeAsset(account.id, "Van 1");
    const api = {
      account,
      token,
      clientId,
      asset: asset.id,
      list: (query = "", as: string | null = token) => callRoute(reminders.GET as RouteHandler, "GET", `${base}${query}`, { accountKey: key }, as ?? undefined),
      create: (body: unknown, as: string | null = token) => callRoute(reminders.POST as RouteHandler, "POST", base, { accountKey: key }, as ?? undefined, body),
      one: (method: "GET" | "PUT" | "DELETE" | "POST" | "PATCH", id: number | string, body?: unknown, as: string | null = token) =>
        callRoute(reminder[method] as RouteHandler, method, `${base}/${id}`, { accountKey: key, reminderId: String(id) }, as ?? undefined, body),
      collection: (method: "PUT" | "PATCH" | "DELETE") => callRoute(reminders[method] as RouteHandler, method, base, { accountKey: key }, token),
      entries: (query = "", as: string | null = token) => callRoute(entries.GET as RouteHandler, "GET", `${entryBase}${query}`, { accountKey: key }, as ?? undefined),
      log: (body: unknown, as: string | null = token) => callRoute(entries.POST as RouteHandler, "POST", entryBase, { accountKey: key }, as ?? undefined, body),
      entry: (method: "GET" | "PUT" | "DELETE" | "POST" | "PATCH", id: number | string, body?: unknown, as: string | null = token) =>
        callRoute(entry[method] as RouteHandler, method, `${entryBase}/${id}`, { accountKey: key, entryId: String(id) }, as ?? undefined, body),
      entryCollection: (method: "PUT" | "PATCH" | "DELETE") => callRoute(entries[method] as RouteHandler, method, entryBase, { accountKey: key }, token),
      make: async (body: Record<string, unknown>): Promise<number> => {
        const answer = await api.create({ asset_id: asset.id, ...body });
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        return answer.body.data.id as number;
      },
    };
    return api;
  }

  it("creates (201 + Location), reads, replaces and deletes (204) a reminder, due from the vehicle's odometer", async () => {
    const api = await setup();
    await reading(api.asset, 10_000);
    const created = await api.create({ asset_id: api.asset, task: "  Oil change ", distance: { every_km: 15_000, due_soon_km: 1_000 } });
    expect(created.status).toBe(201);
    const oil = created.body.data;
    expect(created.headers.get("location")).toBe(`/api/${api.account.key}/service-reminder/${oil.id}`);
    expect(oil).toMatchObject({
      asset_id: api.asset,
      task: "Oil change",
      distance: { every_km: 15_000, due_soon_km: 1_000 },
      engine_hours: null,
      time: null,
      start: { on: day(0), odometer_km: 10_000, engine_hours: null },
      last_service: null,
      status: "ok",
      due: { distance: { due_km: 25_000, due_soon_from_km: 24_000, current_km: 10_000, remaining_km: 15_000, state: "ok" }, engine_hours: null, time: null },
    });

    await reading(api.asset, 24_500);
    expect(await api.one("GET", oil.id)).toMatchObject({ status: 200, body: { data: { status: "due_soon", due: { distance: { remaining_km: 500 } } } } });
    await reading(api.asset, 25_100);
    expect(await api.one("GET", oil.id)).toMatchObject({ status: 200, body: { data: { status: "overdue" } } });

    // PUT replaces: the distance interval left out is removed, time added
    const replaced = await api.one("PUT", oil.id, { asset_id: api.asset, task: "Oil change", time: { every: 1, unit: "year" }, start: { on: day(-10) } });
    expect(replaced).toMatchObject({ status: 200, body: { data: { distance: null, time: { every: 1, unit: "year", due_soon: null, due_soon_unit: "year" }, status: "ok" } } });
    expect((await api.one("DELETE", oil.id)).status).toBe(204);
    expect(await api.one("GET", oil.id)).toMatchObject({ status: 404, body: { code: "SERVICE_REMINDER_NOT_FOUND" } });
  });

  it("is due by whichever comes first: distance, engine hours or time", async () => {
    const api = await setup();
    await reading(api.asset, 50_000, 1_000);
    const id = await api.make({
      task: "Service A",
      distance: { every_km: 20_000, due_soon_km: 2_000 },
      engine_hours: { every_hours: 500, due_soon_hours: 50 },
      time: { every: 1, unit: "year", due_soon: 1, due_soon_unit: "month" },
    });
    expect((await api.one("GET", id)).body.data.status).toBe("ok");
    await reading(api.asset, 51_000, 1_460); // hours due soon first
    expect((await api.one("GET", id)).body.data).toMatchObject({ status: "due_soon", due: { engine_hours: { state: "due_soon", current_hours: 1_460 }, distance: { state: "ok" } } });
    await reading(api.asset, 51_000, 1_500);
    expect((await api.one("GET", id)).body.data).toMatchObject({ status: "overdue", due: { engine_hours: { state: "overdue" } } });
    // time: started 13 months ago, a yearly reminder is overdue whatever the meters say
    const yearly = await api.make({ task: "Inspection", time: { every: 1, unit: "year" }, start: { on: day(-400) } });
    expect((await api.one("GET", yearly)).body.data).toMatchObject({ status: "overdue", due: { time: { state: "overdue" } } });
  });

  it("logs a service that resets the reminders it completes; deleting the entry undoes it", async () => {
    const api = await setup();
    await reading(api.asset, 10_000);
    const oil = await api.make({ task: "Oil change", distance: { every_km: 15_000, due_soon_km: 1_000 }, time: { every: 1, unit: "year" } });
    const tyres = await api.make({ task: "Tyres", distance: { every_km: 40_000 } });
    await reading(api.asset, 26_000);
    expect((await api.one("GET", oil)).body.data.status).toBe("overdue");

    const logged = await api.log({ asset_id: api.asset, serviced_on: day(0), cost: 120.5, notes: "Shell 5W-30", reminder_ids: [oil] });
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    expect(logged.headers.get("location")).toBe(`/api/${api.account.key}/service-entry/${logged.body.data.id}`);
    // no odometer given: the vehicle's latest reading
    expect(logged.body.data).toMatchObject({ asset_id: api.asset, serviced_on: day(0), odometer_km: 26_000, engine_hours: null, cost: 120.5, notes: "Shell 5W-30", reminder_ids: [oil] });
    const reset = (await api.one("GET", oil)).body.data;
    expect(reset).toMatchObject({ status: "ok", last_service: { entry_id: logged.body.data.id, odometer_km: 26_000 }, due: { distance: { due_km: 41_000 } } });
    expect((await api.one("GET", tyres)).body.data.last_service).toBeNull();
    expect(await api.entries(`?reminder_id=${oil}`)).toMatchObject({ status: 200, body: { data: [{ id: logged.body.data.id }], next_cursor: null } });
    expect(await api.entry("GET", logged.body.data.id)).toMatchObject({ status: 200, body: { data: { cost: 120.5 } } });

    // an older service logged late does not move the baseline back
    const late = await api.log({ asset_id: api.asset, serviced_on: day(-30), odometer_km: 11_500, reminder_ids: [oil] });
    expect(late.status).toBe(201);
    expect((await api.one("GET", oil)).body.data.last_service.entry_id).toBe(logged.body.data.id);

    // PUT replaces the entry: it no longer completes the oil change, which falls back to the late one
    const moved = await api.entry("PUT", logged.body.data.id, { asset_id: api.asset, serviced_on: day(0), odometer_km: 26_000, reminder_ids: [tyres] });
    expect(moved).toMatchObject({ status: 200, body: { data: { reminder_ids: [tyres], cost: null } } });
    expect((await api.one("GET", oil)).body.data).toMatchObject({ last_service: { entry_id: late.body.data.id }, status: "due_soon" });
    expect((await api.entry("DELETE", late.body.data.id)).status).toBe(204);
    expect((await api.one("GET", oil)).body.data).toMatchObject({ last_service: null, status: "overdue" });
    expect(await api.entry("GET", late.body.data.id)).toMatchObject({ status: 404, body: { code: "SERVICE_ENTRY_NOT_FOUND" } });
  });

  it("refuses a service without an odometer when a completed reminder counts distance and none is known (422)", async () => {
    const api = await setup();
    const oil = await api.make({ task: "Oil", distance: { every_km: 10_000 } });
    const hours = await api.make({ task: "Hydraulics", engine_hours: { every_hours: 100 } });
    expect(fieldErrors(await api.log({ asset_id: api.asset, serviced_on: day(0), reminder_ids: [oil] }))).toEqual([expect.stringMatching(/^odometer_km: is required/)]);
    expect(fieldErrors(await api.log({ asset_id: api.asset, serviced_on: day(0), odometer_km: 5, reminder_ids: [hours] }))).toEqual([expect.stringMatching(/^engine_hours: is required/)]);
    // a service not completing a reminder needs no reading
    expect((await api.log({ asset_id: api.asset, serviced_on: day(0) })).status).toBe(201);
  });

  it("snoozes until a date, shows a forecast from recent usage, and filters by asset and status", async () => {
    const api = await setup();
    const van2 = (await makeAsset(api.account.id, "Van 2")).id;
    // 29 days ago the odometer read 10,000 km; now 13,000: 103.4 km a day, so 2,000 km take 20 days
    await db().position.create({
      data: { assetId: api.asset, trackerId: 0, fixTime: new Date(Date.now() - 29 * 86_400_000), receivedAt: new Date(), latitude: 54.7, longitude: 25.3, altitude: 0, speed: 0, course: 0, satellites: 9, priority: 0, eventIoId: 0, moving: false, odometer: 10_000_000 },
    });
    await reading(api.asset, 13_000);
    const oil = await api.make({ task: "Oil", distance: { every_km: 5_000 }, start: { odometer_km: 10_000 } });
    expect((await api.one("GET", oil)).body.data).toMatchObject({ due: { distance: { remaining_km: 2_000, forecast_on: day(20) } }, forecast_on: day(20) });

    await reading(api.asset, 16_000);
    const snoozed = await api.one("PUT", oil, { asset_id: api.asset, task: "Oil", distance: { every_km: 5_000 }, start: { odometer_km: 10_000 }, snoozed_until: day(3) });
    expect(snoozed).toMatchObject({ status: 200, body: { data: { status: "snoozed", snoozed_until: day(3), due: { distance: { state: "overdue" } } } } });
    const other = await callRoute(reminders.POST as RouteHandler, "POST", `/api/${api.account.key}/service-reminder`, { accountKey: api.account.key }, api.token, { asset_id: van2, task: "Oil", time: { every: 6, unit: "month" } });
    expect(other.status).toBe(201);

    expect((await api.list(`?asset_id=${van2}`)).body.data.map((r: { id: number }) => r.id)).toEqual([other.body.data.id]);
    expect((await api.list("?status=snoozed")).body.data.map((r: { id: number }) => r.id)).toEqual([oil]);
    expect((await api.list("?status=ok,overdue")).body.data.map((r: { id: number }) => r.id)).toEqual([other.body.data.id]);
    for (const query of ["?status=late", "?asset_id=abc", "?limit=0", "?cursor=***"]) {
      expect(await api.list(query), query).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED" } });
    }
  });

  it("pages in id order with cursors", async () => {
    const api = await setup();
    const ids = [];
    for (const task of ["A", "B", "C"]) ids.push(await api.make({ task, time: { every: 1, unit: "month" } }));
    const first = await api.list("?limit=2");
    expect(first.body.data.map((r: { id: number }) => r.id)).toEqual(ids.slice(0, 2));
    const second = await api.list(`?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body).toMatchObject({ data: [{ id: ids[2] }], next_cursor: null });
    const e1 = (await api.log({ asset_id: api.asset, serviced_on: day(0) })).body.data.id;
    const e2 = (await api.log({ asset_id: api.asset, serviced_on: day(0) })).body.data.id;
    const page = await api.entries("?limit=1");
    expect(page.body.data.map((e: { id: number }) => e.id)).toEqual([e1]);
    expect((await api.entries(`?limit=1&cursor=${page.body.next_cursor}`)).body.data.map((e: { id: number }) => e.id)).toEqual([e2]);
  });

  it("answers 409 for a second reminder of the same task on an asset, whatever the case", async () => {
    const api = await setup();
    await api.make({ task: "Oil change", time: { every: 1, unit: "year" } });
    expect(await api.create({ asset_id: api.asset, task: "OIL CHANGE", time: { every: 1, unit: "year" } })).toMatchObject({ status: 409, body: { code: "REMINDER_TASK_TAKEN", errors: [{ field: "task" }] } });
    const other = (await makeAsset(api.account.id, "Van 2")).id;
    expect((await api.create({ asset_id: other, task: "Oil change", time: { every: 1, unit: "year" } })).status).toBe(201);
  });

  it("answers 422 naming each bad field", async () => {
    const api = await setup();
    const stranger = await setup("Other");
    const watcher = await makeMember(api.account.id, "fleet_manager");
    expect(fieldErrors(await api.create({ asset_id: api.asset, task: "Oil" }))).toEqual(["distance: give at least one of distance, engine_hours and time"]);
    expect(fieldErrors(await api.create({ asset_id: stranger.asset, task: "Oil", time: { every: 1, unit: "year" } }))).toEqual(["asset_id: is not an asset of this account"]);
    expect(fieldErrors(await api.create({ asset_id: api.asset, task: "", time: { every: 1, unit: "fortnight" } }))).toEqual([
      "task: must not be empty",
      "time.unit: must be one of day, week, month, year",
    ]);
    expect(fieldErrors(await api.create({ asset_id: api.asset, task: "Oil", distance: { every_km: -5 }, start: { on: "2026-02-30" } }))).toEqual([
      "distance.every_km: must be more than 0",
      "start.on: must be a date YYYY-MM-DD",
    ]);
    expect(fieldErrors(await api.create({ asset_id: api.asset, task: "Oil", time: { every: 1, unit: "year" }, watcher_ids: [watcher.id, stranger.account.adminId] }))).toEqual([
      `watcher_ids: not members of this account: ${stranger.account.adminId}`,
    ]);
    expect(fieldErrors(await api.create({ asset_id: api.asset, task: "Oil", time: { every: 1, unit: "year" }, colour: "red" }))).toEqual([expect.stringContaining("colour")]);
    const theirs = await stranger.make({ task: "Oil", time: { every: 1, unit: "year" } });
    expect(fieldErrors(await api.log({ asset_id: api.asset, serviced_on: day(0), reminder_ids: [theirs] }))).toEqual([`reminder_ids: not service reminders of this asset: ${theirs}`]);
    expect(fieldErrors(await api.log({ asset_id: api.asset, serviced_on: "yesterday", cost: 1.234 }))).toEqual(["serviced_on: must be a date YYYY-MM-DD", "cost: must have at most 2 decimals"]);
    const ok = await api.create({ asset_id: api.asset, task: "Oil", time: { every: 1, unit: "year" }, watcher_ids: [watcher.id, watcher.id] });
    expect(ok).toMatchObject({ status: 201, body: { data: { watcher_ids: [watcher.id] } } });
  });

  it("answers 400 for malformed JSON, 413 over 1 MiB, 415 for a body that is not JSON, 405 for other methods", async () => {
    const api = await setup();
    const id = await api.make({ task: "Oil", time: { every: 1, unit: "year" } });
    const entryId = (await api.log({ asset_id: api.asset, serviced_on: day(0) })).body.data.id;
    expect(await api.create("{not json")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    expect(await api.one("PUT", id, "{not json")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    expect(await api.log("{not json")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    expect(await api.entry("PUT", entryId, "{not json")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    const huge = { task: "x".repeat(1024 * 1024 + 1) };
    expect(await api.create(huge)).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
    expect(await api.log(huge)).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
    const key = api.account.key;
    const asForm = (handler: RouteHandler, method: string, path: string, params: Record<string, string>) =>
      handler(
        new Request(`http://fleetline.test${path}`, { method, headers: { authorization: `Bearer ${api.token}`, "content-type": "application/x-www-form-urlencoded" }, body: "task=A" }),
        routeContext(params),
      );
    expect((await asForm(reminders.POST as RouteHandler, "POST", `/api/${key}/service-reminder`, { accountKey: key })).status).toBe(415);
    expect((await asForm(reminder.PUT as RouteHandler, "PUT", `/api/${key}/service-reminder/${id}`, { accountKey: key, reminderId: String(id) })).status).toBe(415);
    expect((await asForm(entries.POST as RouteHandler, "POST", `/api/${key}/service-entry`, { accountKey: key })).status).toBe(415);
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      for (const answer of [await api.collection(method), await api.entryCollection(method)]) {
        expect(answer, method).toMatchObject({ status: 405, body: { code: "METHOD_NOT_ALLOWED" } });
        expect(answer.headers.get("allow")).toBe("GET, POST");
      }
    }
    for (const method of ["POST", "PATCH"] as const) {
      for (const answer of [await api.one(method, id, {}), await api.entry(method, entryId, {})]) {
        expect(answer, method).toMatchObject({ status: 405, body: { code: "METHOD_NOT_ALLOWED" } });
        expect(answer.headers.get("allow")).toBe("GET, PUT, DELETE");
      }
    }
  });

  it("answers 404 for an unknown or malformed id, another account's reminder or entry, and another account's key", async () => {
    const api = await setup();
    const stranger = await setup("Other");
    const theirs = await stranger.make({ task: "Oil", time: { every: 1, unit: "year" } });
    const theirEntry = (await stranger.log({ asset_id: stranger.asset, serviced_on: day(0) })).body.data.id;
    const body = { asset_id: api.asset, task: "Oil", time: { every: 1, unit: "year" } };
    for (const id of [999_999, "abc", "0", theirs]) {
      for (const method of ["GET", "PUT", "DELETE"] as const) {
        expect(await api.one(method, id, method === "PUT" ? body : undefined), `${method} ${id}`).toMatchObject({ status: 404, body: { code: "SERVICE_REMINDER_NOT_FOUND" } });
      }
    }
    for (const id of [999_999, "x", theirEntry]) {
      for (const method of ["GET", "PUT", "DELETE"] as const) {
        const answer = await api.entry(method, id, method === "PUT" ? { asset_id: api.asset, serviced_on: day(0) } : undefined);
        expect(answer, `${method} ${id}`).toMatchObject({ status: 404, body: { code: "SERVICE_ENTRY_NOT_FOUND" } });
      }
    }
    expect((await stranger.one("GET", theirs)).status).toBe(200);
    const foreign = await callRoute(reminders.GET as RouteHandler, "GET", `/api/${stranger.account.key}/service-reminder`, { accountKey: stranger.account.key }, api.token);
    expect(foreign).toMatchObject({ status: 404, body: { code: "ACCOUNT_NOT_FOUND" } });
  });

  it("needs assets:read to read and assets:write to change; 401 exactly without a token", async () => {
    const api = await setup();
    const id = await api.make({ task: "Oil", time: { every: 1, unit: "year" } });
    const entryId = (await api.log({ asset_id: api.asset, serviced_on: day(0) })).body.data.id;
    const reader = (await makeToken(api.account.id, { scopes: ["assets:read"] })).token;
    const writer = (await makeToken(api.account.id, { scopes: ["assets:write"] })).token;
    const body = { asset_id: api.asset, task: "Oil", time: { every: 1, unit: "year" } };
    for (const answer of [await api.list("", reader), await api.one("GET", id, undefined, reader), await api.entries("", reader), await api.entry("GET", entryId, undefined, reader)]) {
      expect(answer.status).toBe(200);
    }
    for (const answer of [
      await api.create(body, reader),
      await api.one("PUT", id, body, reader),
      await api.one("DELETE", id, undefined, reader),
      await api.log({ asset_id: api.asset, serviced_on: day(0) }, reader),
      await api.entry("DELETE", entryId, undefined, reader),
      await api.list("", writer),
      await api.entries("", writer),
    ]) {
      expect(answer).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE", message: expect.stringContaining("assets:") } });
    }
    for (const answer of [await api.list("", null), await api.create(body, null), await api.one("GET", id, undefined, null), await api.entries("", "not-a-token"), await api.log({}, null)]) {
      expect(answer).toEqual({ status: 401, headers: expect.anything(), body: { message: "Unauthenticated." } });
    }
  });

  it("counts every call against the client's REST budget, then 429 with Retry-After", async () => {
    const api = await setup();
    const id = await api.make({ task: "Oil", time: { every: 1, unit: "year" } });
    const budget = rateLimiter(DEFAULT_API_RATE_LIMIT);
    for (let call = 1; call < DEFAULT_API_RATE_LIMIT.points; call++) await budget.consume(api.clientId);
    for (const answer of [await api.list(), await api.one("GET", id), await api.entries(), await api.log({ asset_id: api.asset, serviced_on: day(0) })]) {
      expect(answer).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });
});
