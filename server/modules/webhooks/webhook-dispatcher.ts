// Delivers announced webhook events (spec, Events: Webhooks; docs/webhooks.md). Installed at server start as the
// announcer behind `emitWebhookEvent`, so the request that caused an event never waits for a receiver:
//
//   announce (sync, O(1)) -> pending events -> find the account's webhooks subscribed to the event (one query)
//     -> pending deliveries -> per webhook: decrypt the secret, check the address again (DNS now, SSRF guard),
//        one signed POST (sendWebhook, 5 s), never retried -> one WebhookDelivery row, whatever happened
//
// Bounded: at most `maxPending` events and deliveries wait, at most `concurrency` tasks run at once. An event
// announced while the queue is full is dropped; drops are counted per webhook target and written to the delivery
// log once a second as one summary row per webhook ("not sent: N events dropped ..."), and logged, sampled. On stop,
// what has not started is recorded the same way ("the server was stopping") and in-flight attempts get a short grace.
// Events live in this process's memory only: a crash loses what was pending (at most once, never twice).
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { db } from "../../db/client";
import { sendWebhook, WEBHOOK_TIMEOUT_MS, type DeliveryOutcome } from "./send-webhook";
import { checkWebhookDestination, type Destination } from "./webhook-destination";
import type { WebhookAnnouncer, WebhookEvent, WebhookTarget } from "./webhook-events";
import { buildWebhookBody, type WebhookEventData } from "./webhook-payload";
import { decryptWebhookSecret } from "./webhook-secret";
import { metrics } from "../../metrics/registry";

export const DISPATCHER_DEFAULTS = {
  /** events and deliveries waiting to start */
  maxPending: 10_000,
  /** lookups and deliveries running at once */
  concurrency: 32,
  /** how long stop() waits for attempts under way (each ends within its own 5 s) */
  stopGraceMs: 6_000,
  /** DNS answer for the address check (the lookup is cancelled then); the receiver's 5 s start after it */
  destinationCheckMs: 5_000,
  /** dropped events are written to the delivery log this often, as one summary row per webhook */
  dropRecordEveryMs: 1_000,
  /** a "dropped" warning at most this often */
  dropLogEveryMs: 10_000,
} as const;

/** distinct (account, event, target, reason) drop counters kept; beyond it drops are only counted and logged */
const MAX_DROP_KEYS = 10_000;

export interface DispatcherOptions {
  logger: Logger;
  /** WEBHOOK_ALLOW_PRIVATE: receivers on loopback and private addresses are allowed */
  allowPrivate: boolean;
  maxPending?: number;
  concurrency?: number;
  /** the receiver's time to answer (tests shorten it) */
  timeoutMs?: number;
  stopGraceMs?: number;
  /** the address check's DNS time (tests shorten it) */
  destinationCheckMs?: number;
  /** name servers for the address check ("127.0.0.1:5353"; tests); default: the system's */
  dnsServers?: string[];
}

export interface DispatcherStats {
  /** events and deliveries waiting to start */
  pending: number;
  /** tasks running */
  inFlight: number;
  /** attempts made and logged since start */
  attempted: number;
  /** events dropped since start (queue full or stopping) */
  dropped: number;
}

export interface WebhookDispatcher {
  announce: WebhookAnnouncer;
  stats(): DispatcherStats;
  /** resolves once nothing is pending, running or waiting to be recorded (tests, benchmarks) */
  idle(): Promise<void>;
  /** stops taking events, lets attempts under way finish (briefly), records the rest as not sent */
  stop(): Promise<void>;
}

interface PendingEvent {
  accountId: number;
  event: WebhookEvent;
  data: Record<string, unknown>;
  eventId: string;
  createdAt: Date;
  webhookId?: number;
}

interface PendingDelivery {
  accountId: number;
  webhookId: number;
  url: string;
  secretEncrypted: string;
  event: WebhookEvent;
  eventId: string;
  rawBody: string;
}

interface DropCount {
  accountId: number;
  event: WebhookEvent;
  webhookId?: number;
  reason: string;
  count: number;
}

/** delivered: the receiver answered 2xx; failed: another status or no answer; not_sent: refused before sending */
function deliveryOutcomeLabel(outcome: DeliveryOutcome, sent: boolean): "delivered" | "failed" | "not_sent" {
  if (!sent) return "not_sent";
  return outcome.responseCode !== null && outcome.responseCode >= 200 && outcome.responseCode < 300 ? "delivered" : "failed";
}

const QUEUE_FULL = "while the delivery queue was full";
const STOPPING = "while the server was stopping";

