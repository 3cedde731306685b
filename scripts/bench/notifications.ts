// What alert notifications cost ingest, and how soon an alert reaches an inbox (issue 22: ingest moves by at most 5%,
// alert-to-inbox p99 under 1 s). docs/notifications-speed.md has the figures of a run and how the targets are read.
//
// Each side is one load on a fresh PostgreSQL database, the one the ingest benchmarks share (support/flood.ts): 2,000
// Teltonika devices over real TCP for 10 s, flooding (10-record packets as soon as the last was acknowledged) or
// steady (one record a second each: 2,000 positions a second). In the same 10 s the bench process stores 1,000 alerts a
// second on those assets, paced by the clock alone: every 10 ms the alerts due by then are stored with one insert,
// published on the hub and handed to the evaluation service's own notification queue (AlertNotificationQueue: one
// fan-out row per alert whose rule notifies, in one statement, then the worker woken), so every side carries the same
// alert load. The notification worker runs as on a server on PostgreSQL: a child process at a lower OS priority
// (startNotificationProcess; BENCH_NOTIFICATIONS_WORKER=inline runs it in this process instead), expanding the fan-out
// rows and delivering in-app (addInboxNotifications, then `notification.created` on each member's private-user
// channel, handed over IPC to this process's hub, where the bench hears it). Sides:
//   off     flood; the alerts' rule has no `notify`: alerts are stored, published and queued, nobody is notified
//   on      flood; the rule notifies 5 members in-app: 5 messages an alert, 5,000 a second
//   steady  steady load; the same storm and recipients as "on"
// Rounds run off then on, then on then off …, each followed by steady; a side's figure is its median.
//   notifications_ingest_off_positions_per_s / _on_   positions acknowledged per second under the flood
//   notifications_ingest_cost_pct                      (off − on) / off, in % (target: at most 5)
//   notifications_alerts_stored_off_per_s / _on_       alerts stored a second during the flood (aimed: 1,000)
//   notifications_inbox_delivered_pct                  in-app messages published within DRAIN_MS after the flood,
//                                                      of those queued
//   notifications_inbox_latency_p50_ms / _p99_ms       from the alert stored (its insert resolved) to its message
//                                                      published on the member's private-user channel, under the
//                                                      flood; only when every message was delivered, otherwise
//   notifications_inbox_latency_delivered_p50_ms / _p99_ms   the same over the delivered ones (the rest took longer)
//   notifications_worker_messages_per_s                in-app messages delivered a second during the "on" flood, from
//                                                      the first alert stored to the last message delivered
//   notifications_steady_positions_per_s               positions acknowledged a second on the steady side
//   notifications_steady_inbox_…                       delivered % and latency p50/p99 on the steady side (target p99:
//                                                      under 1 s, as docs/notifications-speed.md reads it)
//   notifications_worker_alone_messages_per_s          the worker (in this process) with nothing else running:
//                                                      WORKER_ALONE_ALERTS alerts' messages queued first, then the
//                                                      worker started and timed until the last is delivered
// The caps (30 messages per person an hour, 5 per vehicle) are lifted for the bench (Infinity): with them, all but the
// first few messages of each member would be held for a summary, and the path to the inbox would not be measured.
import { tmpdir } from "node:os";
import pino from "pino";
import { setDatabase, type Database } from "../../server/db/client";
import { createMemoryHub, setHub, type Hub } from "../../server/hub";
import { createOutboxMailer } from "../../server/mail/outbox-mailer";
import { OfflineGeocoder } from "../../server/modules/geocoding/offline-geocoder";
import { AlertNotificationQueue } from "../../server/modules/notifications/alert-notification-queue";
import { addInboxNotifications } from "../../server/modules/notifications/inbox/add-inbox-notifications";
import { startNotificationWorker, type AddInboxNotifications } from "../../server/modules/notifications/notification-worker";
import { setNotificationWake } from "../../server/modules/notifications/notification-worker-wake";
import { startNotificationProcess } from "../../server/modules/notifications/notification-process-supervisor";
import { env } from "../../server/env";
import { queueAlertsNotifications, type FiredAlertRef } from "../../server/modules/notifications/queue-alert-notifications";
import type { AlertMessage } from "../../server/modules/stream/channel-messages";
import { createLogSmsProvider } from "../../server/sms/log-sms-provider";
import { reachable, TEST_POSTGRES_URL } from "../../server/testing/services";
import { flood, FLOOD_MS, withFloodFleet, type FloodFleet } from "./support/flood";
import { round, type Bench, type Figure } from "./types";

