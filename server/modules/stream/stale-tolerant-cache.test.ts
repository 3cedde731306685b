// The cache behind "a previously validated token keeps working across a short outage" and "fails closed": fresh
// entries are served without a lookup, stale ones only while lookups fail, and only up to their limit.
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../testing/manual-clock";
import { withTimeout } from "../../deadlines";
import { StaleTolerantCache } from "./stale-tolerant-cache";

const down = () => Promise.reject(new Error("database unreachable"));

describe("StaleTolerantCache", () => {
  it("serves fresh entries without loading, refreshes older ones, and serves them stale only while loads fail", async () => {
    const clock = new ManualClock();
    const cache = new StaleTolerantCache<string, number>({ freshMs: 60_000, staleMs: 360_000, clock, maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toEqual({ value: 1, stale: false });
    clock.advance(59_999);
    expect(await cache.get("k", load)).toEqual({ value: 1, stale: false });
    expect(loads).toBe(1);
    clock.advance(1);
    expect(await cache.get("k", load)).toEqual({ value: 2, stale: false });
    clock.advance(300_000);
    expect(await cache.get("k", down)).toEqual({ value: 2, stale: true });
    clock.advance(60_000);
    await expect(cache.get("k", down)).rejects.toThrow("database unreachable");
  });

  it("fails closed when nothing was ever loaded", async () => {
    const cache = new StaleTolerantCache<string, number>({ freshMs: 60_000, staleMs: 360_000, clock: new ManualClock(), maxEntries: 10 });
    await expect(cache.get("never", down)).rejects.toThrow("database unreachable");
  });

  it("shares one load between concurrent lookups of a key and evicts the oldest beyond its size", async () => {
    const clock = new ManualClock();
    const cache = new StaleTolerantCache<number, number>({ freshMs: 0, staleMs: 1_000, clock, maxEntries: 2 });
    let loads = 0;
    const slow = () => new Promise<number>((resolve) => setImmediate(() => resolve(++loads)));
    const [a, b] = await Promise.all([cache.get(1, slow), cache.get(1, slow)]);
    expect([a.value, b.value, loads]).toEqual([1, 1, 1]);
    await cache.get(2, slow);
    await cache.get(3, slow);
    expect(cache.size).toBe(2);
    await expect(cache.get(1, down)).rejects.toThrow(); // evicted: nothing stale to serve
  });

  it("withTimeout turns a hanging lookup into a failure", async () => {
    await expect(withTimeout(new Promise(() => {}), 10, "lookup")).rejects.toThrow("lookup took longer than 10 ms");
    expect(await withTimeout(Promise.resolve(3), 10, "lookup")).toBe(3);
  });
});
