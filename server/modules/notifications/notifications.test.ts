// Alert notifications end to end on both databases, each part against a real receiver: the mail outbox on disk, a
// real SMTP server that refuses first, the SMS log provider's files, a real HTTP webhook receiver. Time is a manual
// clock passed to the worker (quiet hours, digests, caps, back-off, escalation).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { env, setEnv } from "../../env";
import { log } from "../../log";
import { createOutboxMailer, outboxPath } from "../../mail/outbox-mailer";
import { createSmtpMailer } from "../../mail/smtp-mailer";
import type { Mailer } from "../../mail/mailer";
import { createLogSmsProvider, smsOutboxPath } from "../../sms/log-sms-provider";
import { readOutbox } from "../../testing/mail-capture";
import { readSmsOutbox } from "../../testing/sms-capture";
import { makeAccount, makeAsset, makeMember } from "../../testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { startWebhookReceiver } from "../../testing/webhook-receiver";
import { createAlertRule } from "../alerts/create-alert-rule";
import { createWebhook } from "../webhooks/create-webhook";
import { startWebhookDispatcher } from "../webhooks/webhook-dispatcher";
import { emitWebhookEvent, setWebhookAnnouncer } from "../webhooks/webhook-events";
import { addInboxNotification } from "./inbox/add-inbox-notification";
import { addInboxNotifications } from "./inbox/add-inbox-notifications";
import { acknowledgeAlert, acknowledgeByToken } from "./acknowledge-alert";
import { listAlertDeliveries } from "./list-alert-deliveries";
import { deliverDueNotifications, type NotificationWorkerDeps } from "./notification-worker";
import { queueAlertNotifications } from "./queue-alert-notifications";
import { unsubscribeByToken } from "./unsubscribe-by-token";

const T0 = Date.UTC(2026, 10, 27, 12, 0, 0); // a Friday, 12:00 UTC

