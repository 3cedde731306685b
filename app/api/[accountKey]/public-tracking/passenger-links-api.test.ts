// Passenger links over HTTP on the real server, on every database kind: send-welcome (every status code, the four
// counts, the messages really written to the mail outbox and the SMS outbox with each passenger's own link), an import
// never messaging anyone, the route occurrences endpoint (every status code, runs and schedule days), and on the
// public side the day's run of a route-based link and opting out through a passenger's link.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { env, setEnv } from "@/server/env";
import { closeMailer } from "@/server/mail/mailer";
import { makeAccount, makeApiKey } from "@/server/testing/http-fixtures";
import { createAsset } from "@/server/modules/assets/create-asset";
import { importRows } from "@/server/modules/imports/import-rows";
import { clearPassengerOptOut } from "@/server/modules/passengers/clear-passenger-opt-out";
import { addDays, formatLocalDate, zonedParts } from "@/server/modules/time/zoned-time";
import { createTrackingLink } from "@/server/modules/tracking-links/create-tracking-link";
import { updateTrackingLink } from "@/server/modules/tracking-links/update-tracking-link";
import { readOutbox } from "@/server/testing/mail-capture";
import { startTrackingServer, type TrackingServer } from "@/server/testing/public-tracking-harness";
import { freePort } from "@/server/testing/free-port";
import { createScratchDatabase, type ScratchDatabase } from "@/server/testing/scratch-postgres";
import { readSmsOutbox } from "@/server/testing/sms-capture";
import { databaseKinds } from "@/server/testing/test-database";

const PUBLIC_URL = "https://track.example.test";
const TIME_ZONE = "Europe/Vilnius";

