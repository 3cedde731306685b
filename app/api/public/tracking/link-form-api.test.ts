// Link forms over HTTP on the real server, on both databases (docs/public-tracking.md, "Link forms"): the form read
// and sent with a viewer session (GET and POST /api/public/tracking/{uuid}/form) and every status they answer (200,
// 201, 400, 401, 403, 404, 405, 410, 422, 429), the submission stored with the link's passenger and the session's
// address and announced as form_submitted, the form kept out of the link info, and the dashboard's list with "mark
// seen". Webhook events are caught by a recording announcer, the seam the dispatcher plugs into.
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { resetRateLimits } from "@/server/security/rate-limit";
import { createAsset } from "@/server/modules/assets/create-asset";
import { createTrackingLink } from "@/server/modules/tracking-links/create-tracking-link";
import type { CreateTrackingLinkInput } from "@/server/modules/tracking-links/tracking-links.schema";
import { updateTrackingLink } from "@/server/modules/tracking-links/update-tracking-link";
import { setWebhookAnnouncer, type WebhookEvent } from "@/server/modules/webhooks/webhook-events";
import type { TrackingServer } from "@/server/testing/public-tracking-harness";
import { databaseKinds } from "@/server/testing/test-database";
import { startTrackingServerOn } from "@/server/testing/tracking-server-on";
import { callerFor, createFixtureAccount } from "@/server/testing/trpc-fixtures";

interface Announced {
  accountId: number;
  event: WebhookEvent;
  data: Record<string, unknown>;
}

const FORM = { title: "Today's ride", choices: ["Not riding today", "Running late", "Picked up by a parent"] };

