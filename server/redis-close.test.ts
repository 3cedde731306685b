// closeRedisClient against the real Redis, through a proxy the test cuts: a connected client closes gracefully
// (its pending command answered), a reconnecting one is let go instead of keeping the stop waiting.
import { createClient } from "redis";
import { afterEach, describe, expect, inject, it } from "vitest";
import { closeRedisClient } from "./redis-close";
import { redisClientOptions } from "./redis-options";
import { TEST_REDIS_URL } from "./testing/services";
import { CuttableProxy } from "./testing/tcp-proxy";

const redisUp = inject("redis");

describe.skipIf(!redisUp)("closing a Redis client", () => {
  const proxies: CuttableProxy[] = [];
  afterEach(async () => {
    for (const proxy of proxies.splice(0)) await proxy.cut();
  });

  it("closes a connected client after answering what it was asked", async () => {
    const client = createClient(redisClientOptions(TEST_REDIS_URL));
    await client.connect();
    const pong = client.ping();
    await closeRedisClient(client);
    expect(await pong).toBe("PONG");
    expect(client.isOpen).toBe(false);
  });

  it.each(["commands", "subscriber"] as const)("lets a %s client go while Redis is unreachable", async (role) => {
    const proxy = CuttableProxy.forUrl(TEST_REDIS_URL, 6379);
    proxies.push(proxy);
    await proxy.open();
    const client = createClient(redisClientOptions(proxy.through(TEST_REDIS_URL), role));
    client.on("error", () => {});
    await client.connect();
    await proxy.cut();
    await expect.poll(() => client.isReady).toBe(false);
    await closeRedisClient(client);
    expect(client.isOpen).toBe(false);
  });
});
