// The driver page's calls on every database kind: a sign-in link sent by SMS (read back from the SMS outbox) signs
// in once and only within 15 minutes; a PIN signs in, five wrong ones lock it; the cookie is httpOnly and
// SameSite=Lax (Secure over https); the conversation marks dispatch messages delivered, receipts mark them read,
// replies arrive at dispatch; cross-site writes, ended and revoked sessions are refused.
import { describe, expect, it } from "vitest";
import { env } from "@/server/env";
import { revokeDriverSessions } from "@/server/modules/messages/revoke-driver-sessions";
import { listMessages } from "@/server/modules/messages/list-messages";
import { replaceCannedReplies } from "@/server/modules/messages/replace-canned-replies";
import { sendDriverSignInLink } from "@/server/modules/messages/send-driver-sign-in-link";
import { sendMessage } from "@/server/modules/messages/send-message";
import { setDriverPin } from "@/server/modules/messages/set-driver-pin";
import { resetRateLimits } from "@/server/security/rate-limit";
import { makeAccount, routeContext } from "@/server/testing/http-fixtures";
import { useRecordingHub } from "@/server/testing/recording-hub";
import { readSmsOutbox } from "@/server/testing/sms-capture";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import * as messagesRoute from "./messages/route";
import * as receiptsRoute from "./receipts/route";
import * as sessionRoute from "./session/route";

type Handler = (request: Request, context: ReturnType<typeof routeContext>) => Promise<Response>;

