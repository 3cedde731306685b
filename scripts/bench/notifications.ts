// What alert notifications cost ingest, and how soon an alert reaches an inbox (issue 22: ingest moves by at most 5%,
// alert-to-inbox p99 under 1 s). docs/notifications-speed.md has the figures of a run.
//
// Each side is one flood on a fresh PostgreSQL database, as in the ingest benchmarks: 2,000 Teltonika devices over real
// TCP (a separate load process, support/device-load.ts) each sending 10-record packets as soon as the last was
// acknowledged, for 10 s. In the same 10 s the bench process stores 1,000 alerts a second on those assets the way the
// evaluation service's recorder does (recordAlert, the hub's `alert`, queueAlertNotifications, wake the worker), and
// the notification worker runs as on a server (in-app channel: inbox row, then `notification.created` on the member's
// private-user channel over the hub). Sides:
//   off  the alerts' rule has no `notify`: alerts are stored and published, nobody is notified
//   on   the rule notifies 5 members in-app: 5 outbox rows an alert, 5,000 a second
// Rounds run off then on, then on then off …; a side's figure is its median.
//   notifications_ingest_off_positions_per_s / _on_   positions acknowledged per second
//   notifications_ingest_cost_pct                      (off − on) / off, in % (target: at most 5)
//   notifications_alerts_stored_off_per_s / _on_       alerts the recorder stored a second during the flood (aimed:
//                                                      1,000); the rest are stored after it. With notifications on,
//                                                      the recorder also queues the rows and stores fewer, so the
//                                                      sides do not carry the same alert load
//   notifications_inbox_delivered_pct                  in-app messages in the inbox within DRAIN_MS after the flood,
//                                                      of those queued
//   notifications_inbox_latency_p50_ms / _p99_ms       from the alert stored (recordAlert resolved) to its inbox
//                                                      row stored and `notification.created` published on the
//                                                      member's private-user channel (addInboxNotification
//                                                      resolved), over the "on" rounds (target p99: under 1 s); only
//                                                      when every message was delivered, otherwise
//   notifications_inbox_latency_delivered_p50_ms / _p99_ms   the same over the delivered ones (the rest took longer)
//   notifications_worker_messages_per_s                in-app messages delivered a second by the node's one worker
//                                                      during the "on" rounds, from the first alert stored to the
//                                                      last message delivered
//   notifications_worker_alone_messages_per_s          the same with nothing else running: WORKER_ALONE_ALERTS alerts'
//                                                      messages queued first, then the worker started and timed until
//                                                      the last is delivered
// The caps (30 messages per person an hour, 5 per vehicle) are lifted for the bench: with them, all but the first few
// messages of each member would be held for a summary, and the worker's full path would not be measured.
import { tmpdir } from "node:os";
import pino from "pino";
import { openDatabase, setDatabase } from "../../server/db/client";
import { createMemoryHub, setHub } from "../../server/hub";
import { createOutboxMailer } from "../../server/mail/outbox-mailer";
import { recordAlert } from "../../server/modules/alerts/record-alert";
import { imeiFrom } from "../../server/modules/assets/imei";
import { OfflineGeocoder } from "../../server/modules/geocoding/offline-geocoder";
import { addInboxNotification } from "../../server/modules/notifications/inbox/add-inbox-notification";
import { startNotificationWorker } from "../../server/modules/notifications/notification-worker";
import { wakeNotificationWorker } from "../../server/modules/notifications/notification-worker-wake";
import { queueAlertNotifications } from "../../server/modules/notifications/queue-alert-notifications";
import { SerialQueue } from "../../server/serial-queue";
import { createLogSmsProvider } from "../../server/sms/log-sms-provider";
import { freePort } from "../../server/testing/free-port";
import { createScratchDatabase } from "../../server/testing/scratch-postgres";
import { reachable, TEST_POSTGRES_URL } from "../../server/testing/services";
import { startTrackerService } from "../../server/tracker/tracker-service";
import { runLoadProcess } from "./support/load-process";
import { round, type Bench, type Figure } from "./types";

const CONNECTIONS = 2_000;
const RUN_MS = 10_000;
const ALERTS_PER_S = Number(process.env.BENCH_NOTIFICATIONS_ALERTS_PER_S ?? 1_000);
const RECIPIENTS = 5;
/** flood rounds per side; 0 leaves the flood out (only the worker alone) */
const ROUNDS = Number(process.env.BENCH_NOTIFICATIONS_ROUNDS ?? 3);
/** how long after the flood the bench waits for the last in-app messages */
const DRAIN_MS = Number(process.env.BENCH_NOTIFICATIONS_DRAIN_MS ?? 60_000);
/** the recorder's lanes: one serial queue per lane, an asset always in the same lane (its alerts stay in order) */
const LANES = 8;

