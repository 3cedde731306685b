// The publish queue against a real Redis hub behind a proxy the test cuts: while the hub is away it keeps the newest
// positions up to its capacity, in order, and delivers them once the hub is back.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createRedisHub, type Hub } from "../../hub";
import type { LivePosition } from "../../modules/positions/live-position";
import { livePosition } from "../../testing/stream-fixtures";
import { TEST_REDIS_URL } from "../../testing/services";
import { CuttableProxy } from "../../testing/tcp-proxy";
import { PublishQueue } from "./publish-queue";
import { testImei } from "../../testing/test-imei";

const redisUp = inject("redis");

describe.skipIf(!redisUp)("publish queue", () => {
  let proxy: CuttableProxy;
  let hub: Hub;
  let audience: Hub;
  const heard: LivePosition[] = [];
  const imei = testImei();

  beforeAll(async () => {
    proxy = CuttableProxy.forUrl(TEST_REDIS_URL, 6379);
    await proxy.open();
    hub = await createRedisHub(proxy.through(TEST_REDIS_URL));
    audience = await createRedisHub(TEST_REDIS_URL);
    audience.subscribe("position", (position) => position.trackerImei === imei && heard.push(position));
    await audience.ready();
  });
  afterAll(async () => {
    await proxy?.open();
    await hub?.close();
    await audience?.close();
    await proxy?.cut();
  });

  it("keeps the newest positions up to its capacity while the hub is away, and delivers them in order after", async () => {
    const queue = new PublishQueue(hub, pino({ level: "silent" }), 5);
    await proxy.cut();
    for (let wsSeq = 1; wsSeq <= 8; wsSeq++) queue.push({ ...livePosition({ assetId: 1, wsSeq }), trackerImei: imei });
    expect(queue.size).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a few failed attempts
    expect(heard).toEqual([]);

    await proxy.open();
    await queue.drain(20_000);
    expect(queue.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the audience's subscription delivers asynchronously
    const seqs = heard.map((position) => position.wsSeq);
    expect([...new Set(seqs)]).toEqual([4, 5, 6, 7, 8]); // the oldest three dropped, the rest in order
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    queue.close();
  }, 60_000);
});
