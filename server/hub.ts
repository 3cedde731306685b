// The event hub: domain code publishes facts here and never talks to a socket; gateways subscribe.
// In one process it is an in-memory emitter; with REDIS_URL it is Redis pub/sub, so an event published on node A
// reaches subscribers on node B. Both deliver asynchronously, so publishers never run subscriber code inline.
import { EventEmitter } from "node:events";
import { createClient } from "redis";
import { REDIS_TIMEOUTS, redisClientOptions } from "./redis-options";
import { closeRedisClient } from "./redis-close";
import { withTimeout } from "./deadlines";

/**
 * Every hub event and its payload. The mechanism in this file names none of them: the catalogue is
 * server/hub-events.ts, which adds the events to this interface (declaration merging), so the hub, a core module,
 * imports no domain type while every publisher and subscriber still sees one typed map.
 */
export interface HubEvents {}

export type HubEventName = keyof HubEvents;
export type HubHandler<E extends HubEventName> = (payload: HubEvents[E]) => void;

export interface Hub {
  readonly kind: "memory" | "redis";
  publish<E extends HubEventName>(event: E, payload: HubEvents[E]): Promise<void>;
  /** returns the unsubscribe function */
  subscribe<E extends HubEventName>(event: E, handler: HubHandler<E>): () => void;
  /** resolves once every subscription made so far is live (Redis confirms subscriptions asynchronously) */
  ready(): Promise<void>;
  /** false while a connection to Redis is down (always true in memory) */
  connected(): boolean;
  /** resolves when Redis answers a PING (at once in memory); rejects when it does not */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryHub(): Hub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: "memory",
    async publish(event, payload) {
      // Subscribers share the one payload object (no copy: positions are published thousands of times a second);
      // they treat payloads as read-only, as they would receive fresh copies through Redis.
      queueMicrotask(() => emitter.emit(event, payload));
    },
    subscribe(event, handler) {
      emitter.on(event, handler as (payload: unknown) => void);
      return () => emitter.off(event, handler as (payload: unknown) => void);
    },
    async ready() {},
    connected: () => true,
    async ping() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL_PREFIX = "fleetline:hub:";

export async function createRedisHub(url: string, options: { onError?: (error: Error) => void } = {}): Promise<Hub> {
  // no offline queue for publishing: during an outage a publish fails at once instead of waiting, unbounded, for the
  // reconnect; publishers choose what to do (ingest retries through its own bounded queue, announcements are logged)
  // (and a publish without an answer fails after a few seconds: redis-options.ts)
  const publisher = createClient(redisClientOptions(url));
  const subscriber = createClient(redisClientOptions(url, "subscriber"));
  const onError = options.onError ?? (() => {});
  publisher.on("error", onError);
  subscriber.on("error", onError);
  await Promise.all([publisher.connect(), subscriber.connect()]);

  const local = new EventEmitter();
  local.setMaxListeners(0);
  const channels = new Map<string, Promise<void>>();

  return {
    kind: "redis",
    async publish(event, payload) {
      // bounded here too: a command already written to a silent (partitioned) socket would otherwise wait forever
      await withTimeout(publisher.publish(CHANNEL_PREFIX + event, JSON.stringify(payload)), REDIS_TIMEOUTS.commandMs, "a Redis publish");
    },
    subscribe(event, handler) {
      const channel = CHANNEL_PREFIX + event;
      if (!channels.has(channel)) {
        const subscribed = subscriber.subscribe(channel, (message) => {
          local.emit(event, JSON.parse(message));
        });
        subscribed.catch(onError);
        channels.set(channel, subscribed);
      }
      local.on(event, handler as (payload: unknown) => void);
      return () => local.off(event, handler as (payload: unknown) => void);
    },
    async ready() {
      await Promise.all(channels.values());
    },
    connected: () => publisher.isReady && subscriber.isReady,
    async ping() {
      await withTimeout(publisher.ping(), REDIS_TIMEOUTS.commandMs, "a Redis ping");
    },
    async close() {
      local.removeAllListeners();
      await Promise.all([closeRedisClient(subscriber), closeRedisClient(publisher)]);
    },
  };
}

const store = globalThis as unknown as { __fleetlineHub?: Hub };

export function hub(): Hub {
  if (!store.__fleetlineHub) throw new Error("the event hub is not created (server/main.ts creates it at start-up)");
  return store.__fleetlineHub;
}

/** the hub, or undefined where none runs (the CLI without REDIS_URL, use-case tests): for best-effort announcements */
export function hubIfCreated(): Hub | undefined {
  return store.__fleetlineHub;
}

export function setHub(value: Hub | undefined): void {
  store.__fleetlineHub = value;
}
