// The public tracking REST API over HTTP on the real server (spec, Endpoints: public tracking; Authentication: public
// tracking sessions; Limits): info, verify in every access mode (codes read from the outbox; verify-smtp.test.ts sends
// them through a real SMTP server), location with only the public fields, /broadcasting/auth, and the limits with 429
// and Retry-After.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { makeToken } from "@/server/testing/http-fixtures";
import { createAccount } from "@/server/modules/accounts/create-account";
import { createAsset } from "@/server/modules/assets/create-asset";
import { createTrackingLink } from "@/server/modules/tracking-links/create-tracking-link";
import type { CreateTrackingLinkInput } from "@/server/modules/tracking-links/tracking-links.schema";
import { updateTrackingLink } from "@/server/modules/tracking-links/update-tracking-link";
import { findTrackingLinkByUuid } from "@/server/modules/tracking-links/find-tracking-link";
import { issueViewerSession } from "@/server/modules/tracking-links/viewer-sessions";
import { getTrackingPage } from "@/server/modules/tracking-links/get-tracking-page";
import { PLATFORM_PRIMARY_COLOR } from "@/server/modules/tracking-links/platform-branding";
import { derivedKey } from "@/server/security/derived-key";
import { useCapturedLog } from "@/server/testing/captured-log";
import { waitForOutboxMessage } from "@/server/testing/mail-capture";
import { startTrackingServer, trackingDevice, type TrackingServer } from "@/server/testing/public-tracking-harness";
import { testImei } from "../../../../server/testing/test-imei";

let server: TrackingServer;
const log = useCapturedLog();
let ipSeq = 1;
/** each test speaks from its own address (the server trusts X-Forwarded-For here), so per-IP limits stay apart */
const newIp = () => `198.51.100.${ipSeq++}`;

beforeAll(async () => {
  server = await startTrackingServer({ TRUST_PROXY: "1", PUBLIC_URL: "https://track.example.test" });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function call(method: string, path: string, options: { body?: unknown; form?: string; headers?: Record<string, string>; ip?: string } = {}) {
  const headers: Record<string, string> = { "x-forwarded-for": options.ip ?? "203.0.113.1", ...options.headers };
  let body: string | undefined;
  if (options.form !== undefined) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = options.form;
  } else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${server.url}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, any>) : null };
}

async function makeLink(input: Omit<CreateTrackingLinkInput, "accountId" | "assetId"> = {}) {
  const account = await createAccount({ name: "Shuttle Co" });
  await db().account.update({
    where: { id: account.id },
    data: { brandingLogoUrl: "https://cdn.example.test/logo.png", brandingPrimaryColor: "#0055aa", brandingCompanyName: "Shuttle Co" },
  });
  const imei = testImei();
  const asset = await createAsset({ accountId: account.id, name: "Shuttle 3", imei });
  const link = await createTrackingLink({ accountId: account.id, assetId: asset.id, ...input });
  return { accountId: account.id, assetId: asset.id, imei, link };
}