const ALERTS_PER_S = Number(process.env.BENCH_NOTIFICATIONS_ALERTS_PER_S ?? 1_000);
const RECIPIENTS = 5;
/** flood rounds per side; 0 leaves the flood out (only the worker alone) */
const ROUNDS = Number(process.env.BENCH_NOTIFICATIONS_ROUNDS ?? 3);
/** how long after the flood the bench waits for the last in-app messages */
const DRAIN_MS = Number(process.env.BENCH_NOTIFICATIONS_DRAIN_MS ?? 60_000);
const WORKER_ALONE_ALERTS = 2_000;
/** the caps lifted (the worker then has nothing to count: notification-worker.ts decideCaps) */
const NO_CAPS = { perPersonPerHour: Infinity, perAssetPerHour: Infinity };
/** where the worker runs during the floods: "process" (the server's default on PostgreSQL) or "inline" (as before) */
const WORKER = process.env.BENCH_NOTIFICATIONS_WORKER === "inline" ? "inline" : "process";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const logger = pino({ level: "silent" });

/** the account's five in-app recipients and the rule its alerts fire under (notifying them, or nobody) */
async function seedRule(database: Database, accountId: number, notify: boolean): Promise<number> {
  const { prisma } = database;
  for (let i = 1; i <= RECIPIENTS; i++) {
    const user = await prisma.user.create({ data: { email: `manager${i}@bench.test`, name: `Manager ${i}`, passwordHash: "x" } });
    await prisma.membership.create({ data: { accountId, userId: user.id, role: "fleet_manager" } });
  }
  const rule = await prisma.alertRule.create({
    data: { accountId, name: "Speeding", type: "OVERSPEED", params: { speed_kmh: 90 }, notify: notify ? { channels: ["in_app"], roles: ["fleet_manager"] } : undefined },
    select: { id: true },
  });
  return rule.id;
}

/** stores alerts of `ruleId` on `assetIds` with one insert, as fired now; their refs */
async function storeAlerts(database: Database, accountId: number, ruleId: number, assetIds: number[]): Promise<FiredAlertRef[]> {
  const firedAt = Date.now();
  const rows = await database.prisma.alert.createManyAndReturn({
    data: assetIds.map((assetId) => ({
      accountId,
      assetId,
      ruleId,
      ruleName: "Speeding",
      type: "OVERSPEED" as const,
      firedAt: new Date(firedAt),
      message: "Speed 120 km/h over 90 km/h",
      details: { speedKmh: 120, limitKmh: 90, durationS: 0 },
    })),
    select: { id: true, assetId: true },
  });
  return rows.map((row) => ({ id: row.id, accountId, assetId: row.assetId, ruleId, type: "OVERSPEED", firedAt }));
}

/** the notification worker as a server runs it, its in-app channel timed: ms from an alert stored to its message out */
function timedWorker(storedAt: Map<number, number>, autostart: boolean) {
  const latencies: number[] = [];
  let lastHeard = 0;
  const addInboxes: AddInboxNotifications = async (inputs) => {
    await addInboxNotifications(inputs);
    lastHeard = performance.now();
    for (const input of inputs) {
      const stored = storedAt.get((input.refs as { alert_id?: number } | undefined)?.alert_id ?? -1);
      if (stored !== undefined) latencies.push(lastHeard - stored);
    }
  };
  // in-app only; the mailer and SMS provider are there because the worker needs them, never used
  const mailer = createOutboxMailer({ dataDir: tmpdir(), from: "bench@example.test" });
  const sms = createLogSmsProvider({ dataDir: tmpdir() });
  const worker = startNotificationWorker({ logger, mailer: () => mailer, sms: () => sms, addInboxes, limits: NO_CAPS, autostart });
  return { worker, latencies, lastHeard: () => lastHeard };
}