describe.each(databaseKinds())("passenger links and route occurrences over HTTP on %s", (kind) => {
  let server: TrackingServer;
  let scratch: ScratchDatabase | null = null;
  beforeAll(async () => {
    scratch = kind === "postgres" ? await createScratchDatabase() : null;
    server = await startTrackingServer({ PUBLIC_URL, TRUST_PROXY: "1", ...(scratch && { DATABASE_URL: scratch.url }) });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await scratch?.drop();
  });

  let ipSeq = 1;
  async function call(method: string, path: string, options: { body?: unknown; raw?: string; key?: string; session?: string } = {}) {
    const headers: Record<string, string> = { accept: "application/json", "x-forwarded-for": `198.51.100.${ipSeq++ % 250}` };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    if (options.session) headers["x-session-token"] = options.session;
    let body: string | undefined;
    if (options.body !== undefined || options.raw !== undefined) {
      headers["content-type"] = "application/json";
      body = options.raw ?? JSON.stringify(options.body);
    }
    const response = await fetch(`${server.url}${path}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, any>) : null };
  }

  /** an account with a branded company, a bus, an office key and one route with stops */
  async function school(role: "admin" | "fleet_manager" | "office_staff" = "office_staff") {
    const account = await makeAccount("Hill School");
    await db().account.update({
      where: { id: account.id },
      data: { timeZone: TIME_ZONE, brandingCompanyName: "Hill Buses Ltd", contactPhone: "+37052000000" },
    });
    const key = await makeApiKey(account.id, role);
    const bus = await createAsset({ accountId: account.id, name: "Bus 1", plate: "HIL-001" });
    const rows = async (target: "routes" | "runs" | "passengers", list: unknown[]) => {
      const { result } = await importRows({ accountId: account.id, userId: key.userId, source: "api", body: { target, rows: list } });
      expect(result.errors).toEqual([]);
      return result;
    };
    const route = await rows("routes", [
      { route_number: "M1", route_name: "Morning loop", vehicle: "HIL-001", days: "Daily", start_time: "07:10", end_time: "08:05", stops: [{ name: "Oak Street" }, { name: "School" }] },
    ]);
    return { account, key, busId: bus.id, routeId: route.created_ids[0]!, rows };
  }

  const welcome = (accountKey: string, key: string, body: unknown) =>
    call("POST", `/api/${accountKey}/public-tracking/passengers/send-welcome`, { key, body });

  describe("POST send-welcome", () => {
    it("counts sent, not_approved, opted_out and no_channel, and really sends each link by e-mail or SMS", async () => {
      const { account, key, rows } = await school();
      const imported = await rows("passengers", [
        { external_id: "A", route_number: "M1", passenger_name: "Ada", contact_name: "Mum", contact_email: "Ada.Parent@Example.TEST", contact_phone: "+370 600 11111" },
        { external_id: "B", route_number: "M1", passenger_name: "Ben", contact_phone: "+370 600 12345" },
        { external_id: "C", route_number: "M1", passenger_name: "Cleo", contact_email: "cleo@example.test" },
        { external_id: "D", route_number: "M1", passenger_name: "Dan", contact_email: "dan@example.test" },
        { external_id: "E", route_number: "M1", passenger_name: "Eve" },
        { external_id: "F", route_number: "M1", passenger_name: "Finn", contact_phone: "8600 12345" },
      ]);
      const [ada, ben, cleo, dan, eve, finn] = imported.created_ids as [number, number, number, number, number, number];
      await db().passenger.update({ where: { id: cleo }, data: { approved: false } });
      await db().passenger.update({ where: { id: dan }, data: { optedOutAt: new Date() } });
      const mailBefore = (await readOutbox(server.dataDir)).length;
      const smsBefore = (await readSmsOutbox(server.dataDir)).length;

      const answer = await welcome(account.key, key.apiKey, { passenger_ids: [ada, ben, cleo, dan, eve, finn, ada] });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ counts: { sent: 2, not_approved: 1, opted_out: 1, no_channel: 2, recently_welcomed: 0 } });

      // each sent passenger has exactly one link of their own: public, on their route, following its vehicle
      const links = await db().trackingLink.findMany({ where: { accountId: account.id, passengerId: { not: null } }, orderBy: { passengerId: "asc" } });
      expect(links.map((link) => link.passengerId)).toEqual([ada, ben]);
      expect(links.every((link) => link.accessMode === "public" && link.displayName === "Morning loop" && link.routeId !== null)).toBe(true);
      const [adaLink, benLink] = links as [(typeof links)[number], (typeof links)[number]];

      const mails = (await readOutbox(server.dataDir)).slice(mailBefore);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toEqual(["ada.parent@example.test"]);
      expect(mails[0]!.subject).toBe("Hill Buses Ltd: follow Morning loop live");
      expect(mails[0]!.text).toContain("Hello Mum,");
      expect(mails[0]!.text).toContain(`${PUBLIC_URL}/t/${adaLink.uuid}`);
      expect(mails[0]!.text).toContain("Morning loop");
      expect(mails[0]!.text).toContain('choose "Stop messages"');
      expect(mails[0]!.text).toContain("+37052000000");

      const texts = (await readSmsOutbox(server.dataDir)).slice(smsBefore);
      expect(texts.map((message) => message.to)).toEqual(["+37060012345"]);
      expect(texts[0]!.text).toContain(`${PUBLIC_URL}/t/${benLink.uuid}`);
      expect(texts[0]!.text).toContain("Hill Buses Ltd");
      expect(texts[0]!.text).toContain("Stop messages");

      const sentAt = await db().passenger.findMany({ where: { id: { in: [ada, ben, cleo, dan, eve, finn] } }, select: { id: true, welcomeSentAt: true }, orderBy: { id: "asc" } });
      expect(sentAt.map((row) => row.welcomeSentAt !== null)).toEqual([true, true, false, false, false, false]);

      // the link in the message opens: public, named after the route
      const info = await call("GET", `/api/public/tracking/${adaLink.uuid}/info`);
      expect(info.body).toMatchObject({ data: { display_name: "Morning loop", access_mode: "public", is_active: true } });

      // welcoming again (a day later, or with force) reuses each passenger's one link
      expect((await welcome(account.key, key.apiKey, { passenger_ids: [ada], force: true })).body).toEqual({
        counts: { sent: 1, not_approved: 0, opted_out: 0, no_channel: 0, recently_welcomed: 0 },
      });
      expect(await db().trackingLink.count({ where: { passengerId: ada } })).toBe(1);
      expect((await readOutbox(server.dataDir)).slice(mailBefore).at(-1)!.text).toContain(`${PUBLIC_URL}/t/${adaLink.uuid}`);
    });

    it("is allowed to admins, fleet managers and office staff; 403 for a viewer's key, 404 for another account's, 401 without one", async () => {
      for (const role of ["admin", "fleet_manager", "office_staff"] as const) {
        const { account, key, rows } = await school(role);
        const { created_ids } = await rows("passengers", [{ route_number: "M1", passenger_name: "Ida" }]);
        expect((await welcome(account.key, key.apiKey, { passenger_ids: created_ids })).status).toBe(200);
      }
      const { account, key } = await school();
      const viewer = await makeApiKey(account.id, "viewer");
      const refused = await welcome(account.key, viewer.apiKey, { passenger_ids: [1] });
      expect(refused).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
      const other = await school();
      expect(await welcome(account.key, other.key.apiKey, { passenger_ids: [1] })).toMatchObject({ status: 404, body: { code: "ACCOUNT_NOT_FOUND" } });
      expect((await welcome(account.key, "flk_bogus_key", { passenger_ids: [1] })).status).toBe(401);
      expect(await call("POST", `/api/${account.key}/public-tracking/passengers/send-welcome`, { body: { passenger_ids: [1] } })).toMatchObject({
        status: 401,
        body: { message: "Unauthenticated." },
      });
      expect((await call("GET", `/api/${account.key}/public-tracking/passengers/send-welcome`, { key: key.apiKey })).status).toBe(405);
    });

    it("refuses ids outside the account (422 naming them) and sends nothing; refuses bad bodies with 422", async () => {
      const { account, key, rows } = await school();
      const mine = await rows("passengers", [{ route_number: "M1", passenger_name: "Kai", contact_email: "kai@example.test" }]);
      const other = await school();
      const theirs = await other.rows("passengers", [{ route_number: "M1", passenger_name: "Lou", contact_email: "lou@example.test" }]);
      const mailBefore = (await readOutbox(server.dataDir)).length;

      const refused = await welcome(account.key, key.apiKey, { passenger_ids: [mine.created_ids[0], theirs.created_ids[0], 987654321] });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        code: "VALIDATION_FAILED",
        errors: [{ field: "passenger_ids", message: `not passengers of this account: ${theirs.created_ids[0]}, 987654321` }],
      });
      expect((await readOutbox(server.dataDir)).length).toBe(mailBefore);
      expect(await db().passenger.findUnique({ where: { id: mine.created_ids[0] }, select: { welcomeSentAt: true } })).toEqual({ welcomeSentAt: null });
      expect(await db().trackingLink.count({ where: { passengerId: mine.created_ids[0] } })).toBe(0);

      for (const body of [{}, { passenger_ids: [] }, { passenger_ids: "1" }, { passenger_ids: [1.5] }, { passenger_ids: [-1] }, { passenger_ids: [1], extra: true }]) {
        expect(await welcome(account.key, key.apiKey, body), JSON.stringify(body)).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED" } });
      }
      const tooMany = await welcome(account.key, key.apiKey, { passenger_ids: Array.from({ length: 1001 }, (_, i) => i + 1) });
      expect(tooMany).toMatchObject({ status: 422, body: { errors: [{ field: "passenger_ids", message: "at most 1,000 passenger ids per call" }] } });
      expect((await call("POST", `/api/${account.key}/public-tracking/passengers/send-welcome`, { key: key.apiKey, raw: "{nope" })).status).toBe(400);
      const form = await fetch(`${server.url}/api/${account.key}/public-tracking/passengers/send-welcome`, {
        method: "POST",
        headers: { authorization: `Bearer ${key.apiKey}`, "content-type": "application/x-www-form-urlencoded" },
        body: "passenger_ids=1",
      });
      expect(form.status).toBe(415);
    });

    it("allows 10 calls a minute per key, then 429 with Retry-After", async () => {
      const { account, key, rows } = await school();
      const { created_ids } = await rows("passengers", [{ route_number: "M1", passenger_name: "Max" }]);
      for (let i = 0; i < 10; i++) expect((await welcome(account.key, key.apiKey, { passenger_ids: created_ids })).status).toBe(200);
      const limited = await welcome(account.key, key.apiKey, { passenger_ids: created_ids });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    });

    it("skips passengers welcomed in the last 24 hours (recently_welcomed) unless the call says force: true", async () => {
      const { account, key, rows } = await school();
      const { created_ids } = await rows("passengers", [{ route_number: "M1", passenger_name: "Gil", contact_email: "gil@example.test" }]);
      const gil = created_ids[0]!;
      const counts = (sent: number, recently: number) => ({ counts: { sent, not_approved: 0, opted_out: 0, no_channel: 0, recently_welcomed: recently } });
      expect((await welcome(account.key, key.apiKey, { passenger_ids: [gil] })).body).toEqual(counts(1, 0));
      const mailBefore = (await readOutbox(server.dataDir)).length;
      expect((await welcome(account.key, key.apiKey, { passenger_ids: [gil] })).body).toEqual(counts(0, 1));
      expect((await welcome(account.key, key.apiKey, { passenger_ids: [gil], force: false })).body).toEqual(counts(0, 1));
      expect((await readOutbox(server.dataDir)).length).toBe(mailBefore);
      expect((await welcome(account.key, key.apiKey, { passenger_ids: [gil], force: true })).body).toEqual(counts(1, 0));
      expect((await readOutbox(server.dataDir)).length).toBe(mailBefore + 1);
      // a day later, welcomed again without force
      await db().passenger.update({ where: { id: gil }, data: { welcomeSentAt: new Date(Date.now() - 24 * 3_600_000 - 60_000) } });
      expect((await welcome(account.key, key.apiKey, { passenger_ids: [gil] })).body).toEqual(counts(1, 0));
      expect(await welcome(account.key, key.apiKey, { passenger_ids: [gil], force: "yes" })).toMatchObject({
        status: 422,
        body: { code: "VALIDATION_FAILED", errors: [{ field: "force", message: "must be true or false" }] },
      });
    });

    it("refuses a call past the account's daily message budget with 429 and Retry-After, sending nothing; other accounts are not affected", async () => {
      const previous = env();
      setEnv({ ...previous, WELCOME_MESSAGES_PER_DAY: 3 });
      try {
        const { account, key, rows } = await school();
        const { created_ids } = await rows(
          "passengers",
          ["Hana", "Ivo", "Jan", "Kim"].map((name) => ({ route_number: "M1", passenger_name: name, contact_email: `${name.toLowerCase()}@example.test` })),
        );
        const [hana, ivo, jan, kim] = created_ids as [number, number, number, number];
        expect((await welcome(account.key, key.apiKey, { passenger_ids: [hana, ivo] })).body!.counts.sent).toBe(2);
        const mailBefore = (await readOutbox(server.dataDir)).length;

        const refused = await welcome(account.key, key.apiKey, { passenger_ids: [jan, kim] });
        expect(refused.status).toBe(429);
        expect(refused.body).toEqual({
          code: "RATE_LIMITED",
          message: expect.stringMatching(/^This account may send 3 welcome messages a day: 1 is left, and this call would send 2\. Nothing was sent\. .* try again in \d+ h \d+ min/),
        });
        const retryAfter = Number(refused.headers.get("retry-after"));
        expect(retryAfter).toBeGreaterThan(23 * 3600);
        expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
        expect((await readOutbox(server.dataDir)).length).toBe(mailBefore);
        expect(await db().passenger.count({ where: { id: { in: [jan, kim] }, welcomeSentAt: { not: null } } })).toBe(0);

        // the refused call used up nothing: one more still fits, then none
        expect((await welcome(account.key, key.apiKey, { passenger_ids: [jan] })).body!.counts.sent).toBe(1);
        expect(await welcome(account.key, key.apiKey, { passenger_ids: [kim] })).toMatchObject({ status: 429, body: { message: expect.stringContaining("0 are left") } });
        // skipped passengers cost nothing
        expect((await welcome(account.key, key.apiKey, { passenger_ids: [hana] })).body!.counts.recently_welcomed).toBe(1);

        const other = await school();
        const theirs = await other.rows("passengers", [{ route_number: "M1", passenger_name: "Lia", contact_email: "lia@example.test" }]);
        expect((await welcome(other.account.key, other.key.apiKey, { passenger_ids: theirs.created_ids })).body!.counts.sent).toBe(1);
      } finally {
        setEnv(previous);
      }
    });

    it("answers 503 MAIL_UNAVAILABLE when the mail server is down, saying how many went out before", async () => {
      const { account, key, rows } = await school();
      const { created_ids } = await rows("passengers", [
        { route_number: "M1", passenger_name: "Quinn", contact_phone: "+370 600 33333" },
        { route_number: "M1", passenger_name: "Ray", contact_email: "ray@example.test" },
      ]);
      // the server's mailer, pointed at an SMTP address where nothing listens (a real refused connection)
      const previous = env();
      await closeMailer();
      setEnv({ ...previous, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
      try {
        const answer = await welcome(account.key, key.apiKey, { passenger_ids: created_ids });
        expect(answer.status).toBe(503);
        expect(answer.body).toMatchObject({ code: "MAIL_UNAVAILABLE", message: expect.stringContaining("1 of 2 welcome messages went out before this") });
      } finally {
        await closeMailer();
        setEnv(previous);
      }
      const sent = await db().passenger.findMany({ where: { id: { in: created_ids } }, select: { welcomeSentAt: true }, orderBy: { id: "asc" } });
      expect(sent.map((row) => row.welcomeSentAt !== null)).toEqual([true, false]);
    });

    it("never messages anyone from an import, and stores the contact e-mail lowercased", async () => {
      const { rows, account } = await school();
      const mailBefore = (await readOutbox(server.dataDir)).length;
      const smsBefore = (await readSmsOutbox(server.dataDir)).length;
      const { created_ids } = await rows("passengers", [
        { route_number: "M1", passenger_name: "Noa", contact_email: "Noa.Parent@Example.TEST", contact_phone: "+370 600 22222" },
      ]);
      expect(await db().passenger.findUnique({ where: { id: created_ids[0] }, select: { contactEmail: true } })).toEqual({ contactEmail: "noa.parent@example.test" });
      const bad = await importRows({
        accountId: account.id,
        userId: account.adminId,
        source: "api",
        body: { target: "passengers", rows: [{ route_number: "M1", passenger_name: "Oli", contact_email: "not-an-address" }] },
      });
      expect(bad.result.errors).toEqual([{ row: 1, field: "contact_email", reason: expect.stringContaining("not an e-mail address") }]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await readOutbox(server.dataDir)).length).toBe(mailBefore);
      expect((await readSmsOutbox(server.dataDir)).length).toBe(smsBefore);
      expect(await db().trackingLink.count({ where: { passengerId: created_ids[0] } })).toBe(0);
    });
  });

  describe("opting out through a passenger's link", () => {
    async function passengerWithLink() {
      const setup = await school();
      const { created_ids } = await setup.rows("passengers", [{ route_number: "M1", passenger_name: "Pia", contact_email: "pia@example.test" }]);
      const passengerId = created_ids[0]!;
      expect((await welcome(setup.account.key, setup.key.apiKey, { passenger_ids: [passengerId] })).body!.counts.sent).toBe(1);
      const link = await db().trackingLink.findUniqueOrThrow({ where: { passengerId } });
      const verified = await call("POST", `/api/public/tracking/${link.uuid}/verify`, { body: {} });
      return { ...setup, passengerId, link, session: verified.body!.session.token as string };
    }

    it("stops messages (200), keeps the first time, and send-welcome then counts the passenger as opted_out until the team clears it", async () => {
      const { account, key, passengerId, link, session } = await passengerWithLink();
      const first = await call("POST", `/api/public/tracking/${link.uuid}/opt-out`, { session });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ data: { opted_out: true, opted_out_at: expect.any(String) } });
      const again = await call("POST", `/api/public/tracking/${link.uuid.toUpperCase()}/opt-out`, { session });
      expect(again.body!.data.opted_out_at).toBe(first.body!.data.opted_out_at);
      const stored = await db().passenger.findUniqueOrThrow({ where: { id: passengerId }, select: { optedOutAt: true } });
      expect(stored.optedOutAt!.toISOString()).toBe(first.body!.data.opted_out_at);

      expect((await welcome(account.key, key.apiKey, { passenger_ids: [passengerId] })).body).toEqual({
        counts: { sent: 0, not_approved: 0, opted_out: 1, no_channel: 0, recently_welcomed: 0 },
      });
      await clearPassengerOptOut({ accountId: account.id, passengerId });
      expect((await welcome(account.key, key.apiKey, { passenger_ids: [passengerId], force: true })).body!.counts.sent).toBe(1);
      await expect(clearPassengerOptOut({ accountId: account.id + 1_000_000, passengerId })).rejects.toMatchObject({ code: "PASSENGER_NOT_FOUND" });
    });

    it("is 404 for a link that is no passenger's, 401 without a session, 403 with another link's session, 405 for GET", async () => {
      const { account, busId, link, session } = await passengerWithLink();
      const shared = await createTrackingLink({ accountId: account.id, assetId: busId });
      const sharedSession = (await call("POST", `/api/public/tracking/${shared.uuid}/verify`, { body: {} })).body!.session.token as string;
      expect(await call("POST", `/api/public/tracking/${shared.uuid}/opt-out`, { session: sharedSession })).toMatchObject({
        status: 404,
        body: { code: "PASSENGER_LINK_NOT_FOUND" },
      });
      expect(await call("POST", `/api/public/tracking/${link.uuid}/opt-out`)).toMatchObject({ status: 401, body: { message: "Unauthenticated." } });
      expect((await call("POST", `/api/public/tracking/${link.uuid}/opt-out`, { session: "not-a-session" })).status).toBe(401);
      expect(await call("POST", `/api/public/tracking/${link.uuid}/opt-out`, { session: sharedSession })).toMatchObject({ status: 403, body: { code: "CHANNEL_FORBIDDEN" } });
      expect((await call("GET", `/api/public/tracking/${link.uuid}/opt-out`, { session })).status).toBe(405);
    });

    it("allows 10 opt-out calls a minute per session, then 429 with Retry-After", async () => {
      const { link, session } = await passengerWithLink();
      for (let i = 0; i < 10; i++) expect((await call("POST", `/api/public/tracking/${link.uuid}/opt-out`, { session })).status).toBe(200);
      const limited = await call("POST", `/api/public/tracking/${link.uuid}/opt-out`, { session });
      expect(limited).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    });

    it("still works after the link was disabled, while the session lasts", async () => {
      const { account, passengerId, link, session } = await passengerWithLink();
      await updateTrackingLink({ accountId: account.id, linkId: link.id, active: false });
      expect((await call("POST", `/api/public/tracking/${link.uuid}/opt-out`, { session })).status).toBe(200);
      expect((await db().passenger.findUniqueOrThrow({ where: { id: passengerId } })).optedOutAt).not.toBeNull();
    });
  });

  describe("a passenger's link outside its route's runs, and rotated", () => {
    /** a passenger on a route that has no run yet: their link is outside its schedule whenever the test runs */
    async function passengerWithoutRuns() {
      const setup = await school();
      await setup.rows("routes", [{ route_number: "N0", route_name: "Not running yet" }]);
      const { created_ids } = await setup.rows("passengers", [{ route_number: "N0", passenger_name: "Noor", contact_email: "noor@example.test" }]);
      const passengerId = created_ids[0]!;
      expect((await welcome(setup.account.key, setup.key.apiKey, { passenger_ids: [passengerId] })).body!.counts.sent).toBe(1);
      const link = await db().trackingLink.findUniqueOrThrow({ where: { passengerId } });
      return { ...setup, passengerId, link };
    }
    const rotate = (accountKey: string, passengerId: number | string, key?: string) =>
      call("POST", `/api/${accountKey}/public-tracking/passengers/${passengerId}/rotate-link`, { key });

    it("is outside its schedule on a day without a run: info says so and location answers 403", async () => {
      const { link } = await passengerWithoutRuns();
      expect((await call("GET", `/api/public/tracking/${link.uuid}/info`)).body).toMatchObject({
        data: { is_active: true, is_expired: false, is_within_schedule: false },
      });
      // a public link still lets the page open a session (for its form and "Stop messages"), but shows no position
      const verified = await call("POST", `/api/public/tracking/${link.uuid}/verify`, { body: {} });
      expect(verified.status).toBe(200);
      expect(await call("GET", `/api/public/tracking/${link.uuid}/location`, { session: verified.body!.session.token })).toMatchObject({
        status: 403,
        body: { code: "OUTSIDE_SCHEDULE" },
      });
    });

    it("rotates the link: 200 with the new address, the old one 404 at once and its sessions ended; send-welcome sends the new one", async () => {
      const { account, key, passengerId, link } = await passengerWithoutRuns();
      const session = (await call("POST", `/api/public/tracking/${link.uuid}/verify`, { body: {} })).body!.session.token as string;
      const rotated = await rotate(account.key, passengerId, key.apiKey);
      expect(rotated.status).toBe(200);
      expect(rotated.body).toEqual({ data: { passenger_id: passengerId, uuid: expect.any(String), url: `${PUBLIC_URL}/t/${rotated.body!.data.uuid}` } });
      const fresh = rotated.body!.data.uuid as string;
      expect(fresh).not.toBe(link.uuid);
      expect(await call("GET", `/api/public/tracking/${link.uuid}/info`)).toMatchObject({ status: 404, body: { code: "LINK_NOT_FOUND" } });
      expect(await call("POST", `/api/public/tracking/${link.uuid}/verify`, { body: {} })).toMatchObject({ status: 404, body: { code: "LINK_NOT_FOUND" } });
      expect((await call("GET", `/api/public/tracking/${link.uuid}/location`, { session })).status).toBe(401);
      expect((await call("GET", `/api/public/tracking/${fresh}/info`)).body).toMatchObject({ data: { is_active: true, is_expired: false } });

      // the welcome sent before carried the old address: the new one goes out without force
      expect((await welcome(account.key, key.apiKey, { passenger_ids: [passengerId] })).body!.counts.sent).toBe(1);
      expect((await readOutbox(server.dataDir)).at(-1)!.text).toContain(`${PUBLIC_URL}/t/${fresh}`);
    });

    it("answers rotate-link 401 without a key, 403 for a viewer's key, 404 for another account's key or passenger, 405 for GET", async () => {
      const { account, key, passengerId } = await passengerWithoutRuns();
      const other = await school();
      expect(await rotate(account.key, passengerId)).toMatchObject({ status: 401, body: { message: "Unauthenticated." } });
      const viewer = await makeApiKey(account.id, "viewer");
      expect(await rotate(account.key, passengerId, viewer.apiKey)).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
      expect(await rotate(account.key, passengerId, other.key.apiKey)).toMatchObject({ status: 404, body: { code: "ACCOUNT_NOT_FOUND" } });
      expect(await rotate(other.account.key, passengerId, other.key.apiKey)).toMatchObject({ status: 404, body: { code: "PASSENGER_NOT_FOUND" } });
      expect(await rotate(account.key, "abc", key.apiKey)).toMatchObject({ status: 404, body: { code: "PASSENGER_NOT_FOUND" } });
      expect((await call("GET", `/api/${account.key}/public-tracking/passengers/${passengerId}/rotate-link`, { key: key.apiKey })).status).toBe(405);
    });
  });

  describe("GET run (a route-based link's day)", () => {
    it("tells the day's run with its notice, null for a vehicle link; 401, 403 and 410 like location", async () => {
      const { account, busId, routeId, rows } = await school();
      const today = formatLocalDate(zonedParts(Date.now(), TIME_ZONE));
      await rows("runs", [{ route_number: "M1", date: today, start_time: "07:40", notice: "Roadworks on Oak Street: 10 minutes late." }]);
      const routed = await createTrackingLink({ accountId: account.id, routeId, accessMode: "email" });
      const session = (await call("POST", `/api/public/tracking/${routed.uuid}/verify`, { body: { email: "rider@example.test" } })).body!.session.token;
      expect(await call("GET", `/api/public/tracking/${routed.uuid}/run`, { session })).toEqual(
        expect.objectContaining({
          status: 200,
          body: { data: { run: { date: today, status: "scheduled", start_time: "07:40", end_time: "08:05", notice: "Roadworks on Oak Street: 10 minutes late." } } },
        }),
      );
      await rows("runs", [{ route_number: "M1", date: today, status: "cancelled", notice: "No bus today." }]);
      expect((await call("GET", `/api/public/tracking/${routed.uuid}/run`, { session })).body!.data.run).toMatchObject({ status: "cancelled", notice: "No bus today." });

      const shared = await createTrackingLink({ accountId: account.id, assetId: busId });
      const sharedSession = (await call("POST", `/api/public/tracking/${shared.uuid}/verify`, { body: {} })).body!.session.token;
      expect((await call("GET", `/api/public/tracking/${shared.uuid}/run`, { session: sharedSession })).body).toEqual({ data: { run: null } });
      expect((await call("GET", `/api/public/tracking/${routed.uuid}/run`)).status).toBe(401);
      expect(await call("GET", `/api/public/tracking/${routed.uuid}/run`, { session: sharedSession })).toMatchObject({ status: 403, body: { code: "CHANNEL_FORBIDDEN" } });
      // 60 reads a minute per session (one of them spent above), then 429
      let status = 200;
      for (let i = 0; i < 60 && status === 200; i++) status = (await call("GET", `/api/public/tracking/${shared.uuid}/run`, { session: sharedSession })).status;
      expect(status).toBe(429);
      await updateTrackingLink({ accountId: account.id, linkId: routed.id, active: false });
      expect(await call("GET", `/api/public/tracking/${routed.uuid}/run`, { session })).toMatchObject({ status: 410, body: { code: "LINK_INACTIVE" } });
    });
  });

  describe("GET routes/{id}/occurrences", () => {
    const occurrences = (accountKey: string, routeId: number | string, key: string, query = "") =>
      call("GET", `/api/${accountKey}/public-tracking/routes/${routeId}/occurrences${query}`, { key });

    it("lists imported runs and the days the weekly schedule implies, by date, with times, vehicle, driver and notice", async () => {
      const { account, key, busId, rows } = await school();
      const spare = await createAsset({ accountId: account.id, name: "Spare", plate: "SPR-1" });
      const driver = await db().driver.create({ data: { accountId: account.id, name: "Rita Driver" }, select: { id: true } });
      // Mon, Wed and Fri from Wednesday 4 September 2030
      const route = await rows("routes", [
        { route_number: "W3", route_name: "Weekly three", vehicle: "HIL-001", driver: "Rita Driver", days: "Mon, Wed & Fri", start_time: "15:30", end_time: "16:15", effective_from: "2030-09-04" },
      ]);
      const routeId = route.created_ids[0]!;
      await rows("runs", [
        { route_number: "W3", date: "2030-09-06", status: "cancelled", notice: "Teacher training day" },
        { route_number: "W3", date: "2030-09-07", vehicle: "SPR-1", start_time: "09:00", end_time: "10:00", notice: "Saturday trip" },
      ]);
      const answer = await occurrences(account.key, routeId, key.apiKey, "?from=2030-09-01&to=2030-09-09");
      expect(answer.status).toBe(200);
      const bus = { id: busId, name: "Bus 1", plate: "HIL-001" };
      const rita = { id: driver.id, name: "Rita Driver" };
      const runIds = await db().run.findMany({ where: { routeId }, select: { id: true, date: true }, orderBy: { date: "asc" } });
      expect(answer.body).toEqual({
        data: [
          // 2 September is a Monday before effective_from: not listed
          { date: "2030-09-04", run_id: null, status: "scheduled", start_time: "15:30", end_time: "16:15", vehicle: bus, driver: rita, notice: null, source: "schedule", progress: null },
          { date: "2030-09-06", run_id: runIds[0]!.id, status: "cancelled", start_time: "15:30", end_time: "16:15", vehicle: bus, driver: rita, notice: "Teacher training day", source: "run", progress: null },
          { date: "2030-09-07", run_id: runIds[1]!.id, status: "scheduled", start_time: "09:00", end_time: "10:00", vehicle: { id: spare.id, name: "Spare", plate: "SPR-1" }, driver: rita, notice: "Saturday trip", source: "run", progress: null },
          { date: "2030-09-09", run_id: null, status: "scheduled", start_time: "15:30", end_time: "16:15", vehicle: bus, driver: rita, notice: null, source: "schedule", progress: null },
        ],
        next_cursor: null,
        from: "2030-09-01",
        to: "2030-09-09",
        time_zone: TIME_ZONE,
      });
    });

    it("defaults to today and the 13 days after it in the account's time zone, and takes up to 92 days", async () => {
      const { account, key, routeId } = await school();
      const today = zonedParts(Date.now(), TIME_ZONE);
      const answer = await occurrences(account.key, routeId, key.apiKey);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ from: formatLocalDate(today), to: formatLocalDate(addDays(today, 13)) });
      expect(answer.body!.data).toHaveLength(14); // a daily route
      expect(answer.body!.data.every((entry: { source: string }) => entry.source === "schedule")).toBe(true);
      const fromOnly = await occurrences(account.key, routeId, key.apiKey, "?from=2031-01-01");
      expect(fromOnly.body).toMatchObject({ from: "2031-01-01", to: "2031-01-14" });
      expect((await occurrences(account.key, routeId, key.apiKey, "?from=2031-01-01&to=2031-04-02")).body!.data).toHaveLength(92);
    });

    it("answers 422 for bad dates, a reversed range or more than 92 days", async () => {
      const { account, key, routeId } = await school();
      for (const query of ["?from=2031-02-30", "?from=01/02/2031", "?to=tomorrow", "?from=2031-01-10&to=2031-01-09", "?from=2031-01-01&to=2031-04-03"]) {
        const answer = await occurrences(account.key, routeId, key.apiKey, query);
        expect(answer, query).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED", errors: [expect.objectContaining({ field: expect.stringMatching(/^(from|to)$/) })] } });
      }
    });

    it("answers 404 for another account's route or no route, 404 for another account's key, 403 for a viewer, 401 without a key", async () => {
      const { account, key, routeId } = await school();
      const other = await school();
      expect(await occurrences(account.key, other.routeId, key.apiKey)).toMatchObject({ status: 404, body: { code: "ROUTE_NOT_FOUND" } });
      expect((await occurrences(account.key, 987654321, key.apiKey)).status).toBe(404);
      expect((await occurrences(account.key, "abc", key.apiKey)).status).toBe(404);
      expect(await occurrences(account.key, routeId, other.key.apiKey)).toMatchObject({ status: 404, body: { code: "ACCOUNT_NOT_FOUND" } });
      const viewer = await makeApiKey(account.id, "viewer");
      expect((await occurrences(account.key, routeId, viewer.apiKey)).status).toBe(403);
      expect((await call("GET", `/api/${account.key}/public-tracking/routes/${routeId}/occurrences`)).status).toBe(401);
      expect((await call("POST", `/api/${account.key}/public-tracking/routes/${routeId}/occurrences`, { key: key.apiKey, body: {} })).status).toBe(405);
    });
  });
});