const imeiOf = (assetId: number) => imeiFrom(`38${String(assetId).padStart(12, "0")}`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface SideResult {
  perSecond: number;
  alertsStored: number;
  /** ms from stored to heard on the private channel, one per message heard */
  latencies: number[];
  queued: number;
  workerSpanMs: number;
}

async function side(notify: boolean, geocoder: OfflineGeocoder): Promise<SideResult> {
  const scratch = await createScratchDatabase("fleetline_bench");
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: "" });
  setDatabase(database);
  const hub = createMemoryHub();
  setHub(hub);
  const logger = pino({ level: "silent" });
  try {
    const { prisma, sql } = database;
    const account = await prisma.account.create({ data: { key: "bench", name: "Bench", timeZone: "Europe/Berlin" }, select: { id: true } });
    const assets = await sql.query<{ id: number }>(
      `INSERT INTO assets (account_id, name, updated_at) SELECT $1, 'Bench ' || g, now() FROM generate_series(1, $2::int) g RETURNING id`,
      [account.id, CONNECTIONS],
    );
    const assetIds = assets.map((a) => a.id);
    await sql.query(
      `INSERT INTO trackers (account_id, asset_id, imei, updated_at) SELECT $1, i.id, i.imei, now() FROM unnest($2::int[], $3::text[]) AS i(id, imei)`,
      [account.id, assetIds, assetIds.map(imeiOf)],
    );
    for (let i = 1; i <= RECIPIENTS; i++) {
      const user = await prisma.user.create({ data: { email: `manager${i}@bench.test`, name: `Manager ${i}`, passwordHash: "x" } });
      await prisma.membership.create({ data: { accountId: account.id, userId: user.id, role: "fleet_manager" } });
    }
    const rule = await prisma.alertRule.create({
      data: { accountId: account.id, name: "Speeding", type: "OVERSPEED", params: { speed_kmh: 90 }, notify: notify ? { channels: ["in_app"], roles: ["fleet_manager"] } : undefined },
      select: { id: true },
    });

    // when each alert's message was in the inbox and published on the member's private-user channel: the worker's
    // in-app channel is addInboxNotification itself (row, then the hub publish), timed as it resolves
    const storedAt = new Map<number, number>();
    const latencies: number[] = [];
    let lastHeard = 0;
    const addInbox: typeof addInboxNotification = async (input) => {
      const notification = await addInboxNotification(input);
      const stored = storedAt.get((input.refs as { alert_id?: number } | undefined)?.alert_id ?? -1);
      if (stored !== undefined) {
        lastHeard = performance.now();
        latencies.push(lastHeard - stored);
      }
      return notification;
    };

    const port = await freePort();
    const service = await startTrackerService({
      prisma,
      sql,
      hub,
      host: "127.0.0.1",
      teltonikaPort: port,
      embedded: false,
      maxConnectionsPerAddress: 100_000,
      logger,
      geocoder,
    });
    // in-app only; the mailer and SMS provider are there because the worker needs them, never used
    const mailer = createOutboxMailer({ dataDir: tmpdir(), from: "bench@example.test" });
    const sms = createLogSmsProvider({ dataDir: tmpdir() });
    const worker = startNotificationWorker({
      logger,
      mailer: () => mailer,
      sms: () => sms,
      addInbox,
      limits: { perPersonPerHour: Number.MAX_SAFE_INTEGER, perAssetPerHour: Number.MAX_SAFE_INTEGER },
    });
    const lanes = Array.from({ length: LANES }, () => new SerialQueue(logger, "bench alert recording"));
    let alertsStored = 0;
    let queued = 0;
    let firstStored = 0;
    const fire = (n: number) => {
      const assetId = assetIds[n % assetIds.length]!;
      lanes[n % LANES]!.push(async () => {
        const firedAt = Date.now();
        const message = await recordAlert(prisma, {
          accountId: account.id,
          assetId,
          rule: { id: rule.id, name: "Speeding", type: "OVERSPEED" },
          firing: { type: "OVERSPEED", firedAt, message: "Speed 120 km/h over 90 km/h", details: { speedKmh: 120, limitKmh: 90, durationS: 0 } },
          position: null,
        });
        if (!message) return;
        const stored = performance.now();
        storedAt.set(message.id, stored);
        if (firstStored === 0) firstStored = stored;
        alertsStored++;
        await hub.publish("alert", message);
        const count = await queueAlertNotifications(prisma, { id: message.id, accountId: account.id, assetId, ruleId: rule.id, type: "OVERSPEED", firedAt }, Date.now());
        queued += count;
        if (count > 0) wakeNotificationWorker();
      });
    };
    try {
      const load = runLoadProcess<{ ackedRecords: number; errors: number }>("device-load.ts", {
        host: "127.0.0.1",
        port,
        baseTime: Date.now() - 3 * 86_400_000,
        imeis: assetIds.map(imeiOf),
        mode: "flood",
        recordsPerPacket: 10,
        durationMs: RUN_MS,
      }).result;
      // 1,000 alerts a second, in ticks of 10 ms, for as long as the flood lasts
      const started = Date.now();
      let fired = 0;
      const ticker = setInterval(() => {
        const elapsed = Date.now() - started;
        const due = Math.min(ALERTS_PER_S * (RUN_MS / 1000), Math.floor((elapsed / 1000) * ALERTS_PER_S));
        while (fired < due) fire(fired++);
        if (elapsed >= RUN_MS) clearInterval(ticker);
      }, 10);
      const counts = await load;
      clearInterval(ticker);
      const storedDuringFlood = alertsStored;
      for (const lane of lanes) await lane.drain();
      const deadline = Date.now() + DRAIN_MS;
      while (latencies.length < queued && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      return {
        perSecond: counts.ackedRecords / (RUN_MS / 1000),
        alertsStored: storedDuringFlood,
        latencies,
        queued,
        workerSpanMs: lastHeard > firstStored ? lastHeard - firstStored : 0,
      };
    } finally {
      await worker.stop();
      await service.stop();
    }
  } finally {
    setHub(undefined);
    await hub.close();
    setDatabase(undefined);
    await database.close();
    await scratch.drop();
  }
}

