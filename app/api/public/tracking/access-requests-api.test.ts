// Access requests over HTTP on the real server, on both databases (docs/public-tracking.md, "Access requests"):
// POST /api/public/tracking/{uuid}/access-requests with every status it answers (202, 400, 404, 405, 409, 410, 422,
// 429), the same 202 whatever became of the request, the team's e-mail, the cool-down after a rejection, and the
// whole approval: the team approves through the dashboard API, the requester is e-mailed the link and can then
// verify with a code. Webhook events are caught by a recording announcer, the seam the dispatcher plugs into.
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { resetRateLimits } from "@/server/security/rate-limit";
import { createAsset } from "@/server/modules/assets/create-asset";
import { createTrackingLink } from "@/server/modules/tracking-links/create-tracking-link";
import type { CreateTrackingLinkInput } from "@/server/modules/tracking-links/tracking-links.schema";
import { updateTrackingLink } from "@/server/modules/tracking-links/update-tracking-link";
import { setWebhookAnnouncer, type WebhookEvent } from "@/server/modules/webhooks/webhook-events";
import { readOutbox, waitForOutboxMessage } from "@/server/testing/mail-capture";
import type { TrackingServer } from "@/server/testing/public-tracking-harness";
import { databaseKinds } from "@/server/testing/test-database";
import { startTrackingServerOn } from "@/server/testing/tracking-server-on";
import { callerFor, createFixtureAccount, type FixtureAccount } from "@/server/testing/trpc-fixtures";

interface Announced {
  accountId: number;
  event: WebhookEvent;
  data: Record<string, unknown>;
}

