// /api/{account_key}/tracking-links and /tracking-links/{uuid} through their route handlers, on every database kind:
// every field of the dashboard's link form, every status code of every method (200, 201, 204, 400, 401, 403, 404,
// 405, 413, 415, 422, 429), PUT as a whole replacement that changes only what differs, cursor pages and filters, account
// isolation, scopes and the member's role.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { DEFAULT_API_RATE_LIMIT } from "@/server/http/with-api-auth";
import { setAccountQuotas } from "@/server/modules/accounts/account-quotas";
import { createOAuthClient } from "@/server/modules/oauth/create-oauth-client";
import { issueAccessToken } from "@/server/modules/oauth/issue-access-token";
import { ensurePassengerLinks } from "@/server/modules/passengers/ensure-passenger-links";
import { changeMemberRole } from "@/server/modules/users/change-member-role";
import { rateLimiter } from "@/server/security/rate-limit";
import {
  callRoute,
  makeAccount,
  makeAsset,
  makeMember,
  makeToken,
  routeContext,
  type RouteAnswer,
  type RouteHandler,
} from "@/server/testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import * as link from "./[uuid]/route";
import * as links from "./route";

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UNKNOWN_UUID = "0b5d7c8e-2f7a-4c1e-9d7b-3a1f2e4d5c6b";

/** a body with every field of the dashboard's link form */
function everyField(assetId: number, expiresAt = new Date(Date.now() + 30 * DAY_MS).toISOString()) {
  return {
    display_name: "School run",
    asset_id: assetId,
    access_mode: "authorized_only",
    allowed_emails: ["Parent@Example.test", "guardian@example.test"],
    active: true,
    starts_at: "2026-01-05T06:00:00.000Z",
    expires_at: expiresAt,
    destination: { lat: 54.6872, lng: 25.2797, name: "School", radius_m: 150 },
    schedule: { days: [5, 1, 2], start: "00:00", end: "23:59", until: null },
    session_minutes: 60,
    branding: {
      logo_url: "https://example.test/logo.png",
      primary_color: "#2563EB",
      company_name: "School Buses Ltd",
      contact_name: "Dispatch",
      contact_email: "dispatch@example.test",
      contact_phone: "+370 600 00000",
    },
    form: { title: "Not riding today?", choices: ["Sick", "Picked up by a parent"] },
  };
}

/** the writable fields of a link as GET answers it: what an integrator sends back with PUT */
function bodyOf(dto: Record<string, any>) {
  return {
    display_name: dto.display_name,
    ...(dto.route ? { route_id: dto.route.id } : { asset_id: dto.asset.id }),
    access_mode: dto.access_mode,
    allowed_emails: dto.allowed_emails,
    active: dto.is_active,
    starts_at: dto.starts_at,
    expires_at: dto.expires_at,
    destination: dto.destination,
    schedule: dto.schedule,
    session_minutes: dto.session_minutes,
    branding: dto.branding,
    form: dto.form,
  };
}

const fields = (answer: RouteAnswer) => (answer.body.errors as Array<{ field: string }>).map((e) => e.field).sort();