const WORKER_ALONE_ALERTS = 200;

/** the worker with nothing else on the machine's database: WORKER_ALONE_ALERTS × 5 in-app messages, messages a second */
async function workerAlone(): Promise<number> {
  const scratch = await createScratchDatabase("fleetline_bench");
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: "" });
  setDatabase(database);
  const hub = createMemoryHub();
  setHub(hub);
  const logger = pino({ level: "silent" });
  try {
    const { prisma } = database;
    const account = await prisma.account.create({ data: { key: "bench", name: "Bench", timeZone: "Europe/Berlin" }, select: { id: true } });
    const asset = await prisma.asset.create({ data: { accountId: account.id, name: "Bench 1" }, select: { id: true } });
    for (let i = 1; i <= RECIPIENTS; i++) {
      const user = await prisma.user.create({ data: { email: `manager${i}@bench.test`, name: `Manager ${i}`, passwordHash: "x" } });
      await prisma.membership.create({ data: { accountId: account.id, userId: user.id, role: "fleet_manager" } });
    }
    const rule = await prisma.alertRule.create({
      data: { accountId: account.id, name: "Speeding", type: "OVERSPEED", params: { speed_kmh: 90 }, notify: { channels: ["in_app"], roles: ["fleet_manager"] } },
      select: { id: true },
    });
    let queued = 0;
    for (let i = 0; i < WORKER_ALONE_ALERTS; i++) {
      const firedAt = Date.now() + i;
      const alert = await prisma.alert.create({
        data: { accountId: account.id, assetId: asset.id, ruleId: rule.id, ruleName: "Speeding", type: "OVERSPEED", firedAt: new Date(firedAt), message: "Speed 120 km/h over 90 km/h", details: {} },
        select: { id: true },
      });
      queued += await queueAlertNotifications(prisma, { id: alert.id, accountId: account.id, assetId: asset.id, ruleId: rule.id, type: "OVERSPEED", firedAt }, Date.now());
    }
    const mailer = createOutboxMailer({ dataDir: tmpdir(), from: "bench@example.test" });
    const sms = createLogSmsProvider({ dataDir: tmpdir() });
    const started = performance.now();
    const worker = startNotificationWorker({
      logger,
      mailer: () => mailer,
      sms: () => sms,
      addInbox: addInboxNotification,
      limits: { perPersonPerHour: Number.MAX_SAFE_INTEGER, perAssetPerHour: Number.MAX_SAFE_INTEGER },
      autostart: false,
    });
    try {
      await worker.drain();
      const seconds = (performance.now() - started) / 1000;
      const inbox = await prisma.inboxNotification.count();
      if (inbox !== queued) throw new Error(`worker alone: ${inbox} of ${queued} messages delivered`);
      process.stderr.write(`notifications: the worker alone delivered ${queued} in-app messages in ${seconds.toFixed(1)} s\n`);
      return queued / seconds;
    } finally {
      await worker.stop();
    }
  } finally {
    setHub(undefined);
    await hub.close();
    setDatabase(undefined);
    await database.close();
    await scratch.drop();
  }
}