describe.each(databaseKinds())("access requests on %s", (kind) => {
  let server: TrackingServer;
  const announced: Announced[] = [];

  beforeAll(async () => {
    server = await startTrackingServerOn(kind, { TRUST_PROXY: "1", PUBLIC_URL: "https://track.example.test" });
    setWebhookAnnouncer((accountId, event, data) => announced.push({ accountId, event, data }));
  }, 60_000);
  afterAll(async () => {
    setWebhookAnnouncer(undefined);
    await server?.close();
  });
  // the limiters live in this process: counters of one test (or of the other database's run) must not leak
  beforeEach(() => resetRateLimits());

  const prefix = `10.${randomInt(256)}.${randomInt(256)}`;
  let ipSeq = 1;
  const newIp = () => `${prefix}.${ipSeq++}`;

  async function call(method: string, path: string, options: { body?: unknown; raw?: string; ip?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { "x-forwarded-for": options.ip ?? newIp(), ...options.headers };
    let body: string | undefined;
    if (options.raw !== undefined || options.body !== undefined) {
      headers["content-type"] ??= "application/json";
      body = options.raw ?? JSON.stringify(options.body);
    }
    const response = await fetch(`${server.url}${path}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, any>) : null };
  }

  const ask = (uuid: string, body: unknown, ip?: string) => call("POST", `/api/public/tracking/${uuid}/access-requests`, { body, ip });
  const verify = (uuid: string, body: unknown) => call("POST", `/api/public/tracking/${uuid}/verify`, { body });

  async function makeLink(input: Omit<CreateTrackingLinkInput, "accountId" | "assetId"> = {}, contactEmail: string | null = null) {
    const account = await createFixtureAccount("Requests fleet");
    await db().account.update({ where: { id: account.id }, data: { contactEmail, brandingCompanyName: "Bright Buses" } });
    const asset = await createAsset({ accountId: account.id, name: "Bus 9" });
    const link = await createTrackingLink({
      accountId: account.id,
      assetId: asset.id,
      displayName: "School run",
      accessMode: "authorized_only",
      allowedEmails: ["listed@example.test"],
      ...input,
    });
    return { account, link };
  }

  const requestsOf = (linkId: number) =>
    db().accessRequest.findMany({ where: { linkId }, orderBy: { id: "asc" }, select: { id: true, email: true, name: true, message: true, status: true } });
  const eventsOf = (accountId: number) => announced.filter((entry) => entry.accountId === accountId);
  const admin = (account: FixtureAccount) => callerFor(account.users.admin);

  it("takes a request (202), stores it pending, announces access_requested and mails the team", async () => {
    const { account, link } = await makeLink({}, "dispatch@bright.example.test");
    const answer = await ask(link.uuid, { email: " Parent@Example.test ", name: "Anna Parent", message: "Mia's mother.\nShe rides Mondays." });
    expect(answer).toMatchObject({ status: 202, body: { success: true, message: expect.stringContaining("If the team approves it") } });
    expect(Object.keys(answer.body!).sort()).toEqual(["message", "success"]);

    const [stored] = await requestsOf(link.id);
    expect(stored).toMatchObject({ email: "parent@example.test", name: "Anna Parent", message: "Mia's mother.\nShe rides Mondays.", status: "pending" });
    expect(eventsOf(account.id)).toEqual([
      {
        accountId: account.id,
        event: "access_requested",
        data: { request_id: stored!.id, link_uuid: link.uuid, email: "parent@example.test", name: "Anna Parent" },
      },
    ]);
    const mail = await waitForOutboxMessage(server.dataDir, { to: "dispatch@bright.example.test" });
    expect(mail.subject).toBe("Access request for School run");
    expect(mail.text).toContain("parent@example.test");
    expect(mail.text).toContain("Anna Parent");
    expect(mail.text).toContain(`https://track.example.test/a/${account.key}/access-requests`);
    // nothing goes to the address the viewer typed: the endpoint cannot be used to mail strangers
    expect((await readOutbox(server.dataDir)).filter((m) => m.to.includes("parent@example.test"))).toEqual([]);
  });

  it("answers the same 202 for a repeat, a listed address and a recent rejection, changing nothing", async () => {
    const { account, link } = await makeLink();
    const first = await ask(link.uuid, { email: "repeat@example.test", name: "First" });
    const again = await ask(link.uuid, { email: "repeat@example.test", name: "Second", message: "hello?" });
    const listed = await ask(link.uuid, { email: "listed@example.test" });
    expect([first, again, listed].map((answer) => [answer.status, answer.body])).toEqual([
      [202, first.body],
      [202, first.body],
      [202, first.body],
    ]);
    const rows = await requestsOf(link.id);
    expect(rows).toEqual([{ id: rows[0]!.id, email: "repeat@example.test", name: "First", message: null, status: "pending" }]);
    expect(eventsOf(account.id).map((entry) => entry.event)).toEqual(["access_requested"]);

    // rejected: asking again within 24 hours is dropped; after it, the request is new again (a new id)
    const rejected = await admin(account).accessRequests.reject({ accountKey: account.key, requestId: rows[0]!.id });
    expect(rejected).toMatchObject({ status: "rejected", decided_by: { id: account.users.admin } });
    expect((await ask(link.uuid, { email: "repeat@example.test", name: "Third" })).status).toBe(202);
    expect((await requestsOf(link.id)).map((row) => row.status)).toEqual(["rejected"]);
    expect(eventsOf(account.id)).toHaveLength(1);

    await db().accessRequest.update({ where: { id: rows[0]!.id }, data: { decidedAt: new Date(Date.now() - 25 * 3600_000) } });
    expect((await ask(link.uuid, { email: "repeat@example.test", name: "Fourth" })).status).toBe(202);
    const renewed = await requestsOf(link.id);
    expect(renewed).toEqual([{ id: expect.any(Number), email: "repeat@example.test", name: "Fourth", message: null, status: "pending" }]);
    expect(renewed[0]!.id).toBeGreaterThan(rows[0]!.id);
    expect(eventsOf(account.id).map((entry) => entry.data.request_id)).toEqual([rows[0]!.id, renewed[0]!.id]);
  });

  it("lets an approved address in: approval lists it, e-mails the link, announces access_approved; verify then sends a code", async () => {
    const { account, link } = await makeLink();
    expect((await ask(link.uuid, { email: "newcomer@example.test", name: "Ben" })).status).toBe(202);
    // before approval the address gets no code (and the same answer as anyone)
    expect((await verify(link.uuid, { email: "newcomer@example.test" })).status).toBe(202);

    const caller = admin(account);
    const pending = await caller.accessRequests.list({ accountKey: account.key, status: "pending" });
    expect(pending.data).toEqual([
      expect.objectContaining({
        email: "newcomer@example.test",
        name: "Ben",
        status: "pending",
        link: { id: link.id, uuid: link.uuid, display_name: "School run" },
        decided_at: null,
        decided_by: null,
      }),
    ]);
    expect(await caller.accessRequests.pendingCount({ accountKey: account.key })).toBe(1);

    const approved = await caller.accessRequests.approve({ accountKey: account.key, requestId: pending.data[0]!.id });
    expect(approved).toMatchObject({ status: "approved", notified: true, decided_by: { id: account.users.admin, name: "admin user" } });
    expect(Date.parse(approved.decided_at!)).toBeGreaterThan(Date.now() - 10_000);
    expect(await caller.accessRequests.pendingCount({ accountKey: account.key })).toBe(0);
    expect((await caller.trackingLinks.get({ accountKey: account.key, linkId: link.id })).allowed_emails).toEqual([
      "listed@example.test",
      "newcomer@example.test",
    ]);
    expect(eventsOf(account.id).map(({ event, data }) => ({ event, data }))).toEqual([
      { event: "access_requested", data: expect.objectContaining({ email: "newcomer@example.test" }) },
      { event: "access_approved", data: { request_id: approved.id, link_uuid: link.uuid, email: "newcomer@example.test", name: "Ben" } },
    ]);
    const welcome = await waitForOutboxMessage(server.dataDir, { to: "newcomer@example.test" });
    expect(welcome.subject).toBe("You can now follow School run");
    expect(welcome.text).toContain(`https://track.example.test/t/${link.uuid}`);

    // deciding twice is refused
    await expect(caller.accessRequests.reject({ accountKey: account.key, requestId: approved.id })).rejects.toMatchObject({ code: "CONFLICT" });

    // the approved address now receives a code and opens the link
    const sent = await readOutbox(server.dataDir);
    expect((await verify(link.uuid, { email: "newcomer@example.test" })).status).toBe(202);
    const codeMail = await waitForOutboxMessage(server.dataDir, { to: "newcomer@example.test", after: sent.filter((m) => m.to.includes("newcomer@example.test")).length });
    const code = /\b(\d{6})\b/.exec(codeMail.text)![1]!;
    const session = await verify(link.uuid, { email: "newcomer@example.test", access_code: code });
    expect(session).toMatchObject({ status: 200, body: { success: true, session: { link: { uuid: link.uuid } } } });

    // taken off the list later, the address may ask again
    await caller.trackingLinks.update({ accountKey: account.key, linkId: link.id, body: { allowedEmails: ["listed@example.test"] } });
    expect((await ask(link.uuid, { email: "newcomer@example.test" })).status).toBe(202);
    expect((await requestsOf(link.id)).map((row) => row.status)).toEqual(["pending"]);
  });

  it("keeps requests to each account: another account's request is NOT_FOUND, and only link managers decide", async () => {
    const { account, link } = await makeLink();
    await ask(link.uuid, { email: "someone@example.test" });
    const [request] = await requestsOf(link.id);
    const other = await createFixtureAccount("Other fleet");
    await expect(admin(other).accessRequests.approve({ accountKey: other.key, requestId: request!.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    for (const role of ["office_staff", "viewer"] as const) {
      await expect(callerFor(account.users[role]).accessRequests.list({ accountKey: account.key })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(callerFor(account.users[role]).accessRequests.approve({ accountKey: account.key, requestId: request!.id })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
    }
    const byManager = await callerFor(account.users.fleet_manager).accessRequests.reject({ accountKey: account.key, requestId: request!.id });
    expect(byManager).toMatchObject({ status: "rejected", decided_by: { id: account.users.fleet_manager } });
    const decided = await admin(account).accessRequests.list({ accountKey: account.key, status: "decided" });
    expect(decided.data.map((row) => row.id)).toEqual([request!.id]);
    expect(eventsOf(account.id).map((entry) => entry.event)).toEqual(["access_requested"]); // a rejection announces nothing
  });

  it("refuses an approval that would take the list past its 500 addresses, leaving the request pending", async () => {
    const full = Array.from({ length: 500 }, (_, i) => `member${i}@example.test`);
    const { account, link } = await makeLink({ allowedEmails: full });
    await ask(link.uuid, { email: "one-more@example.test" });
    const [request] = await requestsOf(link.id);
    await expect(admin(account).accessRequests.approve({ accountKey: account.key, requestId: request!.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("500"),
    });
    expect((await requestsOf(link.id))[0]!.status).toBe("pending");
  });

  it("is 404 for unknown links, 410 for disabled or expired ones, 409 for links that are not private, 405 for GET", async () => {
    expect(await ask("00000000-0000-4000-8000-000000000000", { email: "a@example.test" })).toMatchObject({ status: 404, body: { code: "LINK_NOT_FOUND" } });
    expect((await ask("not-a-uuid", { email: "a@example.test" })).status).toBe(404);

    const { account, link } = await makeLink();
    await updateTrackingLink({ accountId: account.id, linkId: link.id, active: false });
    expect(await ask(link.uuid, { email: "a@example.test" })).toMatchObject({ status: 410, body: { code: "LINK_INACTIVE" } });
    await updateTrackingLink({ accountId: account.id, linkId: link.id, active: true });
    await db().trackingLink.update({ where: { id: link.id }, data: { expiredAt: new Date(), expiredReason: "time_expired" } });
    expect(await ask(link.uuid, { email: "a@example.test" })).toMatchObject({ status: 410, body: { code: "LINK_EXPIRED" } });

    for (const accessMode of ["public", "email", "email_code"] as const) {
      const open = await makeLink({ accessMode, allowedEmails: [] });
      expect(await ask(open.link.uuid, { email: "a@example.test" })).toMatchObject({ status: 409, body: { code: "LINK_NOT_PRIVATE" } });
    }
    expect(await call("GET", `/api/public/tracking/${link.uuid}/access-requests`)).toMatchObject({ status: 405, body: { code: "METHOD_NOT_ALLOWED" } });
    expect(await db().accessRequest.count({ where: { linkId: link.id } })).toBe(0);
  });

  it("refuses bad input with 422 and the field (or 400 for a body that is not JSON), storing nothing", async () => {
    const { link } = await makeLink();
    const cases: Array<[unknown, string]> = [
      [{}, "email"],
      [{ email: "not an address" }, "email"],
      [{ email: `${"x".repeat(250)}@example.test` }, "email"],
      [{ email: "a@example.test", name: "n".repeat(101) }, "name"],
      [{ email: "a@example.test", name: "Two\nlines" }, "name"],
      [{ email: "a@example.test", name: 42 }, "name"],
      [{ email: "a@example.test", message: "m".repeat(501) }, "message"],
      [{ email: "a@example.test", message: "bell\u0007" }, "message"],
    ];
    for (const [body, field] of cases) {
      const answer = await ask(link.uuid, body);
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED", errors: [{ field }] } });
    }
    expect(await call("POST", `/api/public/tracking/${link.uuid}/access-requests`, { raw: "{not json" })).toMatchObject({
      status: 400,
      body: { code: "BAD_REQUEST" },
    });
    expect(await db().accessRequest.count({ where: { linkId: link.id } })).toBe(0);
  });

  it("allows 10 requests a minute per IP, then 429 with Retry-After", async () => {
    const { link } = await makeLink();
    const ip = newIp();
    // repeats of one address (new addresses from one source meet the smaller budget below first)
    for (let i = 0; i < 10; i++) expect((await ask(link.uuid, { email: "ip@example.test" }, ip)).status).toBe(202);
    const limited = await ask(link.uuid, { email: "ip10@example.test" }, ip);
    expect(limited).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect((await ask(link.uuid, { email: "ip10@example.test" }, newIp())).status).toBe(202);
  });

  it("counts only new requests against the link's budget, and at most 5 an hour from one source, so one source cannot lock a link", async () => {
    const { link } = await makeLink();
    const ip = newIp();
    // repeats change nothing and cost the link nothing
    for (let i = 0; i < 9; i++) expect((await ask(link.uuid, { email: "again@example.test" }, ip)).status).toBe(202);
    const flooder = newIp();
    for (let i = 0; i < 5; i++) expect((await ask(link.uuid, { email: `made-up${i}@example.test` }, flooder)).status).toBe(202);
    const stopped = await ask(link.uuid, { email: "made-up5@example.test" }, flooder);
    expect(stopped).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
    expect(Number(stopped.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(await db().accessRequest.count({ where: { linkId: link.id } })).toBe(6);
    // real requesters elsewhere still get through, up to the link's 100 new requests an hour
    for (let i = 0; i < 94; i++) expect((await ask(link.uuid, { email: `parent${i}@example.test` })).status).toBe(202);
    expect((await ask(link.uuid, { email: "parent94@example.test" })).status).toBe(429);
    expect(await db().accessRequest.count({ where: { linkId: link.id } })).toBe(100);
  }, 120_000);

  it("allows 100 requests an hour per link from anywhere, then 429; other links are not affected", async () => {
    const { link } = await makeLink();
    const { link: other } = await makeLink();
    for (let i = 0; i < 100; i++) expect((await ask(link.uuid, { email: `flood${i}@example.test` })).status).toBe(202);
    const limited = await ask(link.uuid, { email: "flood100@example.test" });
    expect(limited).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(await db().accessRequest.count({ where: { linkId: link.id } })).toBe(100);
    expect((await ask(other.uuid, { email: "flood100@example.test" })).status).toBe(202);
  });
});
