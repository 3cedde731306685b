// Delivers announced webhook events (spec, Events: Webhooks; docs/webhooks.md). Installed at server start as the
// announcer behind `emitWebhookEvent`, so the request that caused an event never waits for a receiver:
//
//   announce (sync, O(1)) -> the account's pending events -> find the account's webhooks subscribed to the event
//     (one query) -> the account's pending deliveries -> per webhook: decrypt the secret, check the address again
//     (DNS now, SSRF guard), one signed POST (sendWebhook, 5 s), never retried -> one WebhookDelivery row, whatever
//     happened
//
// Fair between accounts: each account has its own queue, and the node's `concurrency` slots are handed to the
// accounts with waiting work in turn (round-robin), each account holding at most `maxInFlightPerAccount` of them. A
// tenant whose receivers answer slowly fills its own slots and its own share of the queue; other accounts' events
// start as soon as any slot comes free.
//
// Bounded: at most `maxPendingPerAccount` events and deliveries of one account wait, and `maxPending` of all. An event
// announced while its account's share (or the whole queue) is full is dropped; drops are counted per webhook target
// and written to the delivery log once a second as one summary row per webhook ("not sent: N events dropped ..."),
// and logged, sampled. On stop, what has not started is recorded the same way ("the server was stopping") and
// in-flight attempts get a short grace. Events live in this process's memory only: a crash loses what was pending
// (at most once, never twice).
//
// In order where it matters: events announced with the same `orderKey` (a school run's events) wait in a line of their
// own behind the one under way, which is sent to all its webhooks before the next is let into the account's queue.
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
  /** events and deliveries waiting to start, all accounts together */
  maxPending: 10_000,
  /** events and deliveries of one account waiting to start: its share of maxPending */
  maxPendingPerAccount: 1_000,
  /** lookups and deliveries running at once */
  concurrency: 32,
  /** lookups and deliveries of one account running at once */
  maxInFlightPerAccount: 4,
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
  maxPendingPerAccount?: number;
  concurrency?: number;
  maxInFlightPerAccount?: number;
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
  /**
   * resolves once nothing is pending, running or waiting to be recorded (tests, benchmarks); given an account, once
   * nothing of that account is pending or running
   */
  idle(accountId?: number): Promise<void>;
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
  orderKey?: string;
  /** deliveries of this event not yet ended (ordered events: the next in line waits for none) */
  remaining: number;
}

interface PendingDelivery {
  accountId: number;
  webhookId: number;
  url: string;
  secretEncrypted: string;
  event: WebhookEvent;
  eventId: string;
  rawBody: string;
  /** the event it is part of */
  source: PendingEvent;
}

/** one account's waiting work and the slots it holds */
interface AccountQueue {
  accountId: number;
  events: PendingEvent[];
  deliveries: PendingDelivery[];
  inFlight: number;
  /** events waiting in an order line behind one of their key under way (counted in its share) */
  parked: number;
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
  const maxPendingPerAccount = options.maxPendingPerAccount ?? DISPATCHER_DEFAULTS.maxPendingPerAccount;
  const concurrency = options.concurrency ?? DISPATCHER_DEFAULTS.concurrency;
  const maxInFlightPerAccount = options.maxInFlightPerAccount ?? DISPATCHER_DEFAULTS.maxInFlightPerAccount;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;

  /** accounts with work waiting or running; an account leaves when it has neither */
  const accounts = new Map<number, AccountQueue>();
  /** accounts with work waiting and a slot of their own free, in turn order (a Set iterates in insertion order) */
  const ready = new Set<AccountQueue>();
  const drops = new Map<string, DropCount>();
  /** per order key with an event under way: the events waiting behind it, in the order announced */
  const lines = new Map<string, PendingEvent[]>();
  const running = new Set<Promise<void>>();
  let pending = 0;
  let inFlight = 0;
  let attempted = 0;
  let dropped = 0;
  let stopping = false;
  let dropTimer: NodeJS.Timeout | null = null;
  let droppedSinceLog = 0;
  let lastDropLog = 0;
  let idleWaiters: Array<{ accountId?: number; resolve: () => void }> = [];

