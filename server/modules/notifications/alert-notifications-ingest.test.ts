// Alert notifications from the wire (docs/notifications.md "The outbox"): real Teltonika frames over TCP to the
// tracker service, the evaluation service firing a rule on them, the notification worker as a server runs it (woken
// when rows are queued) sending through a real SMTP server. The SMTP server holds the e-mail until the test lets it
// go, and the device's packets are acknowledged meanwhile: ingest never waits for a mail server.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpMailer } from "../../mail/smtp-mailer";
import { createLogSmsProvider } from "../../sms/log-sms-provider";
import { makeAccount, makeAsset, makeMember } from "../../testing/http-fixtures";
import { TestDevice, testRecord } from "../../testing/teltonika-test-device";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { testImei } from "../../testing/test-imei";
import { useTestTrackerService } from "../../testing/test-tracker-service";
import { createAlertRule } from "../alerts/create-alert-rule";
import { EvaluationService } from "../evaluation/evaluation-service";
import { addInboxNotification } from "./inbox/add-inbox-notification";
import { startNotificationWorker } from "./notification-worker";
import { setNotificationWake } from "./notification-worker-wake";
import { pollUntil } from "../../testing/poll-until";

const logger = pino({ level: "silent" });

/** pollUntil with this file's deadline */
const until = <T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000) => pollUntil(what, probe, timeoutMs);

/** an SMTP server that holds every recipient until released, then keeps the messages' recipients */
async function startHoldingSmtpServer() {
  const held: (() => void)[] = [];
  const delivered: string[] = [];
  let holding = true;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (holding) held.push(() => callback());
      else callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        delivered.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`,
    held,
    delivered,
    release() {
      holding = false;
      for (const go of held.splice(0)) go();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(databaseKinds())("alert notifications from Teltonika frames on %s", (kind) => {
  const t = useTestDatabase(kind);
  const tracker = useTestTrackerService(kind, t, { teltonika: true });
  let evaluation: EvaluationService;
  beforeAll(() => {
    evaluation = new EvaluationService({ prisma: t.db, hub: tracker.hub, local: tracker.service.local, logger, timers: false }).start();
  });
  afterAll(async () => {
    await evaluation.stop();
  });

  it("a rule fires on a frame, the outbox gets its rows and the e-mail goes out, while the device's packets are acknowledged without waiting for it", async () => {
    const smtp = await startHoldingSmtpServer();
    const mailer = createSmtpMailer({ url: smtp.url, from: "alerts@example.test" });
    const worker = startNotificationWorker({
      logger,
      mailer: () => mailer,
      sms: () => createLogSmsProvider({ dataDir: mkdtempSync(path.join(tmpdir(), "notify-e2e-")) }),
      addInbox: addInboxNotification,
    });
    const imei = testImei();
    let device: TestDevice | undefined;
    try {
      const account = await makeAccount("Wire Co");
      const asset = await makeAsset(account.id, "Van 1", imei);
      const ann = await makeMember(account.id, "fleet_manager", "Ann Manager");
      await t.db.user.update({ where: { id: ann.id }, data: { passwordHash: "x" } });
      const rule = await createAlertRule({
        accountId: account.id,
        body: { name: "Speeding", type: "OVERSPEED", cooldown_s: 0, params: { speed_kmh: 90 }, notify: { channels: ["email", "in_app"], user_ids: [ann.id] } },
      });
      device = await TestDevice.connect(tracker.service.streamPort("teltonika")!, imei);
      const start = Date.now() - 60_000;
      expect(await device.send([testRecord(start, { speed: 40 }), testRecord(start + 10_000, { speed: 120 })])).toBe(2);

      // the alert is stored and its rows queued; the worker, woken, is sending the e-mail: the SMTP server holds it
      const alert = await until("the alert", () => t.db.alert.findFirst({ where: { assetId: asset.id, ruleId: rule.id } }).then((a) => a ?? undefined));
      expect(alert).toMatchObject({ type: "OVERSPEED", firedAt: new Date(start + 10_000) });
      // queued right after the alert is stored (and published): its fan-out row, which the worker expands into one row
      // per person and channel
      const rows = await until("the outbox rows", async () => {
        const queued = await t.db.notificationDelivery.findMany({ where: { alertId: alert.id, kind: "alert" }, select: { channel: true, recipientKey: true } });
        return queued.length > 0 ? queued : undefined;
      });
      expect(rows.map((r) => r.channel).sort()).toEqual(["email", "in_app"]);
      expect(new Set(rows.map((r) => r.recipientKey))).toEqual(new Set([`user:${ann.id}`]));
      await until("the e-mail at the SMTP server", () => (smtp.held.length > 0 ? true : undefined));

      // the mail server has not answered, and the device's next packet is acknowledged all the same
      expect(await device.send([testRecord(start + 20_000, { speed: 125 }), testRecord(start + 30_000, { speed: 130 })])).toBe(2);
      expect(smtp.delivered).toEqual([]);
      expect(await t.db.notificationDelivery.findFirstOrThrow({ where: { alertId: alert.id, channel: "email" }, select: { status: true } })).toEqual({ status: "pending" });

      smtp.release();
      await until("the e-mail delivered", () => (smtp.delivered.length > 0 ? true : undefined), 60_000);
      expect(smtp.delivered).toEqual([ann.email]);
      const sent = await until("both messages sent", async () => {
        const all = await t.db.notificationDelivery.findMany({ where: { alertId: alert.id }, select: { channel: true, status: true } });
        return all.every((r) => r.status === "sent") ? all : undefined;
      });
      expect(sent).toHaveLength(2);
      const inbox = await t.db.inboxNotification.findMany({ where: { userId: ann.id }, select: { kind: true, title: true } });
      expect(inbox).toEqual([{ kind: "alert", title: "Speeding: Van 1" }]);
      // one episode over the limit: one alert, however many records were over it
      expect(await t.db.alert.count({ where: { assetId: asset.id } })).toBe(1);
    } finally {
      device?.destroy();
      await worker.stop();
      setNotificationWake(undefined);
      smtp.release();
      await mailer.close();
      await smtp.close();
    }
  });
});