/** the one wait of the bench: until every queued message was heard, or the deadline */
async function untilDelivered(heard: () => number, queued: number, deadline: number): Promise<void> {
  while (heard() < queued && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** installs the fleet's database and a memory hub as the process's (the worker and the inbox use them), for `use` */
async function asProcessDatabase<T>(fleet: FloodFleet, use: (hub: Hub) => Promise<T>): Promise<T> {
  setDatabase(fleet.database);
  const hub = createMemoryHub();
  setHub(hub);
  try {
    return await use(hub);
  } finally {
    setNotificationWake(undefined);
    setHub(undefined);
    await hub.close();
    setDatabase(undefined);
  }
}

interface SideResult {
  perSecond: number;
  /** devices of the load process that failed (a timeout under an overloaded machine) */
  errors: number;
  alertsStored: number;
  /** ms from stored to heard on the private channel, one per message heard */
  latencies: number[];
  queued: number;
  workerSpanMs: number;
}

/**
 * The worker of a side, as the server runs it: a child process at a lower OS priority (WORKER "process": it publishes
 * `notification.created` through the server's hub, where the bench hears it) or in this process (WORKER "inline":
 * addInboxNotifications timed). Either way: ms from an alert stored to its message published.
 */
async function sideWorker(fleet: FloodFleet, hub: Hub, storedAt: Map<number, number>) {
  if (WORKER === "inline") {
    const inline = timedWorker(storedAt, true);
    return { latencies: inline.latencies, lastHeard: inline.lastHeard, stop: () => inline.worker.stop() };
  }
  const latencies: number[] = [];
  let lastHeard = 0;
  const unsubscribe = hub.subscribe("private-channel.message", (message) => {
    const { event, data } = message as { event: string; data: { refs?: { alert_id?: number } } };
    if (event !== "notification.created") return;
    lastHeard = performance.now();
    const stored = storedAt.get(data.refs?.alert_id ?? -1);
    if (stored !== undefined) latencies.push(lastHeard - stored);
  });
  const worker = startNotificationProcess({
    config: { ...env(), DATABASE_URL: fleet.url, DATA_DIR: tmpdir(), LOG_LEVEL: "warn" },
    authSecret: "bench-secret-bench-secret-bench-secret-0123",
    hub,
    logger,
    announceAlert: () => {},
    limits: NO_CAPS,
  });
  await worker.running();
  setNotificationWake(worker.wake);
  return {
    latencies,
    lastHeard: () => lastHeard,
    stop: async () => {
      await worker.stop();
      unsubscribe();
    },
  };
}

async function side(notify: boolean, load: "flood" | "steady", geocoder: OfflineGeocoder): Promise<SideResult> {
  return withFloodFleet("38", (fleet) =>
    asProcessDatabase(fleet, async (hub) => {
      const { database, accountId, assetIds } = fleet;
      const ruleId = await seedRule(database, accountId, notify);
      const storedAt = new Map<number, number>();
      const worker = await sideWorker(fleet, hub, storedAt);
      const { latencies, lastHeard } = worker;
      const queue = new AlertNotificationQueue({ prisma: database.prisma, logger, now: Date.now });
      let alertsStored = 0;
      let firstStored = 0;
      const storing = new Set<Promise<void>>();
      const fire = (from: number, to: number) => {
        const assets = Array.from({ length: to - from }, (_, i) => assetIds[(from + i) % assetIds.length]!);
        const job = storeAlerts(database, accountId, ruleId, assets)
          .then(async (alerts) => {
            const stored = performance.now();
            if (firstStored === 0) firstStored = stored;
            alertsStored += alerts.length;
            for (const alert of alerts) {
              storedAt.set(alert.id, stored);
              const message = { version: 1, ...alert, rule: { id: ruleId, name: "Speeding", type: "OVERSPEED" }, message: "Speed 120 km/h over 90 km/h", position: null, details: { speedKmh: 120, limitKmh: 90, durationS: 0 } } as AlertMessage;
              await hub.publish("alert", message);
              // as the evaluation service's recorder: every alert is handed over (the queue keeps those whose rule notifies)
              queue.push(alert);
            }
          })
          // an insert refused under the load (a connection that timed out) is counted out, not a crash of the bench
          .catch((error: unknown) => void process.stderr.write(`notifications: ${to - from} alerts not stored: ${String(error).split("\n")[0]}\n`))
          .finally(() => storing.delete(job));
        storing.add(job);
      };
      try {
        // 1,000 alerts a second, in ticks of 10 ms, from when the flood is started until FLOOD_MS later: each tick
        // stores what is due by the clock, without waiting for the ticks before it
        const started = Date.now();
        let fired = 0;
        const total = ALERTS_PER_S * (FLOOD_MS / 1000);
        const ticker = setInterval(() => {
          const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * ALERTS_PER_S));
          if (due > fired) fire(fired, (fired = due));
          if (fired >= total) clearInterval(ticker);
        }, 10);
        const counts = await flood(fleet, { hub, geocoder, load });
        clearInterval(ticker);
        const storedDuringFlood = alertsStored;
        while (storing.size > 0) await Promise.all([...storing]);
        await queue.drain();
        // the messages the fan-out rows stand for: five an alert whose rule notifies
        const expected = notify ? alertsStored * RECIPIENTS : 0;
        await untilDelivered(() => latencies.length, expected, Date.now() + DRAIN_MS);
        const queued = await database.prisma.notificationDelivery.count({ where: { kind: "alert" } });
        return {
          perSecond: counts.perSecond,
          errors: counts.errors,
          alertsStored: storedDuringFlood,
          latencies,
          queued: Math.max(queued, expected),
          workerSpanMs: lastHeard() > firstStored ? lastHeard() - firstStored : 0,
        };
      } finally {
        await worker.stop();
      }
    }),
  );
}