  const waiting = (queue: AccountQueue) => queue.events.length + queue.deliveries.length;
  const isIdle = () => pending === 0 && inFlight === 0 && running.size === 0 && drops.size === 0 && dropTimer === null;

  function settleIdle() {
    if (idleWaiters.length === 0) return;
    const idle = isIdle();
    const still: typeof idleWaiters = [];
    for (const waiter of idleWaiters) {
      if (waiter.accountId === undefined ? idle : !accounts.has(waiter.accountId)) waiter.resolve();
      else still.push(waiter);
    }
    idleWaiters = still;
  }

  function queueOf(accountId: number): AccountQueue {
    let queue = accounts.get(accountId);
    if (!queue) accounts.set(accountId, (queue = { accountId, events: [], deliveries: [], inFlight: 0, parked: 0 }));
    return queue;
  }

  /** puts the account in line (at the back, unless it is in line already), or lets it go when it has nothing left */
  function review(queue: AccountQueue) {
    if (waiting(queue) > 0 && queue.inFlight < maxInFlightPerAccount) ready.add(queue);
    else ready.delete(queue);
    if (waiting(queue) === 0 && queue.inFlight === 0 && queue.parked === 0) accounts.delete(queue.accountId);
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
      logger.warn({ dropped: droppedSinceLog, pending, accountId: entry.accountId, reason: entry.reason }, "webhook events dropped");
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
    const pendingEvent: PendingEvent = {
      accountId,
      event,
      data,
      eventId: target?.eventId ?? randomUUID(),
      createdAt: target?.createdAt ?? new Date(),
      webhookId: target?.webhookId,
      orderKey: target?.orderKey,
      remaining: 0,
    };
    if (stopping) return void noteDrop({ accountId, event, webhookId: target?.webhookId, reason: STOPPING });
    const queued = accounts.get(accountId);
    // a full share drops the account's own event, whoever else is waiting
    if (pending >= maxPending || (queued && waiting(queued) + queued.parked >= maxPendingPerAccount)) {
      return void noteDrop({ accountId, event, webhookId: target?.webhookId, reason: QUEUE_FULL });
    }
    const queue = queued ?? queueOf(accountId);
    pending++;
    const line = pendingEvent.orderKey === undefined ? undefined : lines.get(pendingEvent.orderKey);
    if (line) {
      line.push(pendingEvent); // behind the event of its key under way
      queue.parked++;
      return;
    }
    if (pendingEvent.orderKey !== undefined) lines.set(pendingEvent.orderKey, []);
    queue.events.push(pendingEvent);
    review(queue);
    pump();
  };

  /**
   * starts waiting work while there are free slots: one task of the account first in line, which then goes to the
   * back of the line; within an account deliveries first (they drain its queue), then lookups
   */
  function pump() {
    while (!stopping && inFlight < concurrency) {
      const queue = ready.values().next().value;
      if (!queue) break;
      ready.delete(queue);
      const delivery = queue.deliveries.shift();
      const event = delivery ? undefined : queue.events.shift();
      pending--;
      run(queue, delivery ? () => deliver(delivery) : () => resolveEvent(queue, event!));
      review(queue);
    }
    settleIdle();
  }

  function run(queue: AccountQueue, task: () => Promise<void>) {
    inFlight++;
    queue.inFlight++;
    track(
      task()
        .catch((error) => logger.error({ err: error, accountId: queue.accountId }, "webhook task failed"))
        .finally(() => {
          inFlight--;
          queue.inFlight--;
          review(queue);
          pump();
        }),
    );
  }

