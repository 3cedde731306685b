// One shared Redis connection per process for small request-path work (rate limits, channel grants), kept on
// globalThis because the custom server and the Next.js bundle load separate copies of this module. Its offline queue
// is off: during an outage a command fails at once instead of waiting, unbounded, for the reconnect, and callers
// choose their fallback (the rate limiter's in-memory insurance, a 503).
import { createClient } from "redis";
import { redisClientOptions } from "./redis-options";
import { log } from "./log";
import { closeRedisClient } from "./redis-close";

// node-redis client types carry per-options generics that do not unify with other libraries'; typed loosely here
export type SharedRedisClient = any;

const store = globalThis as unknown as {
  __fleetlineSharedRedis?: { url: string; client: SharedRedisClient; ready: Promise<void> };
};

/** how long the first commands after start-up wait for the connection before they count as failed */
const CONNECT_WAIT_MS = 1000;

export function sharedRedis(url: string): { client: SharedRedisClient; ready: Promise<void> } {
  if (store.__fleetlineSharedRedis?.url !== url) {
    const client = createClient(redisClientOptions(url));
    client.on("error", (error: Error) => log("redis").warn({ err: error }, "redis error"));
    const ready = client.connect().then(
      () => undefined,
      () => undefined,
    );
    store.__fleetlineSharedRedis = { url, client, ready };
  }
  return store.__fleetlineSharedRedis!;
}

/** the shared client once connected (or after a short wait: it may still be connecting) */
export async function readyRedis(url: string): Promise<SharedRedisClient> {
  const connection = sharedRedis(url);
  await Promise.race([connection.ready, new Promise((resolve) => setTimeout(resolve, CONNECT_WAIT_MS).unref())]);
  return connection.client;
}

/** closes the shared connection, if any (shutdown, tests) */
export async function closeSharedRedis(): Promise<void> {
  const current = store.__fleetlineSharedRedis;
  store.__fleetlineSharedRedis = undefined;
  if (current) await closeRedisClient(current.client);
}
