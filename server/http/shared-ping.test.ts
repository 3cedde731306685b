// The ping /healthz and /readyz share (shared-ping.ts): counted through the ping itself, on a clock the test moves,
// never by waiting: callers at the same moment share one ping, its outcome serves everyone for a second after it
// settled (a failure too), and a ping that never answers settles as a timeout instead of holding the cache.
import { describe, expect, it } from "vitest";
import { PING_CACHE_MS, PingTimeoutError, sharedPing } from "./shared-ping";

function countingPing(outcome: () => Promise<void> = async () => {}) {
  const counter = { calls: 0 };
  const ping = () => {
    counter.calls++;
    return outcome();
  };
  return { counter, ping };
}

describe("sharedPing", () => {
  it("lets concurrent callers share one ping in flight", async () => {
    let release!: () => void;
    const { counter, ping } = countingPing(() => new Promise<void>((resolve) => (release = resolve)));
    const shared = sharedPing(ping, { now: () => 0 });
    const callers = Array.from({ length: 100 }, () => shared());
    expect(counter.calls).toBe(1);
    release();
    await Promise.all(callers);
    expect(counter.calls).toBe(1);
  });

  it("keeps the outcome for a second after the ping settled, then pings again", async () => {
    let now = 0;
    const { counter, ping } = countingPing();
    const shared = sharedPing(ping, { now: () => now });
    await shared();
    now += PING_CACHE_MS - 1;
    for (let i = 0; i < 50; i++) await shared();
    expect(counter.calls).toBe(1);
    now += 1;
    await shared();
    expect(counter.calls).toBe(2);
  });

  it("keeps a failure for a second too, and answers ok once the dependency is back", async () => {
    let now = 0;
    let up = false;
    const { counter, ping } = countingPing(async () => {
      if (!up) throw new Error("connect ECONNREFUSED");
    });
    const shared = sharedPing(ping, { now: () => now });
    await expect(shared()).rejects.toThrow("ECONNREFUSED");
    up = true;
    await expect(shared()).rejects.toThrow("ECONNREFUSED"); // the cached outcome: no second ping
    expect(counter.calls).toBe(1);
    now += PING_CACHE_MS;
    await expect(shared()).resolves.toBeUndefined();
    expect(counter.calls).toBe(2);
  });

  it("settles a ping that never answers as a timeout, and pings afresh after the cache period", async () => {
    let now = 0;
    let hang = true;
    const { counter, ping } = countingPing(() => (hang ? new Promise<void>(() => {}) : Promise.resolve()));
    const shared = sharedPing(ping, { now: () => now, timeoutMs: 10 });
    await expect(shared()).rejects.toBeInstanceOf(PingTimeoutError);
    hang = false;
    now += PING_CACHE_MS;
    // the first ping is still hanging; the next one is not held up by it
    await expect(shared()).resolves.toBeUndefined();
    expect(counter.calls).toBe(2);
  });
});