  /** an event has been sent to all its webhooks: the next of its order line (if any) goes into its account's queue */
  function release(done: PendingEvent) {
    if (done.orderKey === undefined) return;
    const line = lines.get(done.orderKey);
    const next = line?.shift();
    if (!next) return void lines.delete(done.orderKey);
    const queue = queueOf(next.accountId);
    queue.parked--;
    queue.events.push(next);
    review(queue);
  }

  /** the webhooks the event goes to, each queued with the one body every one of them is sent */
  async function resolveEvent(queue: AccountQueue, pendingEvent: PendingEvent) {
    try {
      await queueDeliveries(queue, pendingEvent);
    } catch (error) {
      release(pendingEvent); // a lookup that failed must not hold its line
      throw error;
    }
    if (pendingEvent.remaining === 0) release(pendingEvent);
  }

  async function queueDeliveries(queue: AccountQueue, pendingEvent: PendingEvent) {
    const hooks = await db().webhook.findMany({
      where:
        pendingEvent.webhookId !== undefined
          ? { id: pendingEvent.webhookId, accountId: pendingEvent.accountId }
          : { accountId: pendingEvent.accountId, events: { has: pendingEvent.event } },
      select: { id: true, url: true, secretEncrypted: true, account: { select: { key: true } } },
      orderBy: { id: "asc" },
    });
    if (hooks.length === 0) return;
    const rawBody = buildWebhookBody({
      eventId: pendingEvent.eventId,
      event: pendingEvent.event,
      createdAt: pendingEvent.createdAt,
      accountKey: hooks[0]!.account.key,
      data: pendingEvent.data as unknown as WebhookEventData[WebhookEvent],
    });
    // never dropped here: an account has at most 20 webhooks, so its queue overshoots its share by a bounded amount
    pendingEvent.remaining = hooks.length;
    for (const hook of hooks) {
      pending++;
      queue.deliveries.push({
        accountId: pendingEvent.accountId,
        webhookId: hook.id,
        url: hook.url,
        secretEncrypted: hook.secretEncrypted,
        event: pendingEvent.event,
        eventId: pendingEvent.eventId,
        rawBody,
        source: pendingEvent,
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
    if (--delivery.source.remaining === 0) release(delivery.source);
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

  /** everything waiting, recorded as not sent because the server is stopping */
  function dropWaiting() {
    for (const line of lines.values()) {
      for (const item of line) noteDrop({ accountId: item.accountId, event: item.event, webhookId: item.webhookId, reason: STOPPING });
    }
    lines.clear();
    for (const queue of accounts.values()) {
      queue.parked = 0;
      for (const item of [...queue.events.splice(0), ...queue.deliveries.splice(0)]) {
        noteDrop({ accountId: item.accountId, event: item.event, webhookId: item.webhookId, reason: STOPPING });
      }
      review(queue);
    }
    pending = 0;
  }

  return {
    announce,
    stats: () => ({ pending, inFlight, attempted, dropped }),
    idle: (accountId?: number) =>
      new Promise<void>((resolve) => {
        idleWaiters.push({ accountId, resolve });
        settleIdle();
      }),
    async stop() {
      if (stopping) return;
      stopping = true;
      if (dropTimer) clearTimeout(dropTimer);
      dropTimer = null;
      dropWaiting();
      const grace = options.stopGraceMs ?? DISPATCHER_DEFAULTS.stopGraceMs;
      let graceTimer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<"late">((resolve) => (graceTimer = setTimeout(() => resolve("late"), grace)));
      const finished = await Promise.race([Promise.allSettled([...running]).then(() => "done" as const), graceOver]);
      clearTimeout(graceTimer);
      if (finished === "late") logger.warn({ inFlight }, "webhook deliveries still under way at shutdown are not logged");
      // lookups that ended during the grace queued deliveries that will not start now
      dropWaiting();
      if (drops.size > 0) await recordDrops();
      settleIdle();
    },
  };
}

/** Prisma's foreign-key violation (P2003), on PostgreSQL and PGlite alike */
function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2003";
}
