// The event hub, both implementations. Memory: asynchronous delivery of copies, several subscribers, unsubscribe.
// Redis: an event published by another OS process reaches a subscriber here (the multi-node promise of
// docs/architecture.md), and ready() means subscriptions are live.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createMemoryHub, createRedisHub, type Hub, type HubEvents } from "./hub";
import { TEST_REDIS_URL } from "./testing/services";

const hubs: Hub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((hub) => hub.close()));
});

/** resolves with the next payload of `event` (or rejects after the timeout) */
function nextEvent<E extends keyof HubEvents>(hub: Hub, event: E, timeoutMs = 5000): Promise<HubEvents[E]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} event within ${timeoutMs} ms`)), timeoutMs);
    const unsubscribe = hub.subscribe(event, (payload) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(payload);
    });
  });
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("memory hub", () => {
  it("delivers asynchronously: publishers never run subscriber code inline", async () => {
    const hub = createMemoryHub();
    hubs.push(hub);
    const seen: number[] = [];
    hub.subscribe("ping", (payload) => seen.push(payload.at));
    const published = hub.publish("ping", { from: "test", at: 1 });
    expect(seen).toEqual([]);
    await published;
    await tick();
    expect(seen).toEqual([1]);
  });

  it("hands subscribers the published payload itself, without copying (positions are published at high rates)", async () => {
    const hub = createMemoryHub();
    hubs.push(hub);
    const payload = { accountId: 7, assetId: 3, change: "created" as const };
    const received = nextEvent(hub, "asset.changed");
    await hub.publish("asset.changed", payload);
    expect(await received).toBe(payload);
  });

  it("delivers to every subscriber of the event and to no other event's subscribers", async () => {
    const hub = createMemoryHub();
    hubs.push(hub);
    const a: unknown[] = [];
    const b: unknown[] = [];
    const other: unknown[] = [];
    hub.subscribe("account.changed", (payload) => a.push(payload));
    hub.subscribe("account.changed", (payload) => b.push(payload));
    hub.subscribe("ping", (payload) => other.push(payload));
    await hub.publish("account.changed", { accountId: 1 });
    await hub.publish("account.changed", { accountId: 2 });
    await tick();
    expect(a).toEqual([{ accountId: 1 }, { accountId: 2 }]);
    expect(b).toEqual([{ accountId: 1 }, { accountId: 2 }]);
    expect(other).toEqual([]);
  });

  it("stops delivering after unsubscribe, keeping the other subscribers", async () => {
    const hub = createMemoryHub();
    hubs.push(hub);
    const kept: number[] = [];
    const dropped: number[] = [];
    hub.subscribe("account.changed", (payload) => kept.push(payload.accountId));
    const unsubscribe = hub.subscribe("account.changed", (payload) => dropped.push(payload.accountId));
    await hub.publish("account.changed", { accountId: 1 });
    await tick();
    unsubscribe();
    await hub.publish("account.changed", { accountId: 2 });
    await tick();
    expect(kept).toEqual([1, 2]);
    expect(dropped).toEqual([1]);
  });

  it("is ready at once and delivers nothing after close", async () => {
    const hub = createMemoryHub();
    const seen: unknown[] = [];
    hub.subscribe("ping", (payload) => seen.push(payload));
    await hub.ready();
    await hub.close();
    await hub.publish("ping", { from: "test", at: 2 });
    await tick();
    expect(seen).toEqual([]);
  });
});

const redisUp = inject("redis");
const redisTitle = redisUp ? "redis hub" : `redis hub (skipped: Redis is not reachable at ${TEST_REDIS_URL})`;

describe.skipIf(!redisUp)(redisTitle, () => {
  // Channels are shared by every process on this Redis: tag payloads so parallel test runs do not cross.
  const tag = `hub-test-${process.pid}-${Date.now()}`;

  it("delivers an event published by another OS process", async () => {
    const hub = await createRedisHub(TEST_REDIS_URL);
    hubs.push(hub);
    const received = new Promise<HubEvents["ping"]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no ping from the other process within 15 s")), 15_000);
      hub.subscribe("ping", (payload) => {
        if (payload.from !== tag) return;
        clearTimeout(timer);
        resolve(payload);
      });
    });
    await hub.ready();

    const script = `
      import { createRedisHub } from ${JSON.stringify(path.resolve("server/hub.ts"))};
      const hub = await createRedisHub(${JSON.stringify(TEST_REDIS_URL)});
      await hub.publish("ping", { from: ${JSON.stringify(tag)}, at: process.pid });
      await hub.close();
    `;
    // node with tsx's loader (not the tsx CLI, which would add a process between us and the publisher)
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const exitCode = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(stderr).toBe("");
    expect(exitCode).toBe(0);

    const payload = await received;
    expect(payload.from).toBe(tag);
    // it really came from the other process
    expect(payload.at).toBe(child.pid);
    expect(payload.at).not.toBe(process.pid);
  }, 30_000);

  it("ready() resolves once subscriptions are live, so an event published right after it arrives", async () => {
    const subscriberHub = await createRedisHub(TEST_REDIS_URL);
    const publisherHub = await createRedisHub(TEST_REDIS_URL);
    hubs.push(subscriberHub, publisherHub);
    const seen: string[] = [];
    subscriberHub.subscribe("credentials.revoked", (payload) => seen.push(`${payload.kind}:${payload.id}`));
    await subscriberHub.ready();
    await publisherHub.publish("credentials.revoked", { accountId: 1, kind: "api_key", id: 42 });
    await expect.poll(() => seen, { timeout: 5000 }).toEqual(["api_key:42"]);
  });

  it("fans out to several subscribers and stops after unsubscribe", async () => {
    const subscriberHub = await createRedisHub(TEST_REDIS_URL);
    const publisherHub = await createRedisHub(TEST_REDIS_URL);
    hubs.push(subscriberHub, publisherHub);
    const a: number[] = [];
    const b: number[] = [];
    const mine = (payload: HubEvents["asset.changed"]) => payload.accountId === -process.pid;
    subscriberHub.subscribe("asset.changed", (payload) => mine(payload) && a.push(payload.assetId));
    const unsubscribe = subscriberHub.subscribe("asset.changed", (payload) => mine(payload) && b.push(payload.assetId));
    await subscriberHub.ready();
    await publisherHub.publish("asset.changed", { accountId: -process.pid, assetId: 1, change: "created" });
    await expect.poll(() => [a.length, b.length], { timeout: 5000 }).toEqual([1, 1]);
    unsubscribe();
    await publisherHub.publish("asset.changed", { accountId: -process.pid, assetId: 2, change: "updated" });
    await expect.poll(() => a, { timeout: 5000 }).toEqual([1, 2]);
    expect(b).toEqual([1]);
  });
});
