// The signed links of notification e-mails over real HTTP (docs/notifications.md "Unsubscribe", "Escalation and
// acknowledgement"): the two route handlers behind a real HTTP server on 127.0.0.1, the links taken from e-mails the
// notification worker really sent (the mail outbox on disk). A GET only shows a page with a button (mail scanners
// follow links); the POST acts; a changed token is refused and changes nothing.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { log } from "@/server/log";
import { createOutboxMailer, outboxPath } from "@/server/mail/outbox-mailer";
import { createAlertRule } from "@/server/modules/alerts/create-alert-rule";
import { deliverDueNotifications, type NotificationWorkerDeps } from "@/server/modules/notifications/notification-worker";
import { queueAlertNotifications } from "@/server/modules/notifications/queue-alert-notifications";
import { createLogSmsProvider } from "@/server/sms/log-sms-provider";
import { serveFetchHandler, type FetchHandlerServer } from "@/server/testing/fetch-handler-server";
import { makeAccount, makeAsset, makeMember } from "@/server/testing/http-fixtures";
import { readOutbox } from "@/server/testing/mail-capture";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import * as acknowledgeRoute from "./acknowledge/route";
import * as unsubscribeRoute from "./unsubscribe/route";

const routes: Record<string, { GET: (r: Request) => Promise<Response>; POST: (r: Request) => Promise<Response> }> = {
  "/notifications/unsubscribe": unsubscribeRoute,
  "/notifications/acknowledge": acknowledgeRoute,
};

/** the same token with its payload changed (another recipient) and the old signature kept */
function tampered(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [body, mac] = token.split(".");
  const payload = JSON.parse(Buffer.from(body!, "base64url").toString("utf8")) as Record<string, unknown>;
  change(payload);
  return `${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${mac}`;
}