/** polls an async probe until it gives a value (a row written in the background) */
async function until<T>(what: string, probe: () => Promise<T | null | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const verify = (uuid: string, body: unknown, ip = newIp(), headers: Record<string, string> = {}) =>
  call("POST", `/api/public/tracking/${uuid}/verify`, { body, ip, headers });
const location = (uuid: string, token: string, ip = newIp()) =>
  call("GET", `/api/public/tracking/${uuid}/location`, { headers: { "x-session-token": token }, ip });

describe("GET info", () => {
  it("answers the spec's tracking link info, with the account's branding where the link has none", async () => {
    const { link } = await makeLink({ displayName: "Airport shuttle", branding: { companyName: "Shuttle Co Airport" } });
    const info = await call("GET", `/api/public/tracking/${link.uuid}/info`);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      data: {
        uuid: link.uuid,
        display_name: "Airport shuttle",
        access_mode: "public",
        is_active: true,
        is_expired: false,
        is_within_schedule: true,
        branding: { logo_url: "https://cdn.example.test/logo.png", primary_color: "#0055aa", company_name: "Shuttle Co Airport" },
      },
    });
  });

  it("always types branding as the spec shows: the platform's colour when neither link nor account has one, empty strings for no logo or name", async () => {
    const account = await createAccount({ name: "Plain Co" });
    const asset = await createAsset({ accountId: account.id, name: "Van", imei: testImei() });
    const plain = await createTrackingLink({ accountId: account.id, assetId: asset.id });
    const info = await call("GET", `/api/public/tracking/${plain.uuid}/info`);
    expect(info.body!.data.branding).toEqual({ logo_url: "", primary_color: PLATFORM_PRIMARY_COLOR, company_name: "" });
    expect(PLATFORM_PRIMARY_COLOR).toMatch(/^#[0-9a-f]{6}$/);
    // the account's colour, then the link's own
    await db().account.update({ where: { id: account.id }, data: { brandingPrimaryColor: "#0055AA" } });
    expect((await call("GET", `/api/public/tracking/${plain.uuid}/info`)).body!.data.branding.primary_color).toBe("#0055aa");
    const own = await createTrackingLink({ accountId: account.id, assetId: asset.id, branding: { primaryColor: "#112233", companyName: "Own" } });
    expect((await call("GET", `/api/public/tracking/${own.uuid}/info`)).body!.data.branding).toEqual({ logo_url: "", primary_color: "#112233", company_name: "Own" });
    // and the passenger page's view carries the same branding
    expect((await getTrackingPage({ uuid: plain.uuid })).branding).toEqual({ logo_url: "", primary_color: "#0055aa", company_name: "" });
  });

  it("is 404 for unknown or malformed uuids, and says 405 to other methods", async () => {
    expect(await call("GET", "/api/public/tracking/00000000-0000-4000-8000-000000000000/info")).toMatchObject({
      status: 404,
      body: { code: "LINK_NOT_FOUND" },
    });
    expect((await call("GET", "/api/public/tracking/not-a-uuid/info")).status).toBe(404);
    expect(await call("DELETE", "/api/public/tracking/00000000-0000-4000-8000-000000000000/info")).toMatchObject({ status: 405 });
  });

  it("shows a disabled link's flags", async () => {
    const { accountId, link } = await makeLink();
    await updateTrackingLink({ accountId, linkId: link.id, active: false });
    expect((await call("GET", `/api/public/tracking/${link.uuid}/info`)).body!.data).toMatchObject({ is_active: false, is_expired: false });
  });
});

