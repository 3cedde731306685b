// The notification worker as a process of its own, on PostgreSQL (the embedded database keeps it in the server's
// process): a real child process started by the supervisor, woken when a fan-out row is queued, its inbox message
// published on the server's hub; killed outright, it is logged and started again, and the rows queued while it was
// dead are delivered by the new one (the outbox is in the database: nothing is lost).
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "../../env";
import { createMemoryHub, type Hub } from "../../hub";
import { authSecret } from "../../security/auth-secret";
import { makeAccount, makeAsset, makeMember } from "../../testing/http-fixtures";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../../testing/test-database";
import { setDatabase } from "../../db/client";
import { createAlertRule } from "../alerts/create-alert-rule";
import { startNotificationProcess, type NotificationProcess } from "./notification-process-supervisor";
import { queueAlertFanOut } from "./queue-alert-notifications";
import { pollUntil } from "../../testing/poll-until";

/** pollUntil with this file's deadline */
const until = <T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000) => pollUntil(what, probe, timeoutMs);

describe.skipIf(!databaseKinds().includes("postgres"))("the notification worker process on postgres", () => {
  let test: TestDatabase;
  let hub: Hub;
  let worker: NotificationProcess | undefined;
  const published: { channel: string; event: string; data: { refs?: { alert_id?: number } } }[] = [];
  const lines: { msg: string; restarts?: number }[] = [];

  beforeAll(async () => {
    test = await createTestDatabase("postgres");
    setDatabase(test.database);
    hub = createMemoryHub();
    hub.subscribe("private-channel.message", (message) => void published.push(message as (typeof published)[number]));
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await hub.close();
    setDatabase(undefined);
    await test.close();
  });

  it("delivers what the alert path queued, and is started again when it dies, losing nothing", async () => {
    const db = test.database.prisma;
    const account = await makeAccount("Process Co");
    const asset = await makeAsset(account.id, "Van 1");
    const ann = await makeMember(account.id, "fleet_manager", "Ann Manager");
    await db.user.update({ where: { id: ann.id }, data: { passwordHash: "x" } });
    const rule = await createAlertRule({
      accountId: account.id,
      body: { name: "Speeding", type: "OVERSPEED", params: { speed_kmh: 90 }, notify: { channels: ["in_app"], user_ids: [ann.id] } },
    });
    const fire = async (second: number) => {
      const firedAt = Date.UTC(2026, 10, 27, 12, 0, second);
      const alert = await db.alert.create({
        data: { accountId: account.id, assetId: asset.id, ruleId: rule.id, ruleName: "Speeding", type: "OVERSPEED", firedAt: new Date(firedAt), message: "Speed 120 km/h", details: {} },
      });
      expect(await queueAlertFanOut(db, [{ id: alert.id, accountId: account.id, assetId: asset.id, ruleId: rule.id, type: "OVERSPEED", firedAt }], Date.now())).toBe(1);
      return alert.id;
    };
    const heard = (alertId: number) => until(`alert ${alertId} on ann's channel`, () => published.find((m) => m.channel === `private-user.${ann.id}` && m.data.refs?.alert_id === alertId));
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    worker = startNotificationProcess({
      config: { ...env(), DATABASE_URL: test.url!, LOG_LEVEL: "silent" },
      authSecret: authSecret(),
      hub,
      logger: pino({ level: "info" }, sink),
      announceAlert: () => {},
    });
    await worker.running();
    const firstPid = worker.pid();
    expect(firstPid).not.toBeNull();

    const first = await fire(0);
    worker.wake();
    expect((await heard(first)).event).toBe("notification.created");
    // the outcome is written right after the message is published
    const sent = (alertId: number) =>
      until(`alert ${alertId}'s row sent`, async () => {
        const rows = await db.notificationDelivery.findMany({ where: { alertId }, select: { kind: true, channel: true, status: true } });
        return rows.every((r) => r.status === "sent") ? rows : undefined;
      });
    expect(await sent(first)).toEqual([{ kind: "alert", channel: "in_app", status: "sent" }]);

    // killed outright: logged, restarted; what was queued meanwhile is delivered by the new process
    process.kill(firstPid!, "SIGKILL");
    await until("the restart logged", () => lines.find((l) => l.msg === "notification worker process exited: restarting it"));
    expect(worker.state()).toMatchObject({ status: "restarting", restarts: 1 });
    const second = await fire(1);
    await worker.running();
    expect(worker.pid()).not.toBe(firstPid);
    worker.wake();
    await heard(second);
    expect(await sent(second)).toEqual([{ kind: "alert", channel: "in_app", status: "sent" }]);
    expect(await db.inboxNotification.count({ where: { userId: ann.id } })).toBe(2);
    expect(worker.state()).toMatchObject({ status: "running", restarts: 1 });

    await worker.stop();
    expect(worker.state().status).toBe("stopped");
  }, 120_000);
});