describe.each(databaseKinds())("notification e-mail links over HTTP on %s", (kind) => {
  const t = useTestDatabase(kind);
  let server: FetchHandlerServer;
  beforeAll(async () => {
    server = await serveFetchHandler(async (request) => {
      const route = routes[new URL(request.url).pathname];
      if (!route) return new Response("not found", { status: 404 });
      return request.method === "POST" ? route.POST(request) : route.GET(request);
    });
  });
  afterAll(() => server.close());

  /** one alert of a new rule, delivered by e-mail; the raw e-mail Ann got */
  async function alertMailed(notify: Record<string, unknown>) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "notify-links-"));
    const account = await makeAccount("Links Co");
    const asset = await makeAsset(account.id, "Van 7");
    const ann = await makeMember(account.id, "fleet_manager", "Ann Manager");
    const bob = await makeMember(account.id, "office_staff", "Bob Backup");
    await t.db.user.updateMany({ where: { id: { in: [ann.id, bob.id] } }, data: { passwordHash: "x" } });
    const rule = await createAlertRule({ accountId: account.id, body: { name: "Speeding", type: "OVERSPEED", params: { speed_kmh: 90 }, notify: { channels: ["email"], user_ids: [ann.id, bob.id], ...notify } } });
    const firedAt = Date.now();
    const alert = await t.db.alert.create({
      data: { accountId: account.id, assetId: asset.id, ruleId: rule.id, ruleName: "Speeding", type: "OVERSPEED", firedAt: new Date(firedAt), message: "Speed 120 km/h over 90 km/h", details: {} },
    });
    await queueAlertNotifications(t.db, { id: alert.id, accountId: account.id, assetId: asset.id, ruleId: rule.id, type: "OVERSPEED", firedAt }, firedAt);
    const mailer = createOutboxMailer({ dataDir, from: "alerts@example.test" });
    const deps: NotificationWorkerDeps = { logger: log("notifications"), mailer: () => mailer, sms: () => createLogSmsProvider({ dataDir }) };
    await deliverDueNotifications(deps);
    const raw = readdirSync(outboxPath(dataDir))
      .map((file) => readFileSync(path.join(outboxPath(dataDir), file), "utf8"))
      .find((mail) => mail.includes(`To: ${ann.email}`))!;
    return { account, ann, bob, alert, raw, mails: () => readOutbox(dataDir) };
  }

  /** a link of the e-mail, on this test's server instead of PUBLIC_URL */
  const local = (link: string) => {
    const url = new URL(link);
    return `${server.url}${url.pathname}${url.search}`;
  };
  const withToken = (url: string, token: string) => `${url.split("?")[0]}?token=${token}`;
  const annOff = (accountId: number, annId: number) =>
    t.db.notificationPreference.findMany({ where: { accountId, recipientKey: `user:${annId}` }, select: { alertType: true, channel: true, enabled: true } });

  it("unsubscribe: GET shows a page with a button and changes nothing; the one-click POST turns the type off; a changed token is refused", async () => {
    const { account, ann, raw } = await alertMailed({});
    const url = local(/List-Unsubscribe:\s*<([^>]+)>/.exec(raw)![1]!);
    const token = new URL(url).searchParams.get("token")!;

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("Stop e-mails about OVERSPEED alerts?");
    expect(html).toContain(`<form method="post"><input type="hidden" name="token" value="${token}"><button type="submit">Unsubscribe</button></form>`);
    expect(await annOff(account.id, ann.id)).toEqual([]);

    // changed tokens: another recipient under Ann's signature, a signature cut short, none at all
    const forged = tampered(token, (p) => void (p.recipientKey = "user:999999"));
    for (const bad of [forged, token.slice(0, -2), ""]) {
      const shown = await fetch(withToken(url, bad));
      expect(shown.status).toBe(400);
      expect(await shown.text()).toContain("This unsubscribe link is not valid.");
      const posted = await fetch(withToken(url, bad), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
      expect(posted.status).toBe(400);
    }
    expect(await t.db.notificationPreference.count({ where: { accountId: account.id } })).toBe(0);

    // RFC 8058: the mail client POSTs List-Unsubscribe=One-Click to the List-Unsubscribe URL
    const done = await fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You will get no more e-mails about OVERSPEED alerts.");
    expect(await annOff(account.id, ann.id)).toEqual([{ alertType: "OVERSPEED", channel: "email", enabled: false }]);
    expect(await t.db.notificationPreference.count({ where: { accountId: account.id } })).toBe(1);

    // the page's button posts the form field; again is the same answer and the same single row
    const again = await fetch(url.split("?")[0]!, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token }).toString() });
    expect(again.status).toBe(200);
    expect(await annOff(account.id, ann.id)).toEqual([{ alertType: "OVERSPEED", channel: "email", enabled: false }]);
  });

  it("acknowledge: GET asks for a click and changes nothing; POST acknowledges as the address it went to; a second POST says it was already", async () => {
    const { alert, ann, mails } = await alertMailed({ critical: true, escalation: [{ after_minutes: 5, channels: ["sms"], phones: ["+37060099999"] }] });
    const text = (await mails()).find((mail) => mail.to.includes(ann.email.toLowerCase()))!.text;
    const url = local(/Acknowledge \(stops the escalation\): (\S+)/.exec(text)![1]!);
    const token = new URL(url).searchParams.get("token")!;
    const acknowledged = () => t.db.alert.findUniqueOrThrow({ where: { id: alert.id }, select: { acknowledgedAt: true, acknowledgedBy: true } });

    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Acknowledge alert ${alert.id}? Its escalation stops.`);
    expect(html).toContain(`<button type="submit">Acknowledge</button>`);
    expect(await acknowledged()).toEqual({ acknowledgedAt: null, acknowledgedBy: null });

    const forged = tampered(token, (p) => void (p.alertId = alert.id + 1));
    for (const bad of [forged, token.slice(0, -2)]) {
      const posted = await fetch(withToken(url, bad), { method: "POST" });
      expect(posted.status).toBe(400);
      expect(await posted.text()).toContain("This acknowledge link is not valid.");
    }
    expect(await acknowledged()).toEqual({ acknowledgedAt: null, acknowledgedBy: null });

    // the page's form: posted to the same address with the token as a field
    const form = { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token }).toString() };
    const first = await fetch(url, form);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain(`Thank you. The escalation of alert ${alert.id} has stopped.`);
    const after = await acknowledged();
    expect(after.acknowledgedBy).toBe(`Ann Manager <${ann.email}> (e-mail link)`);
    expect(after.acknowledgedAt).toBeInstanceOf(Date);
    const escalation = await t.db.notificationDelivery.findMany({ where: { alertId: alert.id, kind: "escalation" }, select: { status: true } });
    expect(escalation).toEqual([{ status: "cancelled" }]);

    const second = await fetch(url, form);
    expect(second.status).toBe(200);
    const secondHtml = await second.text();
    expect(secondHtml).toContain("Alert acknowledged");
    expect(secondHtml).toContain(`Ann Manager &#60;${ann.email}&#62; (e-mail link) had already acknowledged it at ${after.acknowledgedAt!.toISOString()}.`);
    expect(await acknowledged()).toEqual(after);
  });
});