export default {
  name: "notifications",
  async run() {
    if (!(await reachable(TEST_POSTGRES_URL))) {
      process.stderr.write(`notifications bench skipped: PostgreSQL not reachable at ${TEST_POSTGRES_URL}\n`);
      return [];
    }
    // 0 rounds: only the worker alone (a quick look at the delivery path)
    if (ROUNDS === 0) return [{ name: "notifications_worker_alone_messages_per_s", value: round(await workerAlone(), 0), unit: "messages/s" }];
    const geocoder = new OfflineGeocoder();
    await geocoder.load();
    const off: number[] = [];
    const on: number[] = [];
    const stored: Record<"off" | "on", number[]> = { off: [], on: [] };
    const latencies: number[] = [];
    let queued = 0;
    let delivered = 0;
    const workerRates: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      for (const notify of i % 2 === 0 ? [false, true] : [true, false]) {
        const result = await side(notify, geocoder);
        (notify ? on : off).push(result.perSecond);
        stored[notify ? "on" : "off"].push(result.alertsStored / (RUN_MS / 1000));
        if (notify) {
          queued += result.queued;
          delivered += result.latencies.length;
          latencies.push(...result.latencies);
          if (result.workerSpanMs > 0) workerRates.push(result.latencies.length / (result.workerSpanMs / 1000));
        } else if (result.queued !== 0) {
          throw new Error(`notifications off but ${result.queued} outbox rows queued`);
        }
        process.stderr.write(
          `notifications: round ${i + 1} notifications ${notify ? "on " : "off"}: ${Math.round(result.perSecond)} positions/s, ` +
            `${result.alertsStored} alerts stored during the flood, ${result.queued} messages queued, ${result.latencies.length} delivered within ${DRAIN_MS / 1000} s after it` +
            (result.latencies.length > 0 ? ` (latency p50 ${Math.round(percentile([...result.latencies].sort((a, b) => a - b), 50))} ms, worker ${Math.round(result.latencies.length / (result.workerSpanMs / 1000))} messages/s)` : "") +
            "\n",
        );
      }
    }
    const sorted = latencies.sort((a, b) => a - b);
    const offMedian = median(off);
    const onMedian = median(on);
    const figures: Figure[] = [
      { name: "notifications_ingest_off_positions_per_s", value: round(offMedian, 0), unit: "positions/s" },
      { name: "notifications_ingest_on_positions_per_s", value: round(onMedian, 0), unit: "positions/s" },
      { name: "notifications_ingest_cost_pct", value: round(((offMedian - onMedian) / offMedian) * 100, 1), unit: "%" },
      { name: "notifications_alerts_stored_off_per_s", value: round(median(stored.off), 0), unit: "alerts/s" },
      { name: "notifications_alerts_stored_on_per_s", value: round(median(stored.on), 0), unit: "alerts/s" },
    ];
    if (sorted.length > 0) {
      const all = delivered === queued;
      const prefix = all ? "notifications_inbox_latency" : "notifications_inbox_latency_delivered";
      figures.push(
        { name: "notifications_inbox_delivered_pct", value: round((delivered / Math.max(1, queued)) * 100, 1), unit: "%" },
        { name: `${prefix}_p50_ms`, value: round(percentile(sorted, 50), 0), unit: "ms" },
        { name: `${prefix}_p99_ms`, value: round(percentile(sorted, 99), 0), unit: "ms" },
      );
    }
    if (workerRates.length > 0) figures.push({ name: "notifications_worker_messages_per_s", value: round(median(workerRates), 0), unit: "messages/s" });
    figures.push({ name: "notifications_worker_alone_messages_per_s", value: round(await workerAlone(), 0), unit: "messages/s" });
    return figures;
  },
} satisfies Bench;
