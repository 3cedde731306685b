// The periodic reminder evaluation and its notifications, on every database kind: statuses stored for the filters,
// one notification per change of due state even with two nodes evaluating at once, nothing while snoozed, a reset by
// a service and a new due soon notifying again, renewals, and the notification worker delivering the outbox rows by
// e-mail and to the inbox of the watchers (or the admins and fleet managers when a reminder names none).
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { log } from "../../log";
import { createOutboxMailer, outboxPath } from "../../mail/outbox-mailer";
import { createLogSmsProvider } from "../../sms/log-sms-provider";
import { makeAccount, makeAsset, makeMember } from "../../testing/http-fixtures";
import { livePosition, storeAssetState } from "../../testing/stream-fixtures";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { addInboxNotifications } from "../notifications/inbox/add-inbox-notifications";
import { deliverDueNotifications } from "../notifications/notification-worker";
import { EVALUATE_EVERY_MS, READING_EVERY_MS, evaluateDueReminders } from "./evaluate-due-reminders";
import { saveRenewalReminder } from "./save-renewal-reminder";
import { saveServiceEntry } from "./save-service-entry";
import { saveServiceReminder } from "./save-service-reminder";

const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);

describe.each(databaseKinds())("reminder evaluation and notifications on %s", (kind) => {
  const t = useTestDatabase(kind);

  async function reading(assetId: number, odometerKm: number, at: number) {
    await storeAssetState(livePosition({ assetId, wsSeq: Math.round(at / 1000), dateUpdated: at, receivedAt: at, odometer: odometerKm * 1000 }));
    await t.db.assetState.update({ where: { assetId }, data: { odometer: odometerKm * 1000, receivedAt: new Date(at) } });
  }

  async function setup() {
    const account = await makeAccount("Remind Co");
    const asset = (await makeAsset(account.id, "Van 7")).id;
    const manager = await makeMember(account.id, "fleet_manager", "Mia Manager");
    await makeMember(account.id, "viewer", "Vic Viewer");
    await reading(asset, 10_000, T0 - 60_000);
    const oil = await saveServiceReminder({ accountId: account.id, reminderId: null, body: { asset_id: asset, task: "Oil change", distance: { every_km: 15_000, due_soon_km: 1_000 } }, now: T0 });
    const deliveries = () => t.db.notificationDelivery.findMany({ where: { accountId: account.id, kind: "reminder" }, orderBy: { id: "asc" }, select: { eventKey: true, userId: true, channel: true } });
    return { account, asset, manager, oil, deliveries };
  }

  it("notifies each change of due state once, across two nodes evaluating at once", async () => {
    const s = await setup();
    let now = T0 + EVALUATE_EVERY_MS + 1;
    expect(await evaluateDueReminders({ now })).toBeGreaterThanOrEqual(1);
    expect(await s.deliveries()).toEqual([]); // ok: nothing to tell

    // the vehicle drives into the due-soon window: a reading makes it due for evaluation within minutes
    now += READING_EVERY_MS + 1;
    await reading(s.asset, 24_200, now - 1_000);
    const [a, b] = await Promise.all([evaluateDueReminders({ now }), evaluateDueReminders({ now })]);
    expect(a + b).toBe(1);
    expect(await t.db.serviceReminder.findUniqueOrThrow({ where: { id: s.oil.id }, select: { status: true, notifiedState: true } })).toEqual({ status: "due_soon", notifiedState: "due_soon" });
    // admins and fleet managers (no watchers named), by e-mail and in the inbox; the viewer is not told
    const soon = await s.deliveries();
    expect(soon.map((d) => [d.userId, d.channel]).sort()).toEqual([[s.account.adminId, "email"], [s.account.adminId, "in_app"], [s.manager.id, "email"], [s.manager.id, "in_app"]].sort());

    // evaluated again in the same state: nothing new
    now += EVALUATE_EVERY_MS + 1;
    await Promise.all([evaluateDueReminders({ now }), evaluateDueReminders({ now })]);
    expect(await s.deliveries()).toHaveLength(4);

    // overdue: told again, once
    now += READING_EVERY_MS + 1;
    await reading(s.asset, 25_100, now - 1_000);
    await Promise.all([evaluateDueReminders({ now }), evaluateDueReminders({ now })]);
    expect((await s.deliveries()).filter((d) => d.eventKey.includes(":overdue:"))).toHaveLength(4);

    // a service resets it (silently), and the next due soon notifies again
    await saveServiceEntry({ accountId: s.account.id, entryId: null, body: { asset_id: s.asset, serviced_on: "2026-11-27", reminder_ids: [s.oil.id] }, now });
    now += EVALUATE_EVERY_MS + 1;
    await evaluateDueReminders({ now });
    expect(await s.deliveries()).toHaveLength(8);
    now += READING_EVERY_MS + 1;
    await reading(s.asset, 39_500, now - 1_000);
    await evaluateDueReminders({ now });
    expect((await s.deliveries()).filter((d) => d.eventKey.includes(":due_soon:"))).toHaveLength(8);
  });

  it("tells nobody while snoozed, then the watchers only; renewals too; the worker delivers by e-mail and inbox", async () => {
    const s = await setup();
    const watcher = await makeMember(s.account.id, "office_staff", "Wes Watcher");
    await saveServiceReminder({
      accountId: s.account.id,
      reminderId: s.oil.id,
      body: { asset_id: s.asset, task: "Oil change", distance: { every_km: 5_000 }, start: { odometer_km: 0 }, snoozed_until: "2026-12-01", watcher_ids: [watcher.id] },
      now: T0,
    });
    let now = T0 + EVALUATE_EVERY_MS + 1;
    await evaluateDueReminders({ now });
    expect(await t.db.serviceReminder.findUniqueOrThrow({ where: { id: s.oil.id }, select: { status: true } })).toEqual({ status: "snoozed" });
    expect(await s.deliveries()).toEqual([]);
    now = Date.UTC(2026, 11, 1, 12);
    await saveRenewalReminder({ accountId: s.account.id, renewalId: null, body: { asset_id: s.asset, kind: "insurance", expires_on: "2026-12-10", remind_days_before: 14, watcher_ids: [watcher.id] }, now: T0 });
    await evaluateDueReminders({ now });
    const rows = await s.deliveries();
    expect(rows.map((d) => d.userId)).toEqual([watcher.id, watcher.id, watcher.id, watcher.id]);
    expect(rows.map((d) => d.eventKey.split(":").slice(0, 4).join(":")).sort()).toEqual([
      `reminder:renewal:${(await t.db.renewalReminder.findFirstOrThrow({ where: { accountId: s.account.id } })).id}:due_soon`,
      `reminder:renewal:${(await t.db.renewalReminder.findFirstOrThrow({ where: { accountId: s.account.id } })).id}:due_soon`,
      `reminder:service:${s.oil.id}:overdue`,
      `reminder:service:${s.oil.id}:overdue`,
    ]);

    const dataDir = mkdtempSync(path.join(tmpdir(), "reminders-"));
    const mail = createOutboxMailer({ dataDir, from: "fleet@example.test" });
    const sms = createLogSmsProvider({ dataDir });
    await deliverDueNotifications({ logger: log("notifications"), now: () => now, mailer: () => mail, sms: () => sms, addInboxes: addInboxNotifications });
    expect(await t.db.notificationDelivery.count({ where: { accountId: s.account.id, kind: "reminder", status: "sent" } })).toBe(4);
    const mails = readdirSync(outboxPath(dataDir)).map((f) => readFileSync(path.join(outboxPath(dataDir), f), "utf8"));
    expect(mails.some((m) => m.includes("Oil change for Van 7 is overdue"))).toBe(true);
    expect(mails.some((m) => m.includes("Insurance of Van 7 is due soon"))).toBe(true);
    const inbox = await t.db.inboxNotification.findMany({ where: { userId: watcher.id }, select: { kind: true, title: true, link: true }, orderBy: { id: "asc" } });
    expect(inbox).toHaveLength(2);
    expect(inbox.every((n) => n.kind === "reminder" && n.link === `/a/${s.account.key}/reminders`)).toBe(true);
  });
});