/** the worker with nothing else on the machine's database: WORKER_ALONE_ALERTS × 5 in-app messages, messages a second */
async function workerAlone(): Promise<number> {
  return withFloodFleet("39", (fleet) =>
    asProcessDatabase(fleet, async () => {
      const { database, accountId, assetIds } = fleet;
      const ruleId = await seedRule(database, accountId, true);
      const alerts = await storeAlerts(database, accountId, ruleId, Array.from({ length: WORKER_ALONE_ALERTS }, (_, i) => assetIds[i % assetIds.length]!));
      const queued = await queueAlertsNotifications(database.prisma, alerts, Date.now());
      const { worker, latencies } = timedWorker(new Map(alerts.map((a) => [a.id, performance.now()])), false);
      const started = performance.now();
      try {
        await worker.drain();
        await untilDelivered(() => latencies.length, queued, Date.now() + DRAIN_MS);
        const seconds = (performance.now() - started) / 1000;
        const inbox = await database.prisma.inboxNotification.count();
        if (inbox !== queued) throw new Error(`worker alone: ${inbox} of ${queued} messages delivered`);
        process.stderr.write(`notifications: the worker alone delivered ${queued} in-app messages in ${seconds.toFixed(1)} s\n`);
        return queued / seconds;
      } finally {
        await worker.stop();
      }
    }),
  );
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
    const steady = { perSecond: [] as number[], latencies: [] as number[], queued: 0, delivered: 0 };
    for (let i = 0; i < ROUNDS; i++) {
      for (const notify of i % 2 === 0 ? [false, true] : [true, false]) {
        const result = await side(notify, "flood", geocoder);
        (notify ? on : off).push(result.perSecond);
        stored[notify ? "on" : "off"].push(result.alertsStored / (FLOOD_MS / 1000));
        if (notify) {
          queued += result.queued;
          delivered += result.latencies.length;
          latencies.push(...result.latencies);
          if (result.workerSpanMs > 0) workerRates.push(result.latencies.length / (result.workerSpanMs / 1000));
        } else if (result.queued !== 0) {
          throw new Error(`notifications off but ${result.queued} outbox rows queued`);
        }
        const sorted = [...result.latencies].sort((a, b) => a - b);
        process.stderr.write(
          `notifications: round ${i + 1} notifications ${notify ? "on " : "off"}: ${Math.round(result.perSecond)} positions/s (${result.errors} devices failed), ` +
            `${result.alertsStored} alerts stored during the flood, ${result.queued} messages queued, ${result.latencies.length} delivered within ${DRAIN_MS / 1000} s after it` +
            (sorted.length > 0
              ? ` (latency p50 ${Math.round(percentile(sorted, 50))} ms, p99 ${Math.round(percentile(sorted, 99))} ms, worker ${Math.round(result.latencies.length / (result.workerSpanMs / 1000))} messages/s)`
              : "") +
            "\n",
        );
      }
      // the same storm under a steady 2,000 positions a second (each device one record a second): the latency a fleet
      // in ordinary service sees while an alert storm is queued (docs/notifications-speed.md "Reading the targets")
      const result = await side(true, "steady", geocoder);
      steady.perSecond.push(result.perSecond);
      steady.queued += result.queued;
      steady.delivered += result.latencies.length;
      steady.latencies.push(...result.latencies);
      const sortedSteady = [...result.latencies].sort((a, b) => a - b);
      process.stderr.write(
        `notifications: round ${i + 1} steady load, notifications on: ${Math.round(result.perSecond)} positions/s (${result.errors} devices failed), ${result.alertsStored} alerts stored, ` +
          `${result.queued} messages queued, ${result.latencies.length} delivered` +
          (sortedSteady.length > 0 ? ` (latency p50 ${Math.round(percentile(sortedSteady, 50))} ms, p99 ${Math.round(percentile(sortedSteady, 99))} ms)` : "") +
          "\n",
      );
    }
    const sorted = latencies.sort((a, b) => a - b);
    const offMedian = median(off);
    const onMedian = median(on);
    const figures: Figure[] = [
      { name: "notifications_ingest_off_positions_per_s", value: round(offMedian, 0), unit: "positions/s" },
      { name: "notifications_ingest_on_positions_per_s", value: round(onMedian, 0), unit: "positions/s" },
      ...(offMedian > 0 ? [{ name: "notifications_ingest_cost_pct", value: round(((offMedian - onMedian) / offMedian) * 100, 1), unit: "%" }] : []),
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
    const sortedSteady = steady.latencies.sort((a, b) => a - b);
    figures.push({ name: "notifications_steady_positions_per_s", value: round(median(steady.perSecond), 0), unit: "positions/s" });
    if (sortedSteady.length > 0) {
      const prefix = steady.delivered === steady.queued ? "notifications_steady_inbox_latency" : "notifications_steady_inbox_latency_delivered";
      figures.push(
        { name: "notifications_steady_inbox_delivered_pct", value: round((steady.delivered / Math.max(1, steady.queued)) * 100, 1), unit: "%" },
        { name: `${prefix}_p50_ms`, value: round(percentile(sortedSteady, 50), 0), unit: "ms" },
        { name: `${prefix}_p99_ms`, value: round(percentile(sortedSteady, 99), 0), unit: "ms" },
      );
    }
    figures.push({ name: "notifications_worker_alone_messages_per_s", value: round(await workerAlone(), 0), unit: "messages/s" });
    return figures;
  },
} satisfies Bench;