describe("POST verify", () => {
  it("opens a public link with an empty body, with a session of the link's length tied to it", async () => {
    const { link } = await makeLink({ sessionMinutes: 90 });
    const before = Date.now();
    for (const body of [{}, undefined]) {
      const answer = await verify(link.uuid, body);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ success: true, session: { link: { uuid: link.uuid, title: link.display_name } } });
      expect(answer.body!.session.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
      const expires = Date.parse(answer.body!.session.expires_at);
      expect(expires).toBeGreaterThanOrEqual(before + 90 * 60_000);
      expect(expires).toBeLessThan(Date.now() + 90 * 60_000 + 1000);
    }
    // only the token's hash is stored
    const tokens = await db().viewerSession.findMany({ where: { linkId: link.id }, select: { tokenHash: true } });
    expect(tokens.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it("asks an e-mail address of email links and keeps it with the session", async () => {
    const { link } = await makeLink({ accessMode: "email" });
    expect(await verify(link.uuid, {})).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED", errors: [{ field: "email" }] } });
    expect(await verify(link.uuid, { email: "not an address" })).toMatchObject({ status: 422 });
    const answer = await verify(link.uuid, { email: "Rider@Example.test" });
    expect(answer.status).toBe(200);
    expect(await db().viewerSession.findFirst({ where: { linkId: link.id }, select: { email: true } })).toEqual({ email: "rider@example.test" });
  });

  it("sends a 6-digit code for email_code links (outbox), accepts it once, and counts wrong tries", async () => {
    const { link } = await makeLink({ accessMode: "email_code", displayName: "School run" });
    const ip = newIp();
    const first = await verify(link.uuid, { email: "parent@example.test" }, ip);
    expect(first).toMatchObject({ status: 202, body: { success: false, code_sent: true } });
    const mail = await waitForOutboxMessage(server.dataDir, { to: "parent@example.test" });
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    expect(mail.subject).toBe("Your code for School run"); // the code only in the body
    expect(mail.from).toBe("no-reply@track.example.test");

    const wrong = code === "000000" ? "111111" : "000000";
    expect(await verify(link.uuid, { email: "parent@example.test", access_code: wrong }, ip)).toMatchObject({
      status: 422,
      body: { code: "ACCESS_CODE_INVALID", message: "That code is not right; 4 tries left." },
    });
    expect(await verify(link.uuid, { email: "someone@example.test", access_code: code }, ip)).toMatchObject({
      status: 422,
      body: { code: "ACCESS_CODE_EXPIRED" },
    });
    const opened = await verify(link.uuid, { email: "PARENT@example.test", access_code: code }, ip);
    expect(opened.status).toBe(200);
    expect(await verify(link.uuid, { email: "parent@example.test", access_code: code }, ip)).toMatchObject({
      status: 422,
      body: { code: "ACCESS_CODE_EXPIRED" },
    });
    // the code is stored as an HMAC, never as the digits or their plain hash
    const row = await db().trackingAccessCode.findFirst({ where: { linkId: link.id }, select: { codeHash: true } });
    expect(row!.codeHash).toBe(
      createHmac("sha256", derivedKey("fleetline/tracking-access-code/v1")).update(`${link.id}:parent@example.test:${code}`).digest("hex"),
    );
  });

  it("gives up on a code after five wrong tries, and on a code older than ten minutes", async () => {
    const { link } = await makeLink({ accessMode: "email_code" });
    const ip = newIp();
    await verify(link.uuid, { email: "guess@example.test" }, ip);
    const mail = await waitForOutboxMessage(server.dataDir, { to: "guess@example.test" });
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const wrong = code === "000000" ? "111111" : "000000";
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push((await verify(link.uuid, { email: "guess@example.test", access_code: wrong }, ip)).body!.code);
    expect(codes).toEqual(["ACCESS_CODE_INVALID", "ACCESS_CODE_INVALID", "ACCESS_CODE_INVALID", "ACCESS_CODE_INVALID", "ACCESS_CODE_EXPIRED"]);
    expect((await verify(link.uuid, { email: "guess@example.test", access_code: code }, ip)).body!.code).toBe("ACCESS_CODE_EXPIRED");

    await verify(link.uuid, { email: "slow@example.test" }, ip);
    const late = /\b(\d{6})\b/.exec((await waitForOutboxMessage(server.dataDir, { to: "slow@example.test" })).text)![1]!;
    await db().trackingAccessCode.updateMany({ where: { linkId: link.id, email: "slow@example.test" }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await verify(link.uuid, { email: "slow@example.test", access_code: late }, ip)).body!.code).toBe("ACCESS_CODE_EXPIRED");
  });

  it("mails codes for authorized_only links to listed addresses only, answering everyone alike", async () => {
    const { link } = await makeLink({ accessMode: "authorized_only", allowedEmails: ["listed@example.test"] });
    const ip = newIp();
    const listed = await verify(link.uuid, { email: "listed@example.test" }, ip);
    const stranger = await verify(link.uuid, { email: "stranger@example.test" }, ip);
    expect(listed.status).toBe(202);
    expect(stranger.status).toBe(202);
    expect(stranger.body!.message).toBe(listed.body!.message.replace("listed@", "stranger@"));
    const mail = await waitForOutboxMessage(server.dataDir, { to: "listed@example.test" });
    await expect(waitForOutboxMessage(server.dataDir, { to: "stranger@example.test", timeoutMs: 500 })).rejects.toThrow();
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    // the stranger holds a decoy that no code matches: the listed address's code is just a wrong code for it
    await until("the stranger's decoy", () => db().trackingAccessCode.findFirst({ where: { linkId: link.id, email: "stranger@example.test" } }));
    expect((await verify(link.uuid, { email: "stranger@example.test", access_code: code }, ip)).body!.code).toBe("ACCESS_CODE_INVALID");
    expect((await verify(link.uuid, { email: "listed@example.test", access_code: code }, ip)).status).toBe(200);
  });

  it("answers a listed and an unlisted address of an authorized_only link alike on every call, wrong codes included", async () => {
    const { link } = await makeLink({ accessMode: "authorized_only", allowedEmails: ["listed@example.test"] });
    /** the newest code row of an address, once the background work has written it */
    const codeRow = (email: string) =>
      until(`a code for ${email}`, () =>
        db().trackingAccessCode.findFirst({ where: { linkId: link.id, email, consumedAt: null, attempts: 0 }, orderBy: { id: "desc" } }),
      );
    /** a code that is not the one mailed (the n-th mail to a listed address); any code is wrong for the others */
    const wrongCode = async (email: string, nth: number) => {
      if (email !== "listed@example.test") return "000000";
      const mail = await waitForOutboxMessage(server.dataDir, { to: email, after: nth });
      return /\b(\d{6})\b/.exec(mail.text)![1] === "000000" ? "111111" : "000000";
    };

    /** what an attacker sees for one address: every answer's status and body, times left out, the address masked */
    const probe = async (email: string) => {
      const ip = newIp();
      const seen: unknown[] = [];
      const note = (answer: Awaited<ReturnType<typeof verify>>) => {
        const { expires_at: _, ...body } = answer.body ?? {};
        seen.push({ status: answer.status, body: JSON.parse(JSON.stringify(body).replaceAll(email, "<email>")) });
      };
      note(await verify(link.uuid, { email, access_code: "123456" }, ip)); // no code asked for yet
      note(await verify(link.uuid, { email }, ip));
      await codeRow(email);
      const wrong = await wrongCode(email, 0);
      for (let i = 0; i < 6; i++) note(await verify(link.uuid, { email, access_code: wrong }, ip));
      note(await verify(link.uuid, { email }, ip));
      await codeRow(email);
      note(await verify(link.uuid, { email, access_code: await wrongCode(email, 1) }, ip));
      note(await verify(link.uuid, { email }, ip));
      note(await verify(link.uuid, { email }, ip)); // the fourth code in 15 minutes
      return seen;
    };
    const listed = await probe("listed@example.test");
    const unlisted = await probe("unlisted@example.test");
    expect(unlisted).toEqual(listed);
    expect(listed.map((answer) => (answer as { status: number }).status)).toEqual([422, 202, 422, 422, 422, 422, 422, 422, 202, 422, 202, 429]);
  });

  it("refuses codes for a link with 429 once it has had 50 failed codes in a day, and warns the team without the code or address", async () => {
    const { link } = await makeLink({ accessMode: "email_code" });
    const other = await makeLink({ accessMode: "email_code" });
    await verify(link.uuid, { email: "victim@example.test" }, newIp());
    const code = /\b(\d{6})\b/.exec((await waitForOutboxMessage(server.dataDir, { to: "victim@example.test" })).text)![1]!;
    const wrong = code === "654321" ? "123456" : "654321";
    // guesses spread over many addresses and sources, as an attacker who knows several addresses would send them
    const answers: string[] = [];
    for (let i = 0; i < 50; i++) answers.push((await verify(link.uuid, { email: `guess${i}@example.test`, access_code: wrong }, newIp())).body!.code);
    expect(new Set(answers)).toEqual(new Set(["ACCESS_CODE_EXPIRED"]));
    const refused = await verify(link.uuid, { email: "victim@example.test", access_code: code }, newIp());
    expect(refused).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    expect(log.text).toContain("failed access codes");
    const warning = log.text.split("\n").find((line) => line.includes("failed access codes"))!;
    expect(JSON.parse(warning)).toMatchObject({ level: 40, linkId: link.id, accountId: expect.any(Number), limit: 50 });
    for (const secret of [code, wrong, "victim@", "guess0@", "guess49@", link.uuid]) expect(warning).not.toContain(secret);
    // asking for a code still works (the budget is for guesses), and other links keep theirs
    expect((await verify(link.uuid, { email: "victim@example.test" }, newIp())).status).toBe(202);
    expect((await verify(other.link.uuid, { email: "a@example.test", access_code: wrong }, newIp())).body!.code).toBe("ACCESS_CODE_EXPIRED");
  });

  it("lets the link account's API client open an authorized_only link for a listed address directly", async () => {
    const { accountId, link } = await makeLink({ accessMode: "authorized_only", allowedEmails: ["listed@example.test"] });
    const { token } = await makeToken(accountId, { scopes: ["tracking:write"] });
    const auth = { authorization: `Bearer ${token}` };
    expect(await verify(link.uuid, { email: "listed@example.test" }, newIp(), auth)).toMatchObject({ status: 200, body: { success: true } });
    expect(await verify(link.uuid, { email: "other@example.test" }, newIp(), auth)).toMatchObject({
      status: 403,
      body: { code: "EMAIL_NOT_AUTHORISED" },
    });
    // a token of another account is no help, and a bad one is refused
    const stranger = await createAccount({ name: "Other" });
    const { token: foreign } = await makeToken(stranger.id, { scopes: ["tracking:write"] });
    expect((await verify(link.uuid, { email: "listed@example.test" }, newIp(), { authorization: `Bearer ${foreign}` })).status).toBe(202);
    expect(await verify(link.uuid, {}, newIp(), { authorization: "Bearer nonsense" })).toMatchObject({
      status: 401,
      body: { message: "Unauthenticated." },
    });
  });

  it("refuses disabled (410 LINK_INACTIVE), expired (410 LINK_EXPIRED) and unknown (404) links", async () => {
    const { accountId, link } = await makeLink();
    await updateTrackingLink({ accountId, linkId: link.id, active: false });
    expect(await verify(link.uuid, {})).toMatchObject({ status: 410, body: { code: "LINK_INACTIVE" } });
    const expiring = await makeLink({ expiresAt: new Date(Date.now() + 300) });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await verify(expiring.link.uuid, {})).toMatchObject({ status: 410, body: { code: "LINK_EXPIRED", message: "This tracking link has expired (time_expired)." } });
    expect(await verify("00000000-0000-4000-8000-000000000000", {})).toMatchObject({ status: 404, body: { code: "LINK_NOT_FOUND" } });
  });

  it("allows 30 requests a minute per IP, then 429 with Retry-After", async () => {
    const { link } = await makeLink();
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await verify(link.uuid, {}, ip)).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    const limited = await verify(link.uuid, {}, ip);
    expect(limited).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await verify(link.uuid, {}, newIp())).status).toBe(200); // another address is not affected
  });
});

