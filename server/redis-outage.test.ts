// Redis clients during an outage (docs/configuration.md "Timeouts"): with a clean cut (refused connections) and a
// partition (a proxy gone silent), commands fail within seconds instead of waiting for the reconnect, callers take
// their fallback, and every client reconnects by itself when Redis is back.
import { afterAll, describe, expect, inject, it } from "vitest";
import { createRedisHub, type Hub } from "./hub";
import { createRedisConnectionCap } from "./realtime/connection-cap";
import { createSocketIoServer } from "./realtime/socket-io";
import { reconnectDelay, REDIS_TIMEOUTS } from "./redis-options";
import { TEST_REDIS_URL } from "./testing/services";
import { StallingProxy } from "./testing/stalling-proxy";
import { CuttableProxy } from "./testing/tcp-proxy";

const redisUp = inject("redis");

async function waitUntil(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** resolves with what `work` settled to and how long it took, or "pending" after `limitMs` */
async function settleWithin<T>(work: Promise<T>, limitMs: number): Promise<{ ms: number; outcome: "resolved" | "rejected" | "pending" }> {
  const started = Date.now();
  const outcome = await Promise.race([
    work.then(
      () => "resolved" as const,
      () => "rejected" as const,
    ),
    new Promise<"pending">((resolve) => setTimeout(() => resolve("pending"), limitMs)),
  ]);
  return { ms: Date.now() - started, outcome };
}

describe("reconnectDelay", () => {
  it("doubles from 100 ms up to the cap, with at most 200 ms of jitter", () => {
    expect([0, 1, 2, 3].map((n) => reconnectDelay(n, () => 0))).toEqual([100, 200, 400, 800]);
    expect(reconnectDelay(20, () => 0)).toBe(REDIS_TIMEOUTS.reconnectMaxMs);
    expect(reconnectDelay(0, () => 0.999)).toBe(299);
  });
});

describe.skipIf(!redisUp)("Redis outages", () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it("admits live-stream connections at once while Redis is cut, and counts them again once it is back", async () => {
    const proxy = CuttableProxy.forUrl(TEST_REDIS_URL, 6379);
    await proxy.open();
    cleanups.push(() => proxy.cut());
    const problems: string[] = [];
    const cap = await createRedisConnectionCap({
      url: proxy.through(TEST_REDIS_URL),
      max: 1,
      keyPrefix: `fleetline:test:cap:${Date.now()}:`,
      onError: (_error, what) => problems.push(what),
    });
    cleanups.push(() => cap.close());
    expect(await cap.acquire("account-1", "a")).toBe(true);
    expect(await cap.acquire("account-1", "b")).toBe(false);

    await proxy.cut();
    const during = await settleWithin(cap.acquire("account-1", "c"), 3_000);
    expect(during.outcome).toBe("resolved"); // admitted, with a warning, rather than waiting for Redis
    expect(problems).toContain("connection cap check (connection admitted)");

    await proxy.open();
    cap.release("account-1", "c");
    // the client reconnects by itself; the cap counts again (slot "a" is still held)
    await waitUntil(async () => (await cap.acquire("account-1", "d")) === false, "the cap to count again");
  }, 60_000);

  it("fails a hub publish within the command timeout during a partition, and delivers again after it", async () => {
    const proxy = StallingProxy.forUrl(TEST_REDIS_URL, 6379);
    await proxy.open();
    cleanups.push(() => proxy.close());
    const hub: Hub = await createRedisHub(proxy.through(TEST_REDIS_URL));
    cleanups.push(() => hub.close());
    const listener: Hub = await createRedisHub(TEST_REDIS_URL);
    cleanups.push(() => listener.close());
    const heard: string[] = [];
    listener.subscribe("ping", (payload) => heard.push(payload.from));
    await listener.ready();

    await hub.publish("ping", { from: "before", at: Date.now() });
    await waitUntil(() => heard.includes("before"), "the first ping");

    proxy.stall();
    const during = await settleWithin(hub.publish("ping", { from: "during", at: Date.now() }), REDIS_TIMEOUTS.commandMs + 3_000);
    expect(during.outcome).toBe("rejected");

    proxy.resume();
    await waitUntil(async () => {
      try {
        await hub.publish("ping", { from: "after", at: Date.now() });
        return heard.includes("after");
      } catch {
        return false;
      }
    }, "a ping after the partition");
  }, 60_000);

  it("stops the live stream's socket.io adapter while Redis is cut without an unhandled rejection", async () => {
    const proxy = CuttableProxy.forUrl(TEST_REDIS_URL, 6379);
    await proxy.open();
    cleanups.push(() => proxy.cut());
    const reported: string[] = [];
    const server = await createSocketIoServer({ redisUrl: proxy.through(TEST_REDIS_URL), onError: (error) => reported.push(error.message) });
    const unhandled: unknown[] = [];
    const collect = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", collect);
    try {
      await proxy.cut();
      await waitUntil(() => reported.length > 0, "the clients to notice the cut"); // reconnecting from here on
      // the adapter's close() unsubscribes through a client that is reconnecting; closing destroys that client
      await server.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
      expect(reported).toContain("Disconnects client"); // reported to the caller's log instead
    } finally {
      process.off("unhandledRejection", collect);
    }
  }, 60_000);
});