async function call(handler: unknown, method: string, path: string, options: { cookie?: string; body?: unknown; origin?: string; base?: string } = {}) {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const request = new Request(`${options.base ?? env().PUBLIC_URL}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const response = await (handler as Handler)(request, routeContext({}));
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}
const cookieOf = (setCookie: string | null) => setCookie!.split(";")[0]!;

describe.each(databaseKinds())("driver page API on %s", (kind) => {
  const t = useTestDatabase(kind);
  useRecordingHub("private-channel.message");

  async function setup() {
    resetRateLimits();
    const account = await makeAccount();
    const phone = `+3706${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const driver = await t.db.driver.create({ data: { accountId: account.id, name: "Anna", phone, email: `anna-${phone.slice(1)}@example.test` } });
    return { account, driver, phone };
  }

  it("signs in once with a link sent by SMS, within 15 minutes, and holds the conversation", async () => {
    const { account, driver, phone } = await setup();
    const sent = await sendDriverSignInLink({ accountId: account.id, driverId: driver.id, via: "sms" });
    expect(sent.via).toBe("sms");
    const sms = (await readSmsOutbox(env().DATA_DIR)).filter((m) => m.to === phone).at(-1)!;
    const token = /#token=([A-Za-z0-9_-]+)/.exec(sms.text)![1]!;
    expect(sms.text).toContain(`/d/${account.key}#token=`);
    // the token itself is never stored
    expect(await t.db.driverSignInToken.count({ where: { tokenHash: token } })).toBe(0);

    const signedIn = await call(sessionRoute.POST, "POST", "/api/driver/session", { body: { account_key: account.key, token } });
    expect(signedIn.status).toBe(200);
    const setCookie = signedIn.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^fleetline_driver=[A-Za-z0-9_-]+; Path=\/; HttpOnly; SameSite=Lax; Expires=/);
    const cookie = cookieOf(setCookie);
    // used once
    const again = await call(sessionRoute.POST, "POST", "/api/driver/session", { body: { account_key: account.key, token } });
    expect([again.status, again.body.code]).toEqual([401, "DRIVER_SIGN_IN_FAILED"]);

    const me = await call(sessionRoute.GET, "GET", "/api/driver/session", { cookie });
    expect(me.body.driver).toEqual({ id: driver.id, name: "Anna", account_key: account.key });

    const [message] = await sendMessage({ accountId: account.id, senderUserId: account.adminId, request: { driver_id: driver.id, body: "Where are you?" } });
    await replaceCannedReplies({ accountId: account.id, replies: [{ key: "ok", text: "OK" }] });
    const conversation = await call(messagesRoute.GET, "GET", "/api/driver/messages", { cookie });
    expect(conversation.status).toBe(200);
    expect(conversation.body.messages.map((m: { id: number; status: string }) => [m.id, m.status])).toEqual([[message!.id, "delivered"]]);
    expect(conversation.body.canned_replies).toEqual([{ key: "ok", text: "OK" }]);
    expect((await call(messagesRoute.GET, "GET", `/api/driver/messages?after=${message!.id}`, { cookie })).body.messages).toEqual([]);

    const read = await call(receiptsRoute.POST, "POST", "/api/driver/receipts", { cookie, body: { up_to_id: message!.id, status: "read" } });
    expect([read.status, read.body.updated]).toEqual([200, 1]);
    const reply = await call(messagesRoute.POST, "POST", "/api/driver/messages", { cookie, body: { canned_reply_key: "ok" } });
    expect([reply.status, reply.body.data.body, reply.body.data.direction]).toEqual([201, "OK", "from_driver"]);
    const seen = await listMessages({ accountId: account.id, driverId: driver.id });
    expect(seen.data.map((m) => [m.direction, m.status])).toEqual([["from_driver", "delivered"], ["to_driver", "read"]]);

    // refusals: no cookie, cross-site write, bad input, wrong method
    expect((await call(messagesRoute.GET, "GET", "/api/driver/messages")).status).toBe(401);
    expect((await call(messagesRoute.POST, "POST", "/api/driver/messages", { cookie, body: { body: "x" }, origin: "https://evil.example" })).status).toBe(403);
    expect((await call(messagesRoute.POST, "POST", "/api/driver/messages", { cookie, body: { body: "" } })).status).toBe(422);
    expect((await call(receiptsRoute.POST, "POST", "/api/driver/receipts", { cookie, body: { up_to_id: 0, status: "read" } })).status).toBe(422);
    expect((await call(receiptsRoute.GET, "GET", "/api/driver/receipts", { cookie })).status).toBe(405);

    // the account revokes the driver's sessions: the cookie stops working at once
    expect(await revokeDriverSessions({ accountId: account.id, driverId: driver.id })).toBe(1);
    expect((await call(messagesRoute.GET, "GET", "/api/driver/messages", { cookie })).status).toBe(401);
  });

  it("refuses an expired link and a link of another account; signs out", async () => {
    const { account, driver } = await setup();
    const other = await makeAccount("Other");
    await sendDriverSignInLink({ accountId: account.id, driverId: driver.id, via: "email" });
    const row = await t.db.driverSignInToken.findFirstOrThrow({ where: { driverId: driver.id }, orderBy: { id: "desc" } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(15 * 60_000);
    // the link's token from the mail outbox
    const { readOutbox } = await import("@/server/testing/mail-capture");
    const mail = (await readOutbox(env().DATA_DIR)).filter((m) => m.to.includes(driver.email!)).at(-1)!;
    const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect((await call(sessionRoute.POST, "POST", "/api/driver/session", { body: { account_key: other.key, token } })).status).toBe(401);
    await t.db.driverSignInToken.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await call(sessionRoute.POST, "POST", "/api/driver/session", { body: { account_key: account.key, token } })).status).toBe(401);

    const unreachable = await t.db.driver.create({ data: { accountId: account.id, name: "No phone" } });
    await expect(sendDriverSignInLink({ accountId: account.id, driverId: unreachable.id, via: "sms" })).rejects.toMatchObject({ code: "DRIVER_UNREACHABLE" });

    await setDriverPin({ accountId: account.id, driverId: driver.id, pin: "4821" });
    const signedIn = await call(sessionRoute.POST, "POST", "/api/driver/session", { body: { account_key: account.key, login: driver.email!.toUpperCase(), pin: "4821" }, base: "https://fleet.example" });
    expect([signedIn.status, signedIn.body]).toEqual([200, { signed_in: true }]);
    expect(signedIn.headers.get("set-cookie")).toContain("; Secure");
    const cookie = cookieOf(signedIn.headers.get("set-cookie"));
    const out = await call(sessionRoute.DELETE, "DELETE", "/api/driver/session", { cookie });
    expect([out.status, out.headers.get("set-cookie")]).toEqual([204, "fleetline_driver=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"]);
    expect((await call(sessionRoute.GET, "GET", "/api/driver/session", { cookie })).status).toBe(401);
  });

  it("signs in with a PIN by phone number and locks the PIN after five wrong ones", async () => {
    const { account, driver, phone } = await setup();
    const pinBody = (pin: string, login = phone) => ({ body: { account_key: account.key, login, pin } });
    // no PIN set yet
    expect((await call(sessionRoute.POST, "POST", "/api/driver/session", pinBody("4821"))).status).toBe(401);
    await setDriverPin({ accountId: account.id, driverId: driver.id, pin: "4821" });
    await expect(setDriverPin({ accountId: account.id, driverId: driver.id, pin: "12" })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    expect((await t.db.driverPin.findUniqueOrThrow({ where: { driverId: driver.id } })).pinHash).toMatch(/^\$argon2id\$/);

    expect((await call(sessionRoute.POST, "POST", "/api/driver/session", pinBody("4821"))).status).toBe(200);
    expect((await call(sessionRoute.POST, "POST", "/api/driver/session", pinBody("4821", "+37069999999"))).status).toBe(401);
    resetRateLimits();
    for (let i = 0; i < 4; i++) expect((await call(sessionRoute.POST, "POST", "/api/driver/session", pinBody("0000"))).body.code).toBe("DRIVER_SIGN_IN_FAILED");
    expect((await call(sessionRoute.POST, "POST", "/api/driver/session", pinBody("0000"))).status).toBe(401);
    // locked now: even the right PIN is refused, with Retry-After
    const locked = await call(sessionRoute.POST, "POST", "/api/driver/session", pinBody("4821"));
    expect([locked.status, locked.body.code]).toEqual([429, "DRIVER_PIN_LOCKED"]);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(800);

    // the per-address budget: ten attempts a minute
    resetRateLimits();
    for (let i = 0; i < 10; i++) await call(sessionRoute.POST, "POST", "/api/driver/session", pinBody("1111", "+37061111111"));
    expect((await call(sessionRoute.POST, "POST", "/api/driver/session", pinBody("1111", "+37061111111"))).body.code).toBe("RATE_LIMITED");
    resetRateLimits();
  });
});