describe("GET location", () => {
  const ALLOWED = ["country", "heading", "ignition", "is_moving", "latitude", "longitude", "speed_kmh", "street", "timestamp", "town"];

  it("answers the public location object and nothing of the asset, device, account or history", async () => {
    const { imei, link } = await makeLink();
    const token = (await verify(link.uuid, {})).body!.session.token as string;
    expect(await location(link.uuid, token)).toEqual(expect.objectContaining({ status: 200, body: { data: { location: null } } }));
    const device = await trackingDevice(server.teltonikaPort, imei);
    const at = Date.now() - 30_000;
    await device.send({ timestamp: at, latitude: 54.6872, longitude: 25.2797, speed: 27, angle: 270, io: { u8: { 239: 0, 240: 1 } } });
    device.close();
    const answer = await location(link.uuid, token);
    expect(answer.status).toBe(200);
    const body = JSON.stringify(answer.body);
    expect(Object.keys(answer.body!.data)).toEqual(["location"]);
    expect(Object.keys(answer.body!.data.location).sort()).toEqual(ALLOWED);
    expect(answer.body!.data.location).toMatchObject({ latitude: 54.6872, longitude: 25.2797, speed_kmh: 27, heading: 270, is_moving: true, ignition: false });
    expect(answer.body!.data.location.timestamp).toMatch(/\+00:00$/); // the account's time zone (UTC by default)
    expect(body).not.toContain(imei);
    expect(body).not.toMatch(/asset|tracker|account|driver|trail/i);
  });

  it("adds distance_km and eta_minutes only for links with a destination", async () => {
    const { imei, link } = await makeLink({ destination: { lat: 54.6872, lng: 25.2797 } });
    const token = (await verify(link.uuid, {})).body!.session.token as string;
    const device = await trackingDevice(server.teltonikaPort, imei);
    await device.send({ timestamp: Date.now() - 1000, latitude: 54.6962, longitude: 25.2797, speed: 0 }); // 1 km north
    device.close();
    const answer = await location(link.uuid, token);
    expect(answer.body!.data.location).toMatchObject({ distance_km: 1, eta_minutes: Math.ceil((1.3 / 30) * 60) });
  });

  it("needs a session of this very link (401 without or unknown, 403 for another link's), and a live one (401 SESSION_EXPIRED)", async () => {
    const { link } = await makeLink();
    const other = await makeLink();
    const token = (await verify(link.uuid, {})).body!.session.token as string;
    expect(await call("GET", `/api/public/tracking/${link.uuid}/location`)).toMatchObject({ status: 401, body: { message: "Unauthenticated." } });
    expect(await location(link.uuid, "x".repeat(43))).toMatchObject({ status: 401, body: { message: "Unauthenticated." } });
    expect(await location(other.link.uuid, token)).toMatchObject({ status: 403, body: { code: "CHANNEL_FORBIDDEN" } });
    await db().viewerSession.updateMany({ where: { linkId: link.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect(await location(link.uuid, token)).toMatchObject({ status: 401, body: { code: "SESSION_EXPIRED" } });
  });

  it("shows nothing outside the schedule (403) or once the link is disabled (410)", async () => {
    const { accountId, link } = await makeLink({ startsAt: new Date(Date.now() + 3600_000) });
    const token = (await verify(link.uuid, {})).body!.session.token as string; // a viewer may verify before the start
    expect(await location(link.uuid, token)).toMatchObject({ status: 403, body: { code: "OUTSIDE_SCHEDULE", message: "Tracking has not started yet." } });
    await updateTrackingLink({ accountId, linkId: link.id, startsAt: null, active: false });
    expect(await location(link.uuid, token)).toMatchObject({ status: 410, body: { code: "LINK_INACTIVE" } });
  });

  it("allows 60 requests a minute per session, then 429 with Retry-After", async () => {
    const { link } = await makeLink();
    const token = (await verify(link.uuid, {})).body!.session.token as string;
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await location(link.uuid, token)).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const limited = await location(link.uuid, token, newIp()); // a new address does not help: the limit is the session's
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const fresh = (await verify(link.uuid, {})).body!.session.token as string;
    expect((await location(link.uuid, fresh)).status).toBe(200);
  });
});

describe("session-token endpoints", () => {
  it("allow 120 requests a minute per IP with unknown tokens over all of them, then 429 with Retry-After; live sessions are not counted", async () => {
    const { link } = await makeLink({ form: { title: "Ride", choices: ["Not today"] } });
    const ip = newIp();
    const endpoints = [
      (token: string) => call("GET", `/api/public/tracking/${link.uuid}/location`, { headers: { "x-session-token": token }, ip }),
      (token: string) => call("GET", `/api/public/tracking/${link.uuid}/run`, { headers: { "x-session-token": token }, ip }),
      (token: string) => call("GET", `/api/public/tracking/${link.uuid}/form`, { headers: { "x-session-token": token }, ip }),
      (token: string) => call("POST", `/api/public/tracking/${link.uuid}/opt-out`, { headers: { "x-session-token": token }, ip }),
    ];
    // viewers behind one address: three sessions polling 45 times each, more than the budget in all
    const tokens = [];
    for (let i = 0; i < 3; i++) tokens.push((await verify(link.uuid, {})).body!.session.token as string);
    const live: number[] = [];
    for (let i = 0; i < 135; i++) live.push((await endpoints[0]!(tokens[i % 3]!)).status);
    expect(new Set(live)).toEqual(new Set([200]));
    const invented: number[] = [];
    for (let i = 0; i < 120; i++) invented.push((await endpoints[i % 4]!(`invented-token-${i}`)).status);
    expect(new Set(invented)).toEqual(new Set([401]));
    for (const endpoint of endpoints) {
      const refused = await endpoint("invented-token-again");
      expect(refused).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect((await location(link.uuid, "invented-elsewhere", newIp())).status).toBe(401);
  }, 120_000);
});

describe("the access log", () => {
  it("writes public tracking paths with the link's uuid cut to its first 8 characters", async () => {
    const { link } = await makeLink();
    const token = (await verify(link.uuid, {})).body!.session.token as string;
    await call("GET", `/api/public/tracking/${link.uuid}/info`);
    await location(link.uuid, token);
    await call("GET", `/api/public/tracking/${link.uuid.toUpperCase()}/info`);
    await call("GET", "/api/public/tracking/not-a-uuid-but-long/info");
    const paths = log.text
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; path?: string })
      .filter((line) => line.msg === "request")
      .map((line) => line.path);
    const short = `/api/public/tracking/${link.uuid.slice(0, 8)}…`;
    expect(paths).toEqual([
      `${short}/verify`,
      `${short}/info`,
      `${short}/location`,
      `/api/public/tracking/${link.uuid.slice(0, 8).toUpperCase()}…/info`,
      "/api/public/tracking/not-a-uu…/info",
    ]);
    expect(log.text.toLowerCase()).not.toContain(link.uuid.slice(8));
    expect(log.text).not.toContain(token);
  });
});

describe("tightening a link", () => {
  /** what each session-token endpoint answers the token, by status */
  const everyEndpoint = async (uuid: string, token: string) => {
    const headers = { "x-session-token": token };
    return {
      location: (await location(uuid, token)).status,
      run: (await call("GET", `/api/public/tracking/${uuid}/run`, { headers, ip: newIp() })).status,
      form: (await call("GET", `/api/public/tracking/${uuid}/form`, { headers, ip: newIp() })).status,
      optOut: (await call("POST", `/api/public/tracking/${uuid}/opt-out`, { headers, ip: newIp() })).status,
      channelAuth: (
        await call("POST", "/broadcasting/auth", { body: { socket_id: "1.2", channel_name: `private-tracking.${uuid}` }, headers, ip: newIp() })
      ).status,
    };
  };
  const ended = { location: 401, run: 401, form: 401, optOut: 401, channelAuth: 401 };
  const form = { title: "Today's ride", choices: ["Not riding today"] };

  it("ends every session at once when the access mode is tightened (email -> authorized_only)", async () => {
    const { accountId, link } = await makeLink({ accessMode: "email", form });
    const ann = (await verify(link.uuid, { email: "ann@example.test" })).body!.session.token as string;
    const bob = (await verify(link.uuid, { email: "bob@example.test" })).body!.session.token as string;
    expect((await location(link.uuid, ann)).status).toBe(200);
    await updateTrackingLink({ accountId, linkId: link.id, accessMode: "authorized_only", allowedEmails: ["ann@example.test"] });
    // even a listed address must now prove it with a code: its e-mail-only session is over
    expect(await everyEndpoint(link.uuid, ann)).toEqual(ended);
    expect(await everyEndpoint(link.uuid, bob)).toEqual(ended);
    expect(await location(link.uuid, ann)).toMatchObject({ body: { message: "Unauthenticated." } });
    expect(await db().viewerSession.count({ where: { linkId: link.id } })).toBe(0);
  });

  it("ends the sessions of addresses taken off the list, and only those", async () => {
    const { accountId, link } = await makeLink({ accessMode: "authorized_only", allowedEmails: ["ann@example.test", "bob@example.test"], form });
    const { token: apiToken } = await makeToken(accountId, { scopes: ["tracking:write"] });
    const open = async (email: string) =>
      (await verify(link.uuid, { email }, newIp(), { authorization: `Bearer ${apiToken}` })).body!.session.token as string;
    const ann = await open("ann@example.test");
    const bob = await open("bob@example.test");
    await updateTrackingLink({ accountId, linkId: link.id, allowedEmails: ["ann@example.test", "cy@example.test"] });
    expect(await everyEndpoint(link.uuid, bob)).toEqual(ended);
    expect((await location(link.uuid, ann)).status).toBe(200);
    // loosening ends nothing: another address, then a laxer mode
    await updateTrackingLink({ accountId, linkId: link.id, accessMode: "email_code" });
    expect((await location(link.uuid, ann)).status).toBe(200);
  });

  it("refuses on every request a session the link no longer admits (one issued while the link was tightened)", async () => {
    const { accountId, link } = await makeLink({ accessMode: "public" });
    const record = (await findTrackingLinkByUuid(link.uuid))!;
    await updateTrackingLink({ accountId, linkId: link.id, accessMode: "email" });
    // a verify that read the link before the change and wrote its session after the change's clean-up
    const late = (await issueViewerSession(record, null)).session.token;
    expect(await location(link.uuid, late)).toMatchObject({ status: 401, body: { message: "Unauthenticated." } });
  });
});

describe("POST /broadcasting/auth", () => {
  it("signs the session's own channel, form-encoded as pusher-js sends it or as JSON", async () => {
    const { link } = await makeLink();
    const token = (await verify(link.uuid, {})).body!.session.token as string;
    const channel = `private-tracking.${link.uuid}`;
    const expected = (socketId: string) =>
      `public-tracking:${createHmac("sha256", derivedKey("fleetline/pusher-channel-auth/v1")).update(`${socketId}:${channel}`).digest("hex")}`;
    const form = await call("POST", "/broadcasting/auth", {
      form: `socket_id=1234.5678&channel_name=${encodeURIComponent(channel)}`,
      headers: { "x-session-token": token },
    });
    expect(form).toMatchObject({ status: 200, body: { auth: expected("1234.5678") } });
    const json = await call("POST", "/broadcasting/auth", { body: { socket_id: "42.7", channel_name: channel }, headers: { "x-session-token": token } });
    expect(json.body).toEqual({ auth: expected("42.7") });
  });

  it("refuses another link's channel (403), no session (401) and malformed input (422)", async () => {
    const { link } = await makeLink();
    const other = await makeLink();
    const token = (await verify(link.uuid, {})).body!.session.token as string;
    expect(
      await call("POST", "/broadcasting/auth", { body: { socket_id: "1.2", channel_name: `private-tracking.${other.link.uuid}` }, headers: { "x-session-token": token } }),
    ).toMatchObject({ status: 403, body: { code: "CHANNEL_FORBIDDEN" } });
    expect(await call("POST", "/broadcasting/auth", { body: { socket_id: "1.2", channel_name: `private-tracking.${link.uuid}` } })).toMatchObject({
      status: 401,
      body: { message: "Unauthenticated." },
    });
    expect(
      await call("POST", "/broadcasting/auth", { body: { socket_id: "abc", channel_name: `private-tracking.${link.uuid}` }, headers: { "x-session-token": token } }),
    ).toMatchObject({ status: 422, body: { errors: [{ field: "socket_id" }] } });
  });
});