describe.each(databaseKinds())("alert notifications on %s", (kind) => {
  const t = useTestDatabase(kind);
  let clock = T0;
  let dataDir = "";
  const previousEnv = env();
  beforeAll(() => void setEnv({ ...previousEnv, WEBHOOK_ALLOW_PRIVATE: true }));
  afterAll(() => void setEnv(previousEnv));
  afterEach(() => setWebhookAnnouncer(undefined));

  function deps(overrides: Partial<NotificationWorkerDeps> = {}): NotificationWorkerDeps {
    const mail = createOutboxMailer({ dataDir, from: "alerts@example.test" });
    const sms = createLogSmsProvider({ dataDir });
    return { logger: log("notifications"), now: () => clock, mailer: () => mail, sms: () => sms, ...overrides };
  }

  async function setup() {
    clock = T0;
    dataDir = mkdtempSync(path.join(tmpdir(), "notify-"));
    const account = await makeAccount("Notify Co");
    const asset = await makeAsset(account.id, "Van 12");
    const member = async (role: "fleet_manager" | "office_staff" | "viewer", name: string) => {
      const user = await makeMember(account.id, role, name);
      await t.db.user.update({ where: { id: user.id }, data: { passwordHash: "x" } });
      return user;
    };
    const ann = await member("fleet_manager", "Ann Manager");
    const bob = await member("office_staff", "Bob Backup");
    return { account, asset, ann, bob };
  }

  async function rule(accountId: number, notify: Record<string, unknown>, name = "Speeding") {
    return createAlertRule({ accountId, body: { name, type: "OVERSPEED", params: { speed_kmh: 90 }, notify } });
  }

  /** an alert of `ruleId` as the recorder stores it, queued like the alert path does */
  async function fire(accountId: number, assetId: number, ruleId: number, firedAt = clock) {
    const alert = await t.db.alert.create({
      data: { accountId, assetId, ruleId, ruleName: "Speeding", type: "OVERSPEED", firedAt: new Date(firedAt), message: "Speed 120 km/h over 90 km/h", details: {} },
    });
    await queueAlertNotifications(t.db, { id: alert.id, accountId, assetId, ruleId, type: "OVERSPEED", firedAt }, clock);
    return alert;
  }

  const mailTo = async (address: string) => (await readOutbox(dataDir)).filter((m) => m.to.includes(address.toLowerCase()));

  it("refuses a bad notify block with field errors (422)", async () => {
    const { account } = await setup();
    const refused = await rule(account.id, { channels: ["pager"], emails: ["nope"], phones: ["060012345"] }).catch((e) => e);
    expect(refused.code).toBe("VALIDATION_FAILED");
    expect((refused.errors as { field: string }[]).map((e) => e.field)).toEqual(["notify.channels.0", "notify.emails.0", "notify.phones.0"]);
    const notCritical = await rule(account.id, { user_ids: [1], escalation: [{ after_minutes: 5, channels: ["sms"], phones: ["+37060012345"] }] }).catch((e) => e);
    expect(notCritical.errors).toEqual([{ field: "notify.escalation", message: "needs `critical: true` (only critical alerts escalate)" }]);
    const unknownMember = await rule(account.id, { user_ids: [999_999] }).catch((e) => e);
    expect(unknownMember.errors).toEqual([{ field: "notify.user_ids", message: "not a member of this account: 999999" }]);
  });

  it("sends one e-mail per person and channel when two rules fire on the same record, with one-click unsubscribe", async () => {
    const { account, asset, ann } = await setup();
    const byRole = await rule(account.id, { channels: ["email", "sms"], roles: ["fleet_manager"], phones: ["+37060012345"] }, "Speeding A");
    const byName = await rule(account.id, { channels: ["email"], user_ids: [ann.id], emails: [ann.email.toUpperCase(), "owner@parents.test"] }, "Speeding B");
    const first = await fire(account.id, asset.id, byRole.id);
    await fire(account.id, asset.id, byName.id);
    await deliverDueNotifications(deps());
    expect(await mailTo(ann.email)).toHaveLength(1);
    expect(await mailTo("owner@parents.test")).toHaveLength(1);
    expect((await readSmsOutbox(dataDir)).map((s) => s.to)).toEqual(["+37060012345"]);
    const raw = readdirSync(outboxPath(dataDir)).map((f) => readFileSync(path.join(outboxPath(dataDir), f), "utf8")).find((m) => m.includes(ann.email))!;
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const url = /List-Unsubscribe:\s*<([^>]+)>/.exec(raw)![1]!;
    expect(url.startsWith(env().PUBLIC_URL)).toBe(true);
    const deliveries = await listAlertDeliveries({ accountId: account.id, alertId: first.id });
    expect(deliveries.data.filter((d) => d.status === "sent").map((d) => d.channel).sort()).toEqual(["email", "email", "sms"]);
    expect(deliveries.data.find((d) => d.channel === "sms")!.tries).toEqual([{ at: new Date(T0).toISOString(), outcome: "sent", detail: null }]);

    // the link turns OVERSPEED e-mail off for Ann only; a forged token changes nothing
    await expect(unsubscribeByToken(new URL(url).searchParams.get("token")! + "x")).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await unsubscribeByToken(new URL(url).searchParams.get("token"));
    clock += 120_000;
    const later = await fire(account.id, asset.id, byName.id);
    await deliverDueNotifications(deps());
    expect(await mailTo(ann.email)).toHaveLength(1);
    expect(await mailTo("owner@parents.test")).toHaveLength(2);
    expect((await listAlertDeliveries({ accountId: account.id, alertId: later.id })).data.find((d) => d.recipient === `user:${ann.id}`)).toMatchObject({ status: "skipped", reason: "turned off by the recipient" });
  });

  it("puts the alert in the member's in-app inbox once, linking to the alert", async () => {
    const { account, asset, ann } = await setup();
    const a = await rule(account.id, { channels: ["in_app"], user_ids: [ann.id] }, "Speeding A");
    const b = await rule(account.id, { channels: ["in_app"], roles: ["fleet_manager"] }, "Speeding B");
    await fire(account.id, asset.id, a.id);
    await fire(account.id, asset.id, b.id);
    await deliverDueNotifications(deps({ addInbox: addInboxNotification }));
    const inbox = await t.db.inboxNotification.findMany({ where: { userId: ann.id } });
    expect(inbox).toHaveLength(1);
    const first = await t.db.alert.findFirstOrThrow({ where: { accountId: account.id }, orderBy: { id: "asc" }, select: { id: true } });
    expect(inbox[0]).toMatchObject({ kind: "alert", title: "Speeding: Van 12", link: `/a/${account.key}/alerts?alert=${first.id}` });
  });

  it("bounds a flapping device: a few messages of their own, then one summary at the hour's end", async () => {
    const { account, asset, ann } = await setup();
    const flapping = await rule(account.id, { channels: ["email"], user_ids: [ann.id] });
    for (let i = 0; i < 40; i++) {
      clock = T0 + i * 1000;
      await fire(account.id, asset.id, flapping.id);
      await deliverDueNotifications(deps());
    }
    expect(await mailTo(ann.email)).toHaveLength(5);
    clock = T0 + 3_600_000;
    await deliverDueNotifications(deps());
    const mails = await mailTo(ann.email);
    expect(mails).toHaveLength(6);
    expect(mails[5]!.subject).toBe("And 35 more alerts from Van 12");
  });

  it("caps a person at 30 messages of their own per clock hour and channel, across vehicles, then one summary", async () => {
    const { account, ann } = await setup();
    await t.db.notificationSettings.create({ data: { accountId: account.id, userId: ann.id, phone: "+37060011111" } });
    // ten vans, four alerts each: never over the per-vehicle cap of 5, so only the per-person cap holds any
    const vans = await Promise.all(Array.from({ length: 10 }, (_, i) => makeAsset(account.id, `Van ${i + 1}`)));
    const busy = await rule(account.id, { channels: ["email", "sms"], user_ids: [ann.id] });
    for (let i = 0; i < 40; i++) {
      clock = T0 + i * 60_000;
      await fire(account.id, vans[i % 10]!.id, busy.id);
      await deliverDueNotifications(deps());
    }
    expect(await mailTo(ann.email)).toHaveLength(30);
    expect(await readSmsOutbox(dataDir)).toHaveLength(30);
    const held = await t.db.notificationDelivery.findMany({ where: { recipientKey: `user:${ann.id}`, kind: "alert", status: "held" }, select: { channel: true, reason: true } });
    expect(held).toHaveLength(20);
    expect(new Set(held.map((h) => h.reason))).toEqual(new Set(["over 30 messages in an hour: in a summary"]));

    clock = T0 + 3_600_000; // the hour is over: one summary per channel
    await deliverDueNotifications(deps());
    const mails = await mailTo(ann.email);
    expect(mails).toHaveLength(31);
    expect(mails[30]!.subject).toBe("And 10 more alerts");
    expect((await readSmsOutbox(dataDir)).map((s) => s.text).slice(30)).toEqual(["And 10 more alerts"]);

    // a new clock hour starts a new count
    await fire(account.id, vans[0]!.id, busy.id);
    await deliverDueNotifications(deps());
    expect((await mailTo(ann.email)).at(-1)!.subject).toBe("Speeding: Van 1");
  });

  // a batch decides many rows of one recipient at once: the caps count the rows decided earlier in the same batch (and
  // in the batches before it), so they stay exact; a batch of 7 spreads the same rows over many batches
  it.each([{ batchSize: 500 }, { batchSize: 7 }])("keeps the caps exact when a batch ($batchSize rows at most) holds more rows of one recipient than the cap", async ({ batchSize }) => {
    const { account, ann, bob } = await setup();
    const vans = await Promise.all(Array.from({ length: 10 }, (_, i) => makeAsset(account.id, `Van ${i + 1}`)));
    const inbox = await rule(account.id, { channels: ["in_app"], user_ids: [ann.id] }, "Inbox");
    const mail = await rule(account.id, { channels: ["email"], user_ids: [bob.id] }, "Mail");
    // Ann: 40 alerts over ten vans (4 each, under the per-vehicle cap): 30 of her own, 10 in one summary
    for (let i = 0; i < 40; i++) {
      clock = T0 + i * 1000;
      await fire(account.id, vans[i % 10]!.id, inbox.id);
    }
    // Bob: 12 alerts of one van: 5 of his own, 7 in one summary
    for (let i = 0; i < 12; i++) {
      clock = T0 + 40_000 + i * 1000;
      await fire(account.id, vans[0]!.id, mail.id);
    }
    expect(await deliverDueNotifications(deps({ addInboxes: addInboxNotifications, limits: { batchSize } }))).toBe(52);
    expect(await t.db.inboxNotification.count({ where: { userId: ann.id } })).toBe(30);
    expect(await mailTo(bob.email)).toHaveLength(5);
    const held = await t.db.notificationDelivery.groupBy({ by: ["recipientKey", "batchId", "reason"], where: { accountId: account.id, status: "held" }, _count: { _all: true } });
    expect(held.map((h) => [h.recipientKey, h.reason, h._count._all]).sort()).toEqual([
      [`user:${ann.id}`, "over 30 messages in an hour: in a summary", 10],
      [`user:${bob.id}`, "over 5 alerts of this vehicle in an hour: in a summary", 7],
    ]);
    // the first rows in outbox order were the ones sent
    const annRows = await t.db.notificationDelivery.findMany({ where: { recipientKey: `user:${ann.id}`, kind: "alert" }, orderBy: { id: "asc" }, select: { status: true } });
    expect(annRows.map((r) => r.status)).toEqual([...Array<string>(30).fill("sent"), ...Array<string>(10).fill("held")]);

    clock = T0 + 3_600_000; // the hour is over: one summary each
    await deliverDueNotifications(deps({ addInboxes: addInboxNotifications, limits: { batchSize } }));
    const summaries = await t.db.inboxNotification.findMany({ where: { userId: ann.id, title: { startsWith: "And " } }, select: { title: true } });
    expect(summaries).toEqual([{ title: "And 10 more alerts" }]);
    expect((await mailTo(bob.email)).map((m) => m.subject).slice(5)).toEqual(["And 7 more alerts from Van 1"]);
  });

  it("decides a batch mixing quiet hours, a preference turned off, a digest, in-app and a critical alert, each as alone", async () => {
    const { account, asset, ann, bob } = await setup();
    const carl = await makeMember(account.id, "viewer", "Carl Digest");
    await t.db.user.update({ where: { id: carl.id }, data: { passwordHash: "x" } });
    // 12:00 UTC is 14:00 in Vilnius: inside Ann's 13:00-15:00 quiet hours; Bob turned in-app OVERSPEED off; Carl reads
    // e-mail once an hour
    await t.db.notificationSettings.create({ data: { accountId: account.id, userId: ann.id, timeZone: "Europe/Vilnius", quietStart: "13:00", quietEnd: "15:00" } });
    await t.db.notificationPreference.create({ data: { accountId: account.id, recipientKey: `user:${bob.id}`, alertType: "OVERSPEED", channel: "in_app", enabled: false } });
    await t.db.notificationSettings.create({ data: { accountId: account.id, userId: carl.id, digest: "hourly" } });
    const normal = await rule(account.id, { channels: ["email", "in_app"], user_ids: [ann.id, bob.id, carl.id] });
    const critical = await rule(account.id, { channels: ["email"], user_ids: [ann.id], critical: true }, "Crash");
    const first = await fire(account.id, asset.id, normal.id);
    clock += 1000;
    const crash = await fire(account.id, asset.id, critical.id);
    clock += 1000;
    const second = await fire(account.id, asset.id, normal.id);
    // one batch: 2 alerts × 3 members × 2 channels + the critical e-mail
    expect(await deliverDueNotifications(deps({ addInboxes: addInboxNotifications }))).toBe(13);

    const outcome = async (alertId: number) =>
      Object.fromEntries(
        (await t.db.notificationDelivery.findMany({ where: { alertId }, select: { recipientKey: true, channel: true, status: true, reason: true } })).map((r) => [
          `${r.recipientKey === `user:${ann.id}` ? "ann" : r.recipientKey === `user:${bob.id}` ? "bob" : "carl"} ${r.channel}`,
          `${r.status}: ${r.reason}`,
        ]),
      );
    for (const alert of [first, second]) {
      expect(await outcome(alert.id)).toEqual({
        "ann email": "pending: delayed by quiet hours until 2026-11-27T13:00:00.000Z",
        "ann in_app": "pending: delayed by quiet hours until 2026-11-27T13:00:00.000Z",
        "bob email": "sent: null",
        "bob in_app": "skipped: turned off by the recipient",
        "carl email": "held: in the hourly digest",
        "carl in_app": "sent: null",
      });
    }
    expect(await outcome(crash.id)).toEqual({ "ann email": "sent: null" });
    expect((await mailTo(ann.email)).map((m) => m.subject)).toEqual(["[critical] Speeding: Van 12"]);
    expect(await mailTo(bob.email)).toHaveLength(2);
    expect(await mailTo(carl.email)).toHaveLength(0);
    expect(await t.db.inboxNotification.count({ where: { userId: carl.id } })).toBe(2);
    expect(await t.db.inboxNotification.count({ where: { userId: { in: [ann.id, bob.id] } } })).toBe(0);
    // every message sent has exactly one try
    const sent = await t.db.notificationDelivery.findMany({ where: { accountId: account.id, status: "sent" }, select: { attempts: true, _count: { select: { attemptLog: true } } } });
    expect(sent.map((r) => [r.attempts, r._count.attemptLog])).toEqual(Array(5).fill([1, 1]));

    clock = Date.UTC(2026, 10, 27, 13, 0, 0); // Ann's quiet hours end; Carl's hourly digest is due
    await deliverDueNotifications(deps({ addInboxes: addInboxNotifications }));
    expect(await mailTo(ann.email)).toHaveLength(3);
    expect(await t.db.inboxNotification.count({ where: { userId: ann.id } })).toBe(2);
    expect((await mailTo(carl.email)).map((m) => m.subject)).toEqual(["Your hourly alert digest: 2 alerts"]);
  });

  it.skipIf(kind !== "postgres")("never delivers a row twice when two workers drain the same outbox at once, and keeps the caps exact across them", async () => {
    const { account, ann, bob } = await setup();
    const others = await Promise.all(["Cid", "Dee", "Eve"].map((name) => makeMember(account.id, "viewer", name)));
    await t.db.user.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { passwordHash: "x" } });
    const members = [ann, bob, ...others];
    const vans = await Promise.all(Array.from({ length: 12 }, (_, i) => makeAsset(account.id, `Van ${i + 1}`)));
    const r = await rule(account.id, { channels: ["in_app"], user_ids: members.map((m) => m.id) });
    // 60 alerts over twelve vans (5 each, at the per-vehicle cap): 300 rows, 30 of each member's 60 over the hour's cap
    for (let i = 0; i < 60; i++) {
      clock = T0 + i * 1000;
      await fire(account.id, vans[i % 12]!.id, r.id);
    }
    // two workers, each on its own connections of the pool, in small batches so that their claims interleave
    const worker = () => deliverDueNotifications(deps({ addInboxes: addInboxNotifications, limits: { batchSize: 20 } }));
    const [a, b] = await Promise.all([worker(), worker()]);
    expect(a + b).toBe(300);
    const rows = await t.db.notificationDelivery.findMany({ where: { accountId: account.id, kind: "alert" }, select: { status: true, attempts: true, _count: { select: { attemptLog: true } } } });
    expect(rows).toHaveLength(300);
    expect(rows.filter((row) => row.status === "sent").every((row) => row.attempts === 1 && row._count.attemptLog === 1)).toBe(true);
    expect(rows.filter((row) => row.status === "held").every((row) => row.attempts === 0 && row._count.attemptLog === 0)).toBe(true);
    for (const member of members) {
      const inbox = await t.db.inboxNotification.findMany({ where: { userId: member.id }, select: { refs: true } });
      expect(inbox).toHaveLength(30);
      expect(new Set(inbox.map((n) => (n.refs as { alert_id: number }).alert_id)).size).toBe(30);
    }
    expect(rows.filter((row) => row.status === "held")).toHaveLength(150);
  });

  // 08:00 local on the day the clocks change, in zones far from UTC: Auckland springs forward (NZST +12 -> NZDT +13 at
  // 02:00), Los Angeles falls back (PDT -7 -> PST -8 at 02:00); the digest follows the offset after the change
  it.each([
    { zone: "Pacific/Auckland", firstAlert: Date.UTC(2026, 8, 26, 11, 0), digestAt: Date.UTC(2026, 8, 26, 19, 0) },
    { zone: "America/Los_Angeles", firstAlert: Date.UTC(2026, 10, 1, 6, 0), digestAt: Date.UTC(2026, 10, 1, 16, 0) },
  ])("sends a daily digest at 08:00 in the member's own time zone ($zone, a clock-change day); critical alerts are not held", async ({ zone, firstAlert, digestAt }) => {
    const { account, asset, ann } = await setup();
    await t.db.notificationSettings.create({ data: { accountId: account.id, userId: ann.id, timeZone: zone, digest: "daily" } });
    const normal = await rule(account.id, { channels: ["email"], user_ids: [ann.id] });
    const critical = await rule(account.id, { channels: ["email"], user_ids: [ann.id], critical: true }, "Crash");
    const fired = [];
    for (const [i, ruleId] of [normal.id, critical.id, normal.id, normal.id].entries()) {
      clock = firstAlert + i * 3_600_000; // before and after the change
      fired.push(await fire(account.id, asset.id, ruleId));
      await deliverDueNotifications(deps());
    }
    expect((await mailTo(ann.email)).map((m) => m.subject)).toEqual(["[critical] Speeding: Van 12"]);
    const held = await t.db.notificationDelivery.findMany({ where: { alertId: { in: fired.map((a) => a.id) }, status: "held" }, select: { alertId: true, batchId: true } });
    expect(held.map((h) => h.alertId).sort()).toEqual([fired[0]!.id, fired[2]!.id, fired[3]!.id].sort());
    const digestRow = await t.db.notificationDelivery.findUniqueOrThrow({ where: { id: held[0]!.batchId! } });
    expect(digestRow).toMatchObject({ kind: "digest", status: "pending", notBefore: new Date(digestAt) });
    expect(new Set(held.map((h) => h.batchId)).size).toBe(1);

    clock = digestAt - 1000;
    await deliverDueNotifications(deps());
    expect(await mailTo(ann.email)).toHaveLength(1);
    clock = digestAt;
    await deliverDueNotifications(deps());
    const mails = await mailTo(ann.email);
    expect(mails.map((m) => m.subject)).toEqual(["[critical] Speeding: Van 12", "Your daily alert digest: 3 alerts"]);
    const listed = mails[1]!.text.split("\n").filter((line) => line.startsWith("- "));
    expect(listed).toEqual([0, 2, 3].map((i) => `- ${new Date(firstAlert + i * 3_600_000).toISOString().replace("T", " ").slice(0, 16)} UTC  Van 12  Speeding: Speed 120 km/h over 90 km/h`));
  });

  it("delays inside quiet hours to their end (critical rules ignore them) and sends an hourly digest", async () => {
    const { account, asset, ann, bob } = await setup();
    // 12:00 UTC is 14:00 in Vilnius: inside Ann's 13:00-15:00 quiet hours
    await t.db.notificationSettings.create({ data: { accountId: account.id, userId: ann.id, timeZone: "Europe/Vilnius", quietStart: "13:00", quietEnd: "15:00" } });
    await t.db.notificationSettings.create({ data: { accountId: account.id, userId: bob.id, digest: "hourly" } });
    const normal = await rule(account.id, { channels: ["email"], user_ids: [ann.id, bob.id] });
    const critical = await rule(account.id, { channels: ["email"], user_ids: [ann.id], critical: true }, "Crash");
    await fire(account.id, asset.id, normal.id);
    clock += 1000;
    await fire(account.id, asset.id, critical.id);
    clock += 1000;
    await fire(account.id, asset.id, normal.id);
    await deliverDueNotifications(deps());
    expect((await mailTo(ann.email)).map((m) => m.subject)).toEqual(["[critical] Speeding: Van 12"]);
    expect(await mailTo(bob.email)).toHaveLength(0);
    clock = Date.UTC(2026, 10, 27, 12, 59, 59);
    await deliverDueNotifications(deps());
    expect(await mailTo(ann.email)).toHaveLength(1);
    expect(await mailTo(bob.email)).toHaveLength(0);
    clock = Date.UTC(2026, 10, 27, 13, 0, 0); // 15:00 in Vilnius; the hour's digest is due too
    await deliverDueNotifications(deps());
    expect(await mailTo(ann.email)).toHaveLength(3);
    const digest = await mailTo(bob.email);
    expect(digest.map((m) => m.subject)).toEqual(["Your hourly alert digest: 2 alerts"]);
  });

  it("retries an e-mail the SMTP server refuses for now, with back-off, and records every try", async () => {
    const { account, asset, ann } = await setup();
    let refusals = 2;
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refusals-- > 0) return callback(Object.assign(new Error("try again later"), { responseCode: 451 }));
        received.push(address.address);
        callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on("end", () => callback());
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
    const mailer: Mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`, from: "alerts@example.test" });
    try {
      const r = await rule(account.id, { channels: ["email"], user_ids: [ann.id] });
      const alert = await fire(account.id, asset.id, r.id);
      const run = () => deliverDueNotifications(deps({ mailer: () => mailer }));
      await run();
      expect(received).toEqual([]);
      clock += 29_000;
      await run(); // the first retry is due after 30 s
      expect((await listAlertDeliveries({ accountId: account.id, alertId: alert.id })).data[0]!.attempts).toBe(1);
      clock += 1_000;
      await run();
      clock += 60_000;
      await run();
      expect(received).toEqual([ann.email]);
      const [delivery] = (await listAlertDeliveries({ accountId: account.id, alertId: alert.id })).data;
      expect(delivery).toMatchObject({ status: "sent", attempts: 3 });
      expect(delivery!.tries.map((a) => a.outcome)).toEqual(["temporary_failure", "temporary_failure", "sent"]);
    } finally {
      await mailer.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it("retries an SMS the provider cannot send for now with back-off, recording every try; a refused number fails at once", async () => {
    const { account, asset, ann, bob } = await setup();
    await t.db.notificationSettings.create({ data: { accountId: account.id, userId: ann.id, phone: "+37060011111" } });
    // the log provider's outbox cannot be written while a plain file stands where its folder goes: SMS_UNAVAILABLE
    const blocker = smsOutboxPath(dataDir);
    writeFileSync(blocker, "not a folder");
    // a number the provider refuses (stored before phones were checked): VALIDATION_FAILED, not worth a retry
    await t.db.notificationSettings.create({ data: { accountId: account.id, userId: bob.id, phone: "+0060" } });
    const r = await rule(account.id, { channels: ["sms"], user_ids: [ann.id, bob.id] });
    const alert = await fire(account.id, asset.id, r.id);
    const deliveryOf = async (userId: number) =>
      (await listAlertDeliveries({ accountId: account.id, alertId: alert.id })).data.find((d) => d.recipient === `user:${userId}`)!;

    await deliverDueNotifications(deps());
    expect(await deliveryOf(bob.id)).toMatchObject({ status: "failed", attempts: 1, tries: [{ outcome: "permanent_failure" }] });
    expect((await deliveryOf(ann.id)).not_before).toBe(new Date(T0 + 30_000).toISOString());
    clock = T0 + 29_000;
    await deliverDueNotifications(deps());
    expect(await deliveryOf(ann.id)).toMatchObject({ status: "pending", attempts: 1 });
    clock = T0 + 30_000;
    await deliverDueNotifications(deps());
    expect((await deliveryOf(ann.id)).not_before).toBe(new Date(T0 + 90_000).toISOString()); // then 1 min
    clock = T0 + 90_000;
    await deliverDueNotifications(deps());
    expect((await deliveryOf(ann.id)).not_before).toBe(new Date(T0 + 210_000).toISOString()); // then 2 min
    rmSync(blocker); // the provider works again
    clock = T0 + 210_000;
    await deliverDueNotifications(deps());

    expect((await readSmsOutbox(dataDir)).map((s) => s.to)).toEqual(["+37060011111"]);
    const ann1 = await deliveryOf(ann.id);
    expect(ann1).toMatchObject({ status: "sent", attempts: 4, sent_at: new Date(T0 + 210_000).toISOString() });
    expect(ann1.tries.map((a) => [a.at, a.outcome])).toEqual([
      [new Date(T0).toISOString(), "temporary_failure"],
      [new Date(T0 + 30_000).toISOString(), "temporary_failure"],
      [new Date(T0 + 90_000).toISOString(), "temporary_failure"],
      [new Date(T0 + 210_000).toISOString(), "sent"],
    ]);
    expect(ann1.tries[0]!.detail).toBe("The text message could not be sent right now; try again in a few minutes.");
    const bob1 = await deliveryOf(bob.id);
    expect(bob1.tries).toHaveLength(1);
    expect(bob1.reason).toMatch(/^to: must be one phone number/);
  });

  it("gives up after the last try", async () => {
    const { account, asset, ann } = await setup();
    const broken: Mailer = { kind: "smtp", send: async () => Promise.reject(Object.assign(new (await import("../../errors")).AppError("MAIL_UNAVAILABLE", "down"))), close: async () => {} };
    const r = await rule(account.id, { channels: ["email"], user_ids: [ann.id] });
    const alert = await fire(account.id, asset.id, r.id);
    for (let i = 0; i < 8; i++) {
      await deliverDueNotifications(deps({ mailer: () => broken }));
      clock += 3_600_000;
    }
    const [delivery] = (await listAlertDeliveries({ accountId: account.id, alertId: alert.id })).data;
    expect(delivery).toMatchObject({ status: "failed", attempts: 5, reason: "gave up after 5 tries" });
  });

  it("escalates an unacknowledged critical alert to the backup contact, and acknowledging stops the next step", async () => {
    const { account, asset, ann, bob } = await setup();
    const r = await rule(account.id, {
      channels: ["email"],
      user_ids: [ann.id],
      critical: true,
      escalation: [
        { after_minutes: 5, channels: ["sms"], phones: ["+37060099999"] },
        { after_minutes: 10, channels: ["email"], user_ids: [bob.id] },
      ],
    });
    const alert = await fire(account.id, asset.id, r.id);
    await deliverDueNotifications(deps());
    const ackLink = /Acknowledge \(stops the escalation\): (\S+)/.exec((await mailTo(ann.email))[0]!.text)![1]!;
    expect((await mailTo(ann.email))[0]!.text).toContain(`Open in Fleetline: ${new URL(`/a/${account.key}/alerts?alert=${alert.id}`, env().PUBLIC_URL)}\n`);
    clock += 5 * 60_000;
    await deliverDueNotifications(deps());
    expect((await readSmsOutbox(dataDir)).map((s) => s.to)).toEqual(["+37060099999"]);
    const ack = await acknowledgeByToken(new URL(ackLink).searchParams.get("token"), clock + 1000);
    expect(ack).toMatchObject({ acknowledged_now: true, acknowledged_by: `Ann Manager <${ann.email}> (e-mail link)` });
    clock += 10 * 60_000;
    await deliverDueNotifications(deps());
    expect(await mailTo(bob.email)).toHaveLength(0);
    const again = await acknowledgeAlert({ accountId: account.id, alertId: alert.id, by: { userId: bob.id, label: "Bob" } });
    expect(again).toMatchObject({ acknowledged_now: false, acknowledged_by: `Ann Manager <${ann.email}> (e-mail link)` });
    const deliveries = await listAlertDeliveries({ accountId: account.id, alertId: alert.id });
    expect(deliveries.acknowledged_at).toBe(new Date(clock - 10 * 60_000 + 1000).toISOString());
    expect(deliveries.data.filter((d) => d.kind === "escalation").map((d) => d.status)).toEqual(["sent", "cancelled"]);
  });

  it("announces alert_fired to the account's webhooks, signed, received by a real HTTP receiver", async () => {
    const { account, asset } = await setup();
    const dispatcher = startWebhookDispatcher({ logger: log("webhooks"), allowPrivate: true });
    setWebhookAnnouncer(dispatcher.announce);
    const receiver = await startWebhookReceiver();
    try {
      const hook = await createWebhook({ accountId: account.id, userId: account.adminId, body: { url: receiver.url, events: ["alert_fired"] } });
      receiver.setSecret(hook.secret);
      const r = await rule(account.id, { channels: ["webhook"] });
      const alert = await fire(account.id, asset.id, r.id);
      await deliverDueNotifications(deps({ announceAlert: (accountId, data) => emitWebhookEvent(accountId, "alert_fired", data) }));
      const got = await receiver.next((d) => d.event === "alert_fired");
      expect(got.verified).toBe(true);
      expect(got.body).toMatchObject({ event: "alert_fired", account_key: account.key, data: { alert_id: alert.id, type: "OVERSPEED", asset: { id: asset.id, name: "Van 12" }, critical: false } });
    } finally {
      await dispatcher.stop();
      await receiver.close();
    }
  });
});