describe.each(databaseKinds())("tracking links over REST on %s", (kind) => {
  useTestDatabase(kind);

  async function setup(name = "Acme") {
    const account = await makeAccount(name);
    const { token, clientId } = await makeToken(account.id);
    const asset = await makeAsset(account.id, "Bus 7");
    const key = account.key;
    const base = `/api/${key}/tracking-links`;
    return {
      account,
      token,
      clientId,
      asset,
      // `as`: another token, or null for none
      list: (query = "", as: string | null = token) =>
        callRoute(links.GET as RouteHandler, "GET", `${base}${query}`, { accountKey: key }, as ?? undefined),
      create: (body: unknown, as: string | null = token) =>
        callRoute(links.POST as RouteHandler, "POST", base, { accountKey: key }, as ?? undefined, body),
      one: (method: "GET" | "PUT" | "DELETE" | "POST" | "PATCH", uuid: string, body?: unknown, as: string | null = token) =>
        callRoute(link[method] as RouteHandler, method, `${base}/${uuid}`, { accountKey: key, uuid }, as ?? undefined, body),
      collection: (method: "PUT" | "PATCH" | "DELETE") => callRoute(links[method] as RouteHandler, method, base, { accountKey: key }, token),
    };
  }

  it("creates a link with every field of the link form (201 + Location), reads it, and deletes it (204)", async () => {
    const api = await setup();
    const expiresAt = new Date(Date.now() + 30 * DAY_MS).toISOString();
    const created = await api.create(everyField(api.asset.id, expiresAt));
    expect(created.status).toBe(201);
    const uuid = created.body.data.uuid as string;
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(created.headers.get("location")).toBe(`/api/${api.account.key}/tracking-links/${uuid}`);
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      uuid,
      url: expect.stringMatching(new RegExp(`^https?://[^/]+/t/${uuid}$`)),
      display_name: "School run",
      access_mode: "authorized_only",
      allowed_emails: ["parent@example.test", "guardian@example.test"],
      asset: { id: api.asset.id, name: "Bus 7" },
      route: null,
      passenger: null,
      is_active: true,
      is_expired: false,
      is_within_schedule: expect.any(Boolean),
      expired_reason: null,
      status: expect.stringMatching(/^(active|outside_schedule)$/),
      expires_at: expiresAt,
      destination: { lat: 54.6872, lng: 25.2797, name: "School", radius_m: 150 },
      starts_at: "2026-01-05T06:00:00.000Z",
      schedule: { days: [1, 2, 5], start: "00:00", end: "23:59", until: null },
      session_minutes: 60,
      branding: {
        logo_url: "https://example.test/logo.png",
        primary_color: "#2563eb",
        company_name: "School Buses Ltd",
        contact_name: "Dispatch",
        contact_email: "dispatch@example.test",
        contact_phone: "+370 600 00000",
      },
      form: { title: "Not riding today?", choices: ["Sick", "Picked up by a parent"] },
      created_at: expect.stringMatching(ISO),
    });

    const read = await api.one("GET", uuid);
    expect(read).toMatchObject({ status: 200, body: { data: created.body.data } });
    // the uuid in any case names the same link
    expect((await api.one("GET", uuid.toUpperCase())).body.data.uuid).toBe(uuid);

    expect(await api.one("DELETE", uuid)).toEqual({ status: 204, headers: expect.anything(), body: null });
    expect(await api.one("GET", uuid)).toMatchObject({ status: 404, body: { code: "LINK_NOT_FOUND", message: expect.any(String) } });
    expect(await api.one("DELETE", uuid)).toMatchObject({ status: 404, body: { code: "LINK_NOT_FOUND" } });
  });

  it("creates with defaults: public, active, no limits, 4-hour sessions, named after the vehicle or the route", async () => {
    const api = await setup();
    const plain = await api.create({ asset_id: api.asset.id });
    expect(plain.status).toBe(201);
    expect(plain.body.data).toMatchObject({
      display_name: "Bus 7",
      access_mode: "public",
      allowed_emails: [],
      is_active: true,
      is_expired: false,
      is_within_schedule: true,
      status: "active",
      expires_at: null,
      starts_at: null,
      destination: null,
      schedule: null,
      session_minutes: 240,
      branding: { logo_url: null, primary_color: null, company_name: null, contact_name: null, contact_email: null, contact_phone: null },
      form: null,
    });

    const route = await db().route.create({ data: { accountId: api.account.id, routeNumber: "R1", name: null, assetId: api.asset.id }, select: { id: true } });
    const byRoute = await api.create({ route_id: route.id, destination: { lat: 54.7, lng: 25.3 } });
    expect(byRoute.status).toBe(201);
    expect(byRoute.body.data).toMatchObject({
      display_name: "Route R1",
      route: { id: route.id, route_number: "R1", name: null },
      asset: { id: api.asset.id, name: "Bus 7" },
      destination: { lat: 54.7, lng: 25.3, name: null, radius_m: 200 },
    });
  });

  it("lists newest first in cursor pages, filtered by asset_id, route_id and active", async () => {
    const api = await setup();
    const other = await makeAsset(api.account.id, "Bus 8");
    const route = await db().route.create({ data: { accountId: api.account.id, routeNumber: "R2", assetId: other.id }, select: { id: true } });
    const a = await api.create({ asset_id: api.asset.id });
    const b = await api.create({ asset_id: other.id, active: false });
    const c = await api.create({ route_id: route.id });
    const uuids = (answer: RouteAnswer) => answer.body.data.map((item: { uuid: string }) => item.uuid);

    const first = await api.list("?limit=2");
    expect(first.status).toBe(200);
    expect(uuids(first)).toEqual([c.body.data.uuid, b.body.data.uuid]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await api.list(`?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body).toEqual({ data: [expect.objectContaining({ uuid: a.body.data.uuid })], next_cursor: null });

    expect(uuids(await api.list(`?asset_id=${api.asset.id}`))).toEqual([a.body.data.uuid]);
    // a route-based link follows the route's vehicle: it is listed under that vehicle and under the route
    expect(uuids(await api.list(`?asset_id=${other.id}`))).toEqual([c.body.data.uuid, b.body.data.uuid]);
    expect(uuids(await api.list(`?route_id=${route.id}`))).toEqual([c.body.data.uuid]);
    expect(uuids(await api.list("?active=false"))).toEqual([b.body.data.uuid]);
    expect(uuids(await api.list(`?active=true&asset_id=${other.id}`))).toEqual([c.body.data.uuid]);

    const bad = await api.list("?asset_id=abc&active=yes&limit=0");
    expect(bad).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED" } });
    expect(fields(bad)).toEqual(["active", "asset_id", "limit"]);
    expect(await api.list("?cursor=not-a-cursor!")).toMatchObject({ status: 422, body: { errors: [{ field: "cursor" }] } });
    expect(await api.list("?cursor=abc")).toMatchObject({ status: 422, body: { errors: [{ field: "cursor" }] } });
  });

  it("replaces a link with PUT: fields left out take their defaults; the uuid and the creation time stay", async () => {
    const api = await setup();
    const created = (await api.create(everyField(api.asset.id))).body.data;
    const other = await makeAsset(api.account.id, "Bus 8");

    const replaced = await api.one("PUT", created.uuid, { asset_id: other.id, access_mode: "email", branding: { company_name: "Other Ltd" } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({
      id: created.id,
      uuid: created.uuid,
      url: created.url,
      created_at: created.created_at,
      display_name: "Bus 8",
      asset: { id: other.id, name: "Bus 8" },
      access_mode: "email",
      allowed_emails: [],
      is_active: true,
      expires_at: null,
      starts_at: null,
      destination: null,
      schedule: null,
      session_minutes: 240,
      branding: { logo_url: null, primary_color: null, company_name: "Other Ltd", contact_name: null, contact_email: null, contact_phone: null },
      form: null,
    });
    expect((await api.one("GET", created.uuid)).body.data).toEqual(replaced.body.data);

    // and back to every field: the answer of GET sent back with PUT is the same link
    const restored = await api.one("PUT", created.uuid, everyField(api.asset.id, created.expires_at));
    expect(restored.status).toBe(200);
    expect(await api.one("PUT", created.uuid, bodyOf(restored.body.data))).toMatchObject({ status: 200, body: { data: restored.body.data } });
    expect(restored.body.data).toMatchObject({ ...created, status: restored.body.data.status, is_within_schedule: restored.body.data.is_within_schedule });
  });

  it("changes only what differs: an expired link sent back as it is stays expired, a new time limit re-arms it", async () => {
    const api = await setup();
    const created = (await api.create({ asset_id: api.asset.id, expires_at: new Date(Date.now() + DAY_MS).toISOString() })).body.data;
    // the time limit passed and the scheduler recorded it
    const past = new Date(Date.now() - 60_000);
    await db().trackingLink.update({ where: { id: created.id }, data: { expiresAt: past, expiredAt: past, expiredReason: "time_expired" } });
    const expired = (await api.one("GET", created.uuid)).body.data;
    expect(expired).toMatchObject({ is_expired: true, expired_reason: "time_expired", status: "expired" });

    // renaming sends the past time limit back unchanged: neither refused nor re-armed
    const renamed = await api.one("PUT", created.uuid, { ...bodyOf(expired), display_name: "Renamed" });
    expect(renamed).toMatchObject({ status: 200, body: { data: { display_name: "Renamed", is_expired: true, expires_at: past.toISOString() } } });

    const earlier = await api.one("PUT", created.uuid, { ...bodyOf(expired), expires_at: new Date(Date.now() - DAY_MS).toISOString() });
    expect(earlier).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED", errors: [{ field: "expires_at", message: "must be in the future" }] } });

    const later = new Date(Date.now() + DAY_MS).toISOString();
    const rearmed = await api.one("PUT", created.uuid, { ...bodyOf(expired), expires_at: later });
    expect(rearmed).toMatchObject({ status: 200, body: { data: { is_expired: false, expired_reason: null, status: "active", expires_at: later } } });
  });

  it("keeps a passenger's own link on the passenger's route", async () => {
    const api = await setup();
    const route = await db().route.create({ data: { accountId: api.account.id, routeNumber: "R3", name: "Hill school" }, select: { id: true } });
    const passenger = await db().passenger.create({ data: { accountId: api.account.id, routeId: route.id, name: "Ana" }, select: { id: true } });
    const own = (await ensurePassengerLinks({ accountId: api.account.id, passengerIds: [passenger.id] })).get(passenger.id)!;
    const read = (await api.one("GET", own.uuid)).body.data;
    expect(read).toMatchObject({ passenger: { id: passenger.id, name: "Ana" }, route: { id: route.id }, display_name: "Hill school" });

    const moved = await api.one("PUT", own.uuid, { ...bodyOf(read), route_id: undefined, asset_id: api.asset.id });
    expect(moved).toMatchObject({ status: 422, body: { errors: [{ field: "asset_id", message: "a passenger's link follows the passenger's route" }] } });
    const renamed = await api.one("PUT", own.uuid, { ...bodyOf(read), display_name: "Ana's bus" });
    expect(renamed).toMatchObject({ status: 200, body: { data: { display_name: "Ana's bus", passenger: { id: passenger.id } } } });
  });

  it("answers 422 with an error per field, named as the body names it", async () => {
    const api = await setup();
    const invalid = await api.create({
      asset_id: "seven",
      access_mode: "secret",
      session_minutes: 1,
      destination: { lat: 100, lng: 0, radiusM: 50 },
      schedule: { days: [8], start: "09:00", end: "08:00" },
      branding: { primary_color: "blue", colour: "red" },
      form: { title: "", choices: [] },
      expires_at: "tomorrow",
      colour: "red",
    });
    expect(invalid).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED", message: expect.stringContaining("asset_id") } });
    expect(invalid.body.errors).toContainEqual({ field: "expires_at", message: expect.stringMatching(/^must be an ISO 8601 date and time with a zone/) });
    const zoneless = await api.create({ asset_id: api.asset.id, starts_at: "2026-12-01T07:00:00" });
    expect(zoneless).toMatchObject({ status: 422, body: { errors: [{ field: "starts_at" }] } });
    const offset = await api.create({ asset_id: api.asset.id, starts_at: "2026-12-01T07:00:00+02:00" });
    expect(offset).toMatchObject({ status: 201, body: { data: { starts_at: "2026-12-01T05:00:00.000Z" } } });
    expect(fields(invalid)).toEqual([
      "access_mode",
      "asset_id",
      "body",
      "branding",
      "branding.primary_color",
      "destination",
      "destination.lat",
      "expires_at",
      "form.choices",
      "form.title",
      "schedule.days.0",
      "schedule.end",
      "session_minutes",
    ]);

    // the rules the use case checks, renamed too
    const noList = await api.create({ asset_id: api.asset.id, access_mode: "authorized_only" });
    expect(noList).toMatchObject({ status: 422, body: { errors: [{ field: "allowed_emails", message: "list at least one address for authorised-only links" }] } });
    expect(noList.body.message).toBe("allowed_emails: list at least one address for authorised-only links");
    const past = await api.create({ asset_id: api.asset.id, expires_at: new Date(Date.now() - 1000).toISOString() });
    expect(past).toMatchObject({ status: 422, body: { errors: [{ field: "expires_at", message: "must be in the future" }] } });
    expect(await api.create({})).toMatchObject({ status: 422, body: { errors: [{ field: "asset_id", message: "give asset_id or route_id" }] } });
    const noTarget = await api.create({ access_mode: "secret" });
    expect(noTarget.body.errors).toEqual([
      { field: "access_mode", message: expect.any(String) },
      { field: "asset_id", message: "give asset_id or route_id" },
    ]);
    const both = await api.create({ asset_id: api.asset.id, route_id: 1 });
    expect(both).toMatchObject({ status: 422, body: { errors: [{ field: "asset_id", message: "give asset_id or route_id, not both" }] } });
    expect(await api.create([])).toMatchObject({ status: 422, body: { errors: [{ field: "body" }] } });

    // an asset or route the account does not have is the body's fault, not a missing resource
    const stranger = await makeAccount("Other");
    const theirs = await makeAsset(stranger.id, "Their bus");
    expect(await api.create({ asset_id: theirs.id })).toMatchObject({
      status: 422,
      body: { code: "VALIDATION_FAILED", errors: [{ field: "asset_id", message: "no such asset in this account" }] },
    });
    expect(await api.create({ route_id: 987654 })).toMatchObject({ status: 422, body: { errors: [{ field: "route_id" }] } });
    const mine = (await api.create({ asset_id: api.asset.id })).body.data;
    expect(await api.one("PUT", mine.uuid, { asset_id: theirs.id })).toMatchObject({ status: 422, body: { errors: [{ field: "asset_id" }] } });
    expect(await api.one("PUT", mine.uuid, { asset_id: api.asset.id, session_minutes: 0 })).toMatchObject({
      status: 422,
      body: { errors: [{ field: "session_minutes" }] },
    });
  });

  it("answers 422 QUOTA_EXCEEDED at the account's cap of links, with the cap and the count, until one is deleted", async () => {
    const api = await setup("Quota");
    setAccountQuotas({ tracking_links: 2 });
    try {
      const first = await api.create({ asset_id: api.asset.id });
      expect((await api.create({ asset_id: api.asset.id })).status).toBe(201);
      const refused = await api.create({ asset_id: api.asset.id });
      expect(refused).toMatchObject({
        status: 422,
        body: { code: "QUOTA_EXCEEDED", quota: { resource: "tracking_links", limit: 2, count: 2 }, message: expect.stringContaining("at most 2") },
      });
      expect((await api.one("DELETE", first.body.data.uuid)).status).toBe(204);
      expect((await api.create({ asset_id: api.asset.id })).status).toBe(201);
    } finally {
      setAccountQuotas(undefined);
    }
  });

  it("answers 400 for malformed JSON, 413 over 1 MiB, 415 for a body that is not JSON, 405 for other methods", async () => {
    const api = await setup();
    expect(await api.create("{not json")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    const mine = (await api.create({ asset_id: api.asset.id })).body.data;
    expect(await api.one("PUT", mine.uuid, "{not json")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    const huge = { asset_id: api.asset.id, allowed_emails: ["a@example.test"], display_name: "x".repeat(1024 * 1024) };
    expect(await api.create(huge)).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
    expect(await api.one("PUT", mine.uuid, huge)).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
    const asForm = (handler: RouteHandler, method: string, path: string, params: Record<string, string>) =>
      handler(
        new Request(`http://fleetline.test${path}`, {
          method,
          headers: { authorization: `Bearer ${api.token}`, "content-type": "application/x-www-form-urlencoded" },
          body: "asset_id=1",
        }),
        routeContext(params),
      );
    const key = api.account.key;
    expect((await asForm(links.POST as RouteHandler, "POST", `/api/${key}/tracking-links`, { accountKey: key })).status).toBe(415);
    const put = await asForm(link.PUT as RouteHandler, "PUT", `/api/${key}/tracking-links/${mine.uuid}`, { accountKey: key, uuid: mine.uuid });
    expect(put.status).toBe(415);
    expect(await put.json()).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });

    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      const answer = await api.collection(method);
      expect(answer, method).toMatchObject({ status: 405, body: { code: "METHOD_NOT_ALLOWED", message: expect.any(String) } });
      expect(answer.headers.get("allow")).toBe("GET, POST");
    }
    for (const method of ["POST", "PATCH"] as const) {
      const answer = await api.one(method, mine.uuid, { active: false });
      expect(answer, method).toMatchObject({ status: 405, body: { code: "METHOD_NOT_ALLOWED" } });
      expect(answer.headers.get("allow")).toBe("GET, PUT, DELETE");
    }
  });

  it("answers 404 for an unknown or malformed uuid, another account's link, and another account's key", async () => {
    const api = await setup();
    const stranger = await setup("Other");
    const theirs = (await stranger.create({ asset_id: stranger.asset.id })).body.data;
    for (const uuid of [UNKNOWN_UUID, "not-a-uuid", theirs.uuid]) {
      for (const [method, body] of [["GET"], ["PUT", { asset_id: api.asset.id }], ["DELETE"]] as const) {
        const answer = await api.one(method, uuid, body);
        expect(answer, `${method} ${uuid}`).toMatchObject({ status: 404, body: { code: "LINK_NOT_FOUND", message: expect.any(String) } });
        expect(Object.keys(answer.body).sort()).toEqual(["code", "message"]);
      }
    }
    // their link is untouched
    expect(await stranger.one("GET", theirs.uuid)).toMatchObject({ status: 200, body: { data: { is_active: true } } });
    // the path's account must be the token's
    const foreign = await callRoute(links.GET as RouteHandler, "GET", `/api/${stranger.account.key}/tracking-links`, { accountKey: stranger.account.key }, api.token);
    expect(foreign).toMatchObject({ status: 404, body: { code: "ACCOUNT_NOT_FOUND" } });
  });

  it("needs tracking:read to read and tracking:write to change; 401 exactly without a token", async () => {
    const api = await setup();
    const mine = (await api.create({ asset_id: api.asset.id })).body.data;
    const reader = (await makeToken(api.account.id, { scopes: ["tracking:read"] })).token;
    const writer = (await makeToken(api.account.id, { scopes: ["tracking:write"] })).token;
    const neither = (await makeToken(api.account.id, { scopes: ["assets:read", "alerts:write"] })).token;

    expect((await api.list("", reader)).status).toBe(200);
    expect((await api.one("GET", mine.uuid, undefined, reader)).status).toBe(200);
    for (const answer of [
      await api.create({ asset_id: api.asset.id }, reader),
      await api.one("PUT", mine.uuid, { asset_id: api.asset.id }, reader),
      await api.one("DELETE", mine.uuid, undefined, reader),
      await api.list("", writer),
      await api.one("GET", mine.uuid, undefined, writer),
      await api.list("", neither),
      await api.create({ asset_id: api.asset.id }, neither),
    ]) {
      expect(answer).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE", message: expect.stringContaining("tracking:") } });
    }
    expect((await api.create({ asset_id: api.asset.id }, writer)).status).toBe(201);

    for (const answer of [
      await api.list("", null),
      await api.create({ asset_id: api.asset.id }, null),
      await api.one("GET", mine.uuid, undefined, null),
      await api.one("PUT", mine.uuid, { asset_id: api.asset.id }, null),
      await api.one("DELETE", mine.uuid, undefined, null),
      await api.one("GET", mine.uuid, undefined, "not-a-token"),
    ]) {
      expect(answer).toEqual({ status: 401, headers: expect.anything(), body: { message: "Unauthenticated." } });
    }
    expect(await api.one("GET", mine.uuid)).toMatchObject({ status: 200, body: { data: { is_active: true } } });
  });

  it("never lets a client do more than its member's role: viewers read, fleet managers and admins change links", async () => {
    const api = await setup();
    const viewer = await makeMember(api.account.id, "viewer");
    await expect(createOAuthClient({ accountId: api.account.id, userId: viewer.id, scopes: ["tracking:write"] })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "scopes", message: expect.stringContaining("tracking:write") }],
    });
    const viewerClient = await createOAuthClient({ accountId: api.account.id, userId: viewer.id });
    const viewerToken = (await issueAccessToken({ clientId: viewerClient.clientId, clientSecret: viewerClient.clientSecret })).access_token;
    expect((await api.list("", viewerToken)).status).toBe(200);
    expect((await api.create({ asset_id: api.asset.id }, viewerToken)).status).toBe(403);

    const manager = await makeMember(api.account.id, "fleet_manager");
    const managerClient = await createOAuthClient({ accountId: api.account.id, userId: manager.id, scopes: ["tracking:read", "tracking:write"] });
    const managerToken = (await issueAccessToken({ clientId: managerClient.clientId, clientSecret: managerClient.clientSecret })).access_token;
    expect((await api.create({ asset_id: api.asset.id }, managerToken)).status).toBe(201);
    // office staff may not manage links in the dashboard: the client's tracking:write goes with the role
    await changeMemberRole({ accountId: api.account.id, userId: manager.id, role: "office_staff" });
    expect(await api.create({ asset_id: api.asset.id }, managerToken)).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE" } });
    expect((await api.list("", managerToken)).status).toBe(200);
  });

  it("counts every call against the client's REST budget (600 a minute), then 429 with Retry-After", async () => {
    const api = await setup();
    const mine = (await api.create({ asset_id: api.asset.id })).body.data;
    const budget = rateLimiter(DEFAULT_API_RATE_LIMIT);
    // the budget spent by earlier calls of this client (the create above counted one)
    for (let call = 1; call < DEFAULT_API_RATE_LIMIT.points; call++) await budget.consume(api.clientId);
    for (const answer of [
      await api.list(),
      await api.create({ asset_id: api.asset.id }),
      await api.one("GET", mine.uuid),
      await api.one("PUT", mine.uuid, { asset_id: api.asset.id, active: false }),
      await api.one("DELETE", mine.uuid),
    ]) {
      expect(answer).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // nothing was changed by the refused calls
    const other = (await makeToken(api.account.id)).token;
    expect(await api.one("GET", mine.uuid, undefined, other)).toMatchObject({ status: 200, body: { data: { is_active: true } } });
  });
});
