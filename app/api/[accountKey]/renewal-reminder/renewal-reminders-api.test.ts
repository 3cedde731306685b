// /api/{account_key}/renewal-reminder[/{id}] through their route handlers, on every database kind: every status
// code of every method (200, 201, 204, 400, 401, 403, 404, 405, 413, 415, 422, 429), asset or driver, kinds, the
// due-soon window, snooze, renewing, filters and account isolation.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { DEFAULT_API_RATE_LIMIT } from "@/server/http/with-api-auth";
import { addSpan, localToday } from "@/server/modules/reminders/reminder-arithmetic";
import { formatLocalDate } from "@/server/modules/time/zoned-time";
import { rateLimiter } from "@/server/security/rate-limit";
import { callRoute, fieldErrors, makeAccount, makeAsset, makeToken, routeContext, type RouteHandler } from "@/server/testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import * as renewal from "./[renewalId]/route";
import * as renewals from "./route";

const day = (days: number) => formatLocalDate(addSpan(localToday(Date.now(), "UTC"), { value: Math.abs(days), unit: "day" }, days < 0 ? -1 : 1));

describe.each(databaseKinds())("renewal reminders over REST on %s", (kind) => {
  useTestDatabase(kind);

  async function setup(name = "Acme") {
    const account = await makeAccount(name);
    const { token, clientId } = await makeToken(account.id);
    const key = account.key;
    const base = `/api/${key}/renewal-reminder`;
    const asset = (await makeAsset(account.id, "Van 1")).id;
    const driver = (await db().driver.create({ data: { accountId: account.id, name: "Ona" }, select: { id: true } })).id;
    const api = {
      account,
      token,
      clientId,
      asset,
      driver,
      list: (query = "", as: string | null = token) => callRoute(renewals.GET as RouteHandler, "GET", `${base}${query}`, { accountKey: key }, as ?? undefined),
      create: (body: unknown, as: string | null = token) => callRoute(renewals.POST as RouteHandler, "POST", base, { accountKey: key }, as ?? undefined, body),
      one: (method: "GET" | "PUT" | "DELETE" | "POST" | "PATCH", id: number | string, body?: unknown, as: string | null = token) =>
        callRoute(renewal[method] as RouteHandler, method, `${base}/${id}`, { accountKey: key, renewalId: String(id) }, as ?? undefined, body),
      collection: (method: "PUT" | "PATCH" | "DELETE") => callRoute(renewals[method] as RouteHandler, method, base, { accountKey: key }, token),
      make: async (body: Record<string, unknown>): Promise<number> => {
        const answer = await api.create(body);
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        return answer.body.data.id as number;
      },
    };
    return api;
  }

  it("creates (201 + Location), reads, renews (PUT) and deletes (204) a renewal", async () => {
    const api = await setup();
    const created = await api.create({ asset_id: api.asset, kind: "insurance", expires_on: day(10) });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.headers.get("location")).toBe(`/api/${api.account.key}/renewal-reminder/${id}`);
    expect(created.body.data).toMatchObject({
      asset_id: api.asset,
      driver_id: null,
      kind: "insurance",
      name: null,
      expires_on: day(10),
      remind_days_before: 30,
      due_soon_on: day(-20),
      remaining_days: 10,
      snoozed_until: null,
      watcher_ids: [],
      status: "due_soon",
    });
    const renewed = await api.one("PUT", id, { asset_id: api.asset, kind: "insurance", expires_on: day(375) });
    expect(renewed).toMatchObject({ status: 200, body: { data: { status: "ok", expires_on: day(375), remaining_days: 375 } } });
    expect(await api.one("GET", id)).toMatchObject({ status: 200, body: { data: { status: "ok" } } });
    expect((await api.one("DELETE", id)).status).toBe(204);
    expect(await api.one("GET", id)).toMatchObject({ status: 404, body: { code: "RENEWAL_REMINDER_NOT_FOUND" } });
  });

  it("is ok, due soon, overdue or snoozed; for an asset or a driver; filtered by asset, driver, kind and status", async () => {
    const api = await setup();
    const ok = await api.make({ asset_id: api.asset, kind: "registration", expires_on: day(60), remind_days_before: 14 });
    const soon = await api.make({ driver_id: api.driver, kind: "licence", expires_on: day(14), remind_days_before: 14 });
    const over = await api.make({ asset_id: api.asset, kind: "inspection", expires_on: day(-1) });
    const snoozed = await api.make({ asset_id: api.asset, kind: "custom", name: "Tachograph calibration", expires_on: day(-5), snoozed_until: day(2) });
    const statuses = Object.fromEntries((await api.list()).body.data.map((r: { id: number; status: string }) => [r.id, r.status]));
    expect(statuses).toEqual({ [ok]: "ok", [soon]: "due_soon", [over]: "overdue", [snoozed]: "snoozed" });
    const ids = async (query: string) => (await api.list(query)).body.data.map((r: { id: number }) => r.id);
    expect(await ids(`?driver_id=${api.driver}`)).toEqual([soon]);
    expect(await ids(`?asset_id=${api.asset}&kind=custom`)).toEqual([snoozed]);
    expect(await ids("?status=overdue,due_soon")).toEqual([soon, over]);
    expect(await ids("?limit=2")).toEqual([ok, soon]);
    const page = await api.list("?limit=2");
    expect(await ids(`?limit=2&cursor=${page.body.next_cursor}`)).toEqual([over, snoozed]);
    for (const query of ["?kind=passport", "?status=soon", "?driver_id=-1"]) {
      expect(await api.list(query), query).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED" } });
    }
  });

  it("answers 422 naming each bad field", async () => {
    const api = await setup();
    const stranger = await setup("Other");
    expect(fieldErrors(await api.create({ kind: "insurance", expires_on: day(1) }))).toEqual(["asset_id: give asset_id or driver_id"]);
    expect(fieldErrors(await api.create({ asset_id: api.asset, driver_id: api.driver, kind: "insurance", expires_on: day(1) }))).toEqual(["driver_id: give asset_id or driver_id, not both"]);
    expect(fieldErrors(await api.create({ asset_id: api.asset, kind: "custom", expires_on: day(1) }))).toEqual(["name: is required for a custom renewal"]);
    expect(fieldErrors(await api.create({ asset_id: api.asset, kind: "insurance", name: "Mine", expires_on: day(1) }))).toEqual(["name: only a custom renewal has a name"]);
    expect(fieldErrors(await api.create({ asset_id: api.asset, kind: "passport", expires_on: "31/12/2026", remind_days_before: 400 }))).toEqual([
      "kind: must be one of registration, insurance, inspection, licence, custom",
      "expires_on: must be a date YYYY-MM-DD",
      "remind_days_before: must be at most 366",
    ]);
    expect(fieldErrors(await api.create({ asset_id: stranger.asset, kind: "insurance", expires_on: day(1) }))).toEqual(["asset_id: is not an asset of this account"]);
    expect(fieldErrors(await api.create({ driver_id: stranger.driver, kind: "licence", expires_on: day(1) }))).toEqual(["driver_id: is not a driver of this account"]);
  });

  it("answers 400, 413, 415 and 405", async () => {
    const api = await setup();
    const id = await api.make({ asset_id: api.asset, kind: "insurance", expires_on: day(100) });
    expect(await api.create("{not json")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    expect(await api.one("PUT", id, "{not json")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    expect(await api.create({ name: "x".repeat(1024 * 1024 + 1) })).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
    const key = api.account.key;
    const form = await (renewals.POST as RouteHandler)(
      new Request(`http://fleetline.test/api/${key}/renewal-reminder`, { method: "POST", headers: { authorization: `Bearer ${api.token}`, "content-type": "text/plain" }, body: "kind=insurance" }),
      routeContext({ accountKey: key }),
    );
    expect(form.status).toBe(415);
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      const answer = await api.collection(method);
      expect(answer).toMatchObject({ status: 405, body: { code: "METHOD_NOT_ALLOWED" } });
      expect(answer.headers.get("allow")).toBe("GET, POST");
    }
    for (const method of ["POST", "PATCH"] as const) {
      const answer = await api.one(method, id, {});
      expect(answer).toMatchObject({ status: 405, body: { code: "METHOD_NOT_ALLOWED" } });
      expect(answer.headers.get("allow")).toBe("GET, PUT, DELETE");
    }
  });

  it("answers 404 for unknown, malformed and other accounts' ids and keys; scopes; 401; 429", async () => {
    const api = await setup();
    const stranger = await setup("Other");
    const theirs = await stranger.make({ asset_id: stranger.asset, kind: "insurance", expires_on: day(100) });
    for (const id of [999_999, "abc", theirs]) {
      for (const method of ["GET", "PUT", "DELETE"] as const) {
        const answer = await api.one(method, id, method === "PUT" ? { asset_id: api.asset, kind: "insurance", expires_on: day(1) } : undefined);
        expect(answer, `${method} ${id}`).toMatchObject({ status: 404, body: { code: "RENEWAL_REMINDER_NOT_FOUND" } });
      }
    }
    const foreign = await callRoute(renewals.GET as RouteHandler, "GET", `/api/${stranger.account.key}/renewal-reminder`, { accountKey: stranger.account.key }, api.token);
    expect(foreign).toMatchObject({ status: 404, body: { code: "ACCOUNT_NOT_FOUND" } });

    const id = await api.make({ asset_id: api.asset, kind: "insurance", expires_on: day(100) });
    const reader = (await makeToken(api.account.id, { scopes: ["assets:read"] })).token;
    const writer = (await makeToken(api.account.id, { scopes: ["assets:write"] })).token;
    expect((await api.one("GET", id, undefined, reader)).status).toBe(200);
    for (const answer of [await api.create({}, reader), await api.one("DELETE", id, undefined, reader), await api.list("", writer)]) {
      expect(answer).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE" } });
    }
    for (const answer of [await api.list("", null), await api.one("PUT", id, {}, "nope")]) {
      expect(answer).toEqual({ status: 401, headers: expect.anything(), body: { message: "Unauthenticated." } });
    }
    const fresh = await makeToken(api.account.id);
    const budget = rateLimiter(DEFAULT_API_RATE_LIMIT);
    for (let call = 0; call < DEFAULT_API_RATE_LIMIT.points; call++) await budget.consume(fresh.clientId);
    for (const answer of [await api.list("", fresh.token), await api.one("GET", id, undefined, fresh.token), await api.create({}, fresh.token)]) {
      expect(answer).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
    }
  });
});