export function startWebhookDispatcher(options: DispatcherOptions): WebhookDispatcher {
  const { logger, allowPrivate } = options;
  const maxPending = options.maxPending ?? DISPATCHER_DEFAULTS.maxPending;
  const concurrency = options.concurrency ?? DISPATCHER_DEFAULTS.concurrency;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;

  const events: PendingEvent[] = [];
  const deliveries: PendingDelivery[] = [];
  const drops = new Map<string, DropCount>();
  const running = new Set<Promise<void>>();
  let inFlight = 0;
  let attempted = 0;
  let dropped = 0;
  let stopping = false;
  let dropTimer: NodeJS.Timeout | null = null;
  let droppedSinceLog = 0;
  let lastDropLog = 0;
  let idleWaiters: Array<() => void> = [];

  const pendingCount = () => events.length + deliveries.length;
  const isIdle = () => pendingCount() === 0 && inFlight === 0 && running.size === 0 && drops.size === 0 && dropTimer === null;

  function settleIdle() {
    if (!isIdle()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** keeps a task's promise until it ends, so idle() and stop() can wait for it */
  function track(task: Promise<void>) {
    running.add(task);
    void task.finally(() => {
      running.delete(task);
      settleIdle();
    });
  }

  function noteDrop(entry: Omit<DropCount, "count">, count = 1) {
    dropped += count;
    droppedSinceLog += count;
    const key = `${entry.accountId}|${entry.event}|${entry.webhookId ?? "*"}|${entry.reason}`;
    const existing = drops.get(key);
    if (existing) existing.count += count;
    else if (drops.size < MAX_DROP_KEYS) drops.set(key, { ...entry, count });
    const now = Date.now();
    if (now - lastDropLog >= DISPATCHER_DEFAULTS.dropLogEveryMs) {
      logger.warn({ dropped: droppedSinceLog, pending: pendingCount(), reason: entry.reason }, "webhook events dropped");
      droppedSinceLog = 0;
      lastDropLog = now;
    }
    if (!stopping && dropTimer === null) {
      dropTimer = setTimeout(() => {
        dropTimer = null;
        track(recordDrops());
      }, DISPATCHER_DEFAULTS.dropRecordEveryMs);
      dropTimer.unref();
    }
  }

  const announce: WebhookAnnouncer = (accountId, event, data, target?: WebhookTarget) => {
    const pendingEvent = { accountId, event, data, eventId: target?.eventId ?? randomUUID(), createdAt: new Date(), webhookId: target?.webhookId };
    if (stopping) return void noteDrop({ accountId, event, webhookId: target?.webhookId, reason: STOPPING });
    if (pendingCount() >= maxPending) return void noteDrop({ accountId, event, webhookId: target?.webhookId, reason: QUEUE_FULL });
    events.push(pendingEvent);
    pump();
  };

  /** starts waiting work while there is room: deliveries first (they drain the queue), then lookups */
  function pump() {
    while (!stopping && inFlight < concurrency) {
      const delivery = deliveries.shift();
      if (delivery) {
        run(() => deliver(delivery));
        continue;
      }
      const event = events.shift();
      if (!event) break;
      run(() => resolveEvent(event));
    }
    settleIdle();
  }

  function run(task: () => Promise<void>) {
    inFlight++;
    track(
      task()
        .catch((error) => logger.error({ err: error }, "webhook task failed"))
        .finally(() => {
          inFlight--;
          pump();
        }),
    );
  }

  /** the webhooks the event goes to, each queued with the one body every one of them is sent */
  async function resolveEvent(pending: PendingEvent) {
    const hooks = await db().webhook.findMany({
      where:
        pending.webhookId !== undefined
          ? { id: pending.webhookId, accountId: pending.accountId }
          : { accountId: pending.accountId, events: { has: pending.event } },
      select: { id: true, url: true, secretEncrypted: true, account: { select: { key: true } } },
      orderBy: { id: "asc" },
    });
    if (hooks.length === 0) return;
    const rawBody = buildWebhookBody({
      eventId: pending.eventId,
      event: pending.event,
      createdAt: pending.createdAt,
      accountKey: hooks[0]!.account.key,
      data: pending.data as unknown as WebhookEventData[WebhookEvent],
    });
    // never dropped here: an account has at most 20 webhooks, so the queue overshoots its cap by a bounded amount
    for (const hook of hooks) {
      deliveries.push({
        accountId: pending.accountId,
        webhookId: hook.id,
        url: hook.url,
        secretEncrypted: hook.secretEncrypted,
        event: pending.event,
        eventId: pending.eventId,
        rawBody,
      });
    }
  }

  /** one attempt, always logged */
  async function deliver(delivery: PendingDelivery) {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let outcome: DeliveryOutcome;
    let sent = false;
    try {
      const secret = decryptWebhookSecret(delivery.secretEncrypted, delivery.accountId);
      const destination = await checkDestination(delivery);
      sent = destination.ok;
      outcome = destination.ok
        ? // the duration logged is the whole attempt's, the address check included
          { ...(await sendWebhook({ destination, event: delivery.event, rawBody: delivery.rawBody, secret, timeoutMs })), durationMs: elapsed() }
        : { responseCode: null, durationMs: elapsed(), error: `not sent, address refused: ${destination.reason}` };
    } catch (error) {
      logger.error({ err: error, webhookId: delivery.webhookId }, "webhook delivery failed before sending");
      outcome = { responseCode: null, durationMs: elapsed(), error: `not sent: ${error instanceof Error ? error.message : "internal error"}` };
    }
    attempted++;
    metrics().webhookDeliveries.inc({ outcome: deliveryOutcomeLabel(outcome, sent) });
    logger.debug({ webhookId: delivery.webhookId, event: delivery.event, eventId: delivery.eventId, ...outcome }, "webhook attempt");
    await recordAttempt(delivery, outcome);
  }

  /** the address check: DNS now (cancelled at its deadline, off the thread pool), the SSRF guard */
  function checkDestination(delivery: PendingDelivery): Promise<Destination> {
    return checkWebhookDestination(delivery.url, {
      allowPrivate,
      lookup: { timeoutMs: options.destinationCheckMs ?? DISPATCHER_DEFAULTS.destinationCheckMs, accountId: delivery.accountId, servers: options.dnsServers },
    });
  }

  async function recordAttempt(delivery: PendingDelivery, outcome: DeliveryOutcome) {
    try {
      await db().webhookDelivery.create({
        data: {
          webhookId: delivery.webhookId,
          eventId: delivery.eventId,
          event: delivery.event,
          responseCode: outcome.responseCode,
          durationMs: outcome.durationMs,
          error: outcome.error,
        },
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) return; // the webhook was deleted meanwhile, and its log with it
      logger.error({ err: error, webhookId: delivery.webhookId }, "webhook delivery could not be logged");
    }
  }

  /** writes what was dropped since the last time: one row per webhook and (event, reason) */
  async function recordDrops() {
    const entries = [...drops.values()];
    drops.clear();
    for (const entry of entries) {
      try {
        const hooks = await db().webhook.findMany({
          where:
            entry.webhookId !== undefined
              ? { id: entry.webhookId, accountId: entry.accountId }
              : { accountId: entry.accountId, events: { has: entry.event } },
          select: { id: true },
        });
        if (hooks.length === 0) continue;
        const what = entry.count === 1 ? `1 ${entry.event} event` : `${entry.count} ${entry.event} events`;
        await db().webhookDelivery.createMany({
          data: hooks.map((hook) => ({
            webhookId: hook.id,
            eventId: randomUUID(),
            event: entry.event,
            responseCode: null,
            durationMs: 0,
            error: `not sent: ${what} dropped ${entry.reason}`,
          })),
        });
      } catch (error) {
        logger.error({ err: error, accountId: entry.accountId }, "dropped webhook events could not be logged");
      }
    }
  }

  return {
    announce,
    stats: () => ({ pending: pendingCount(), inFlight, attempted, dropped }),
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      }),
    async stop() {
      if (stopping) return;
      stopping = true;
      if (dropTimer) clearTimeout(dropTimer);
      dropTimer = null;
      for (const event of events.splice(0)) noteDrop({ accountId: event.accountId, event: event.event, webhookId: event.webhookId, reason: STOPPING });
      for (const delivery of deliveries.splice(0)) {
        noteDrop({ accountId: delivery.accountId, event: delivery.event, webhookId: delivery.webhookId, reason: STOPPING });
      }
      const grace = options.stopGraceMs ?? DISPATCHER_DEFAULTS.stopGraceMs;
      let graceTimer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<"late">((resolve) => (graceTimer = setTimeout(() => resolve("late"), grace)));
      const finished = await Promise.race([Promise.allSettled([...running]).then(() => "done" as const), graceOver]);
      clearTimeout(graceTimer);
      if (finished === "late") logger.warn({ inFlight }, "webhook deliveries still under way at shutdown are not logged");
      // lookups that ended during the grace queued deliveries that will not start now
      for (const delivery of deliveries.splice(0)) {
        noteDrop({ accountId: delivery.accountId, event: delivery.event, webhookId: delivery.webhookId, reason: STOPPING });
      }
      if (drops.size > 0) await recordDrops();
      settleIdle();
    },
  };
}

/** Prisma's foreign-key violation (P2003), on PostgreSQL and PGlite alike */
function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2003";
}