describe.each(databaseKinds())("link forms on %s", (kind) => {
  let server: TrackingServer;
  const announced: Announced[] = [];

  beforeAll(async () => {
    server = await startTrackingServerOn(kind, { TRUST_PROXY: "1" });
    setWebhookAnnouncer((accountId, event, data) => announced.push({ accountId, event, data }));
  }, 60_000);
  afterAll(async () => {
    setWebhookAnnouncer(undefined);
    await server?.close();
  });
  beforeEach(() => resetRateLimits());

  const prefix = `10.${randomInt(256)}.${randomInt(256)}`;
  let ipSeq = 1;

  async function call(method: string, path: string, options: { body?: unknown; raw?: string; token?: string } = {}) {
    const headers: Record<string, string> = { "x-forwarded-for": `${prefix}.${ipSeq++}` };
    if (options.token !== undefined) headers["x-session-token"] = options.token;
    let body: string | undefined;
    if (options.raw !== undefined || options.body !== undefined) {
      headers["content-type"] = "application/json";
      body = options.raw ?? JSON.stringify(options.body);
    }
    const response = await fetch(`${server.url}${path}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, any>) : null };
  }

  const readForm = (uuid: string, token?: string) => call("GET", `/api/public/tracking/${uuid}/form`, { token });
  const send = (uuid: string, token: string | undefined, body: unknown) => call("POST", `/api/public/tracking/${uuid}/form`, { token, body });

  async function makeLink(input: Omit<CreateTrackingLinkInput, "accountId" | "assetId"> = {}) {
    const account = await createFixtureAccount("Forms fleet");
    const asset = await createAsset({ accountId: account.id, name: "Bus 4" });
    const link = await createTrackingLink({ accountId: account.id, assetId: asset.id, displayName: "Route 4", form: FORM, ...input });
    return { account, link };
  }

  async function session(uuid: string, body: unknown = {}): Promise<string> {
    const answer = await call("POST", `/api/public/tracking/${uuid}/verify`, { body });
    expect(answer.status).toBe(200);
    return answer.body!.session.token as string;
  }

  it("serves the form to a viewer with a session, never in the link info", async () => {
    const { link } = await makeLink();
    expect(link.form).toEqual(FORM);
    const token = await session(link.uuid);
    expect(await readForm(link.uuid, token)).toEqual({ status: 200, headers: expect.anything(), body: { data: FORM } });
    const info = await call("GET", `/api/public/tracking/${link.uuid}/info`);
    expect(Object.keys(info.body!.data).sort()).toEqual(["access_mode", "branding", "display_name", "is_active", "is_expired", "is_within_schedule", "uuid"]);
  });

  it("stores a submission with the link's passenger and the session's address, announces form_submitted, answers 201", async () => {
    const { account, link } = await makeLink({ accessMode: "email" });
    const route = await db().route.create({ data: { accountId: account.id, routeNumber: "R4" }, select: { id: true } });
    const passenger = await db().passenger.create({ data: { accountId: account.id, routeId: route.id, name: "Mia" }, select: { id: true } });
    await db().trackingLink.update({ where: { id: link.id }, data: { passengerId: passenger.id } });
    const token = await session(link.uuid, { email: "Parent@Example.test" });

    const before = Date.now();
    const answer = await send(link.uuid, token, { choice: " Not riding today ", message: "  Mia is ill.\r\nBack on Monday. " });
    expect(answer).toMatchObject({ status: 201, body: { data: { choice: "Not riding today", message: "Mia is ill.\nBack on Monday." } } });
    expect(Date.parse(answer.body!.data.submitted_at)).toBeGreaterThanOrEqual(before - 1000);

    const stored = await db().linkFormSubmission.findMany({ where: { linkId: link.id } });
    expect(stored).toEqual([
      expect.objectContaining({ accountId: account.id, passengerId: passenger.id, email: "parent@example.test", choice: "Not riding today", seenAt: null }),
    ]);
    expect(announced.filter((entry) => entry.accountId === account.id && entry.event === "form_submitted")).toEqual([
      {
        accountId: account.id,
        event: "form_submitted",
        data: { submission_id: stored[0]!.id, link_uuid: link.uuid, passenger_id: passenger.id, choice: "Not riding today", message: "Mia is ill.\nBack on Monday." },
      },
    ]);

    // a public link: no passenger, no address
    const { account: other, link: open } = await makeLink();
    expect((await send(open.uuid, await session(open.uuid), { choice: "Running late" })).status).toBe(201);
    expect(announced.filter((entry) => entry.accountId === other.id && entry.event === "form_submitted")[0]!.data).toMatchObject({ passenger_id: null, message: null });
    expect(await db().linkFormSubmission.findFirst({ where: { linkId: open.id }, select: { email: true, passengerId: true } })).toEqual({
      email: null,
      passengerId: null,
    });
  });

  it("refuses a choice that is not the link's, a long message and a body that is not JSON", async () => {
    const { link } = await makeLink();
    const token = await session(link.uuid);
    const cases: Array<[unknown, string]> = [
      [{ choice: "Something else" }, "choice"],
      [{ choice: "not riding today" }, "choice"],
      [{}, "choice"],
      [{ choice: 3 }, "choice"],
      [{ choice: "Running late", message: "x".repeat(501) }, "message"],
    ];
    for (const [body, field] of cases) {
      expect(await send(link.uuid, token, body), JSON.stringify(body)).toMatchObject({
        status: 422,
        body: { code: "VALIDATION_FAILED", errors: [{ field }] },
      });
    }
    expect((await send(link.uuid, token, { choice: "Something else" })).body!.errors[0].message).toBe(
      "must be one of: Not riding today, Running late, Picked up by a parent",
    );
    expect(await call("POST", `/api/public/tracking/${link.uuid}/form`, { token, raw: "{oops" })).toMatchObject({ status: 400 });
    expect((await send(link.uuid, token, { choice: "Running late", message: "x".repeat(500) })).status).toBe(201);
    expect(await db().linkFormSubmission.count({ where: { linkId: link.id } })).toBe(1);
  });

  it("needs a session of this link (401 without, 401 SESSION_EXPIRED, 403 another link's) and a form (404)", async () => {
    const { link } = await makeLink();
    const { link: otherLink } = await makeLink();
    const { link: formless } = await makeLink({ form: null });
    expect(await readForm(link.uuid)).toMatchObject({ status: 401, body: { message: "Unauthenticated." } });
    expect(await send(link.uuid, "not-a-session", { choice: "Running late" })).toMatchObject({ status: 401, body: { message: "Unauthenticated." } });
    expect(await readForm(link.uuid, await session(otherLink.uuid))).toMatchObject({ status: 403, body: { code: "CHANNEL_FORBIDDEN" } });
    expect(await send(link.uuid, await session(otherLink.uuid), { choice: "Running late" })).toMatchObject({ status: 403 });

    const formlessToken = await session(formless.uuid);
    expect(await readForm(formless.uuid, formlessToken)).toMatchObject({ status: 404, body: { code: "FORM_NOT_FOUND" } });
    expect(await send(formless.uuid, formlessToken, { choice: "Running late" })).toMatchObject({ status: 404, body: { code: "FORM_NOT_FOUND" } });

    const token = await session(link.uuid);
    await db().viewerSession.updateMany({ where: { linkId: link.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await readForm(link.uuid, token)).toMatchObject({ status: 401, body: { code: "SESSION_EXPIRED" } });
    expect(await call("DELETE", `/api/public/tracking/${link.uuid}/form`)).toMatchObject({ status: 405 });
  });

  it("works outside the link's schedule (not riding today is sent before the run), not once it is disabled (410)", async () => {
    const { account, link } = await makeLink();
    const token = await session(link.uuid);
    await db().trackingLink.update({ where: { id: link.id }, data: { startsAt: new Date(Date.now() + 3600_000) } });
    expect((await call("GET", `/api/public/tracking/${link.uuid}/location`, { token })).status).toBe(403);
    expect((await send(link.uuid, token, { choice: "Not riding today" })).status).toBe(201);

    await updateTrackingLink({ accountId: account.id, linkId: link.id, active: false });
    expect(await readForm(link.uuid, token)).toMatchObject({ status: 410, body: { code: "LINK_INACTIVE" } });
    expect(await send(link.uuid, token, { choice: "Running late" })).toMatchObject({ status: 410, body: { code: "LINK_INACTIVE" } });
  });

  it("allows 10 submissions an hour per session, then 429 with Retry-After; another session still sends", async () => {
    const { link } = await makeLink();
    const token = await session(link.uuid);
    for (let i = 0; i < 10; i++) expect((await send(link.uuid, token, { choice: "Running late" })).status).toBe(201);
    const limited = await send(link.uuid, token, { choice: "Running late" });
    expect(limited).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(60);
    expect((await send(link.uuid, await session(link.uuid), { choice: "Running late" })).status).toBe(201);
    expect(await db().linkFormSubmission.count({ where: { linkId: link.id } })).toBe(11);
  });

  it("allows 60 form reads a minute per session, then 429", async () => {
    const { link } = await makeLink();
    const token = await session(link.uuid);
    for (let i = 0; i < 60; i++) expect((await readForm(link.uuid, token)).status).toBe(200);
    expect(await readForm(link.uuid, token)).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
  });

  it("lists the account's messages newest first for the team, and marks them seen", async () => {
    const { account, link } = await makeLink();
    const token = await session(link.uuid);
    await send(link.uuid, token, { choice: "Running late", message: "Ten minutes" });
    await send(link.uuid, token, { choice: "Not riding today" });
    const staff = callerFor(account.users.office_staff);
    const list = await staff.formSubmissions.list({ accountKey: account.key });
    expect(list.data).toEqual([
      expect.objectContaining({ choice: "Not riding today", message: null, seen_at: null, link: { id: link.id, uuid: link.uuid, display_name: "Route 4" } }),
      expect.objectContaining({ choice: "Running late", message: "Ten minutes", passenger: null, email: null }),
    ]);
    expect(await staff.formSubmissions.unseenCount({ accountKey: account.key })).toBe(2);

    // another account's ids are left alone
    const other = await createFixtureAccount("Other forms fleet");
    expect(await callerFor(other.users.admin).formSubmissions.markSeen({ accountKey: other.key, ids: [list.data[0]!.id] })).toEqual({ marked: 0 });
    expect(await staff.formSubmissions.markSeen({ accountKey: account.key, ids: [list.data[1]!.id] })).toEqual({ marked: 1 });
    expect((await staff.formSubmissions.list({ accountKey: account.key, unseenOnly: true })).data.map((row) => row.choice)).toEqual(["Not riding today"]);
    expect(await staff.formSubmissions.markSeen({ accountKey: account.key })).toEqual({ marked: 1 });
    expect(await staff.formSubmissions.unseenCount({ accountKey: account.key })).toBe(0);
    await expect(callerFor(account.users.viewer).formSubmissions.list({ accountKey: account.key })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
