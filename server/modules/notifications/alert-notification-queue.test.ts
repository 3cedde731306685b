// The recorder's notification queue on both databases: the fan-out rows of the alerts handed over together go in
// together (one per alert), and an alert whose row cannot be queued (here: deleted before its turn) costs only its own
// row and is logged with its id, never lost silently; the worker then expands each into one row per person and
// channel and deletes it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { makeAccount, makeAsset, makeMember } from "../../testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createAlertRule } from "../alerts/create-alert-rule";
import { createOutboxMailer } from "../../mail/outbox-mailer";
import { createLogSmsProvider } from "../../sms/log-sms-provider";
import { AlertNotificationQueue } from "./alert-notification-queue";
import { addInboxNotifications } from "./inbox/add-inbox-notifications";
import { deliverDueNotifications } from "./notification-worker";

describe.each(databaseKinds())("the alert notification queue on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("queues the fan-out rows of many alerts at once, logs (by id) an alert whose row could not be queued, and the worker expands them", async () => {
    const lines: { msg: string; alertId?: number }[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logger = pino({ level: "error" }, sink);
    const account = await makeAccount("Queue Co");
    const asset = await makeAsset(account.id, "Van 1");
    const ann = await makeMember(account.id, "fleet_manager", "Ann Manager");
    await t.db.user.update({ where: { id: ann.id }, data: { passwordHash: "x" } });
    const rule = await createAlertRule({
      accountId: account.id,
      body: { name: "Speeding", type: "OVERSPEED", params: { speed_kmh: 90 }, notify: { channels: ["email", "in_app"], user_ids: [ann.id] } },
    });
    const alerts = [];
    for (let i = 0; i < 3; i++) {
      const firedAt = Date.UTC(2026, 10, 27, 12, 0, i);
      const alert = await t.db.alert.create({
        data: { accountId: account.id, assetId: asset.id, ruleId: rule.id, ruleName: "Speeding", type: "OVERSPEED", firedAt: new Date(firedAt), message: "Speed 120 km/h", details: {} },
      });
      alerts.push({ id: alert.id, accountId: account.id, assetId: asset.id, ruleId: rule.id, type: "OVERSPEED", firedAt });
    }
    // the middle alert is gone before the queue's turn: its rows would point at nothing
    await t.db.alert.delete({ where: { id: alerts[1]!.id } });
    const queue = new AlertNotificationQueue({ prisma: t.db, logger, now: () => Date.UTC(2026, 10, 27, 12, 1) });
    for (const alert of alerts) queue.push(alert);
    await queue.drain();
    const rows = () => t.db.notificationDelivery.findMany({ where: { accountId: account.id }, select: { alertId: true, channel: true, status: true } });
    const [first, , third] = alerts.map((a) => a.id);
    expect((await rows()).map((r) => `${r.alertId} ${r.channel}`).sort()).toEqual([`${first} fanout`, `${third} fanout`]);
    expect(lines.map((l) => [l.msg, l.alertId])).toEqual([["alert notifications not queued", alerts[1]!.id]]);
    expect(queue.size).toBe(0);

    // the worker: one row per alert, person and channel, each sent; the fan-out rows are gone
    const dataDir = mkdtempSync(path.join(tmpdir(), "fleetline-queue-"));
    try {
      const mail = createOutboxMailer({ dataDir, from: "alerts@example.test" });
      const sms = createLogSmsProvider({ dataDir });
      const now = () => Date.UTC(2026, 10, 27, 12, 2);
      await deliverDueNotifications({ logger, now, mailer: () => mail, sms: () => sms, addInboxes: addInboxNotifications });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect((await rows()).map((r) => `${r.alertId} ${r.channel} ${r.status}`).sort()).toEqual(
      [`${first} email sent`, `${first} in_app sent`, `${third} email sent`, `${third} in_app sent`].sort(),
    );
  });
});
