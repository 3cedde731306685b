// The settings every Redis client of Fleetline is created with (hub, live-stream adapter, connection caps, the
// shared request-path client), so that during a Redis outage work fails fast instead of waiting, and each client
// reconnects by itself when Redis is back (docs/configuration.md "Timeouts"):
//   - connecting gives up after REDIS_TIMEOUTS.connectMs, then the reconnect strategy tries again, forever, with a
//     capped exponential back-off and jitter (so a fleet of nodes does not reconnect in lockstep);
//   - a command without an answer fails after REDIS_TIMEOUTS.commandMs (a partition: the socket looks open, nothing
//     comes back), which the offline queue setting alone does not cover;
//   - commands issued while disconnected fail at once (no offline queue), except on subscriber connections, whose
//     few SUBSCRIBE commands wait in a bounded queue and are re-sent on reconnect anyway.

export const REDIS_TIMEOUTS = {
  connectMs: 5_000,
  commandMs: 5_000,
  /** the longest pause between reconnection attempts */
  reconnectMaxMs: 5_000,
  /** TCP keepalive probes after this much silence */
  keepAliveDelayMs: 10_000,
};

/** the most commands a subscriber connection keeps while disconnected */
export const SUBSCRIBER_QUEUE_MAX = 1_000;

/** milliseconds before reconnection attempt `retries` (0, 1, ...): 100 ms doubling up to the cap, plus jitter */
export function reconnectDelay(retries: number, random = Math.random): number {
  return Math.min(100 * 2 ** retries, REDIS_TIMEOUTS.reconnectMaxMs) + Math.floor(random() * 200);
}

export interface RedisClientSettings {
  url: string;
  disableOfflineQueue: boolean;
  commandsQueueMaxLength?: number;
  commandOptions?: { timeout: number };
  socket: {
    connectTimeout: number;
    keepAlive: boolean;
    keepAliveInitialDelay: number;
    reconnectStrategy: (retries: number) => number;
  };
}

/**
 * Options for `createClient`. `role: "subscriber"` keeps a bounded offline queue and no command timeout (a
 * subscription has no answer to wait for); everything else fails fast.
 */
export function redisClientOptions(url: string, role: "commands" | "subscriber" = "commands"): RedisClientSettings {
  const socket = {
    connectTimeout: REDIS_TIMEOUTS.connectMs,
    keepAlive: true,
    keepAliveInitialDelay: REDIS_TIMEOUTS.keepAliveDelayMs,
    reconnectStrategy: (retries: number) => reconnectDelay(retries),
  };
  if (role === "subscriber") return { url, disableOfflineQueue: false, commandsQueueMaxLength: SUBSCRIBER_QUEUE_MAX, socket };
  return { url, disableOfflineQueue: true, commandOptions: { timeout: REDIS_TIMEOUTS.commandMs }, socket };
}
