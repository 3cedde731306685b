// Rate limits: the in-memory store, and the Redis store (shared by every process) when Redis is reachable.
import { createClient } from "redis";
import { afterAll, describe, expect, inject, it } from "vitest";
import { env, setEnv } from "../env";
import { randomId } from "./random";
import { TEST_REDIS_URL } from "../testing/services";
import { closeRateLimits, rateLimiter, resetRateLimits } from "./rate-limit";
import { RateLimitedError } from "./rate-limited-error";

describe("rateLimiter (memory)", () => {
  it("allows `points` requests per window per key, then throws RateLimitedError with a wait", async () => {
    const limiter = rateLimiter({ name: `mem-${randomId(6)}`, points: 3, duration: 60 });
    for (let i = 0; i < 3; i++) await limiter.consume("a");
    const error = await limiter.consume("a").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0);
    expect((error as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(60);
    await limiter.consume("b");
  });

  it("gives a counted request back with refund", async () => {
    const limiter = rateLimiter({ name: `mem-refund-${randomId(6)}`, points: 2, duration: 60 });
    for (let i = 0; i < 5; i++) {
      await limiter.consume("a");
      await limiter.refund("a");
    }
    await limiter.consume("a");
    await limiter.consume("a");
    await expect(limiter.consume("a")).rejects.toBeInstanceOf(RateLimitedError);
  });
});

describe("rateLimiter.consumeMany (a batch counted at once)", () => {
  it("counts all of a batch or none of it, saying how many were left and when the window ends", async () => {
    const limiter = rateLimiter({ name: `mem-many-${randomId(6)}`, points: 5, duration: 3600 });
    expect(await limiter.consumeMany("account", 3)).toEqual({ ok: true });
    const refused = await limiter.consumeMany("account", 3);
    expect(refused).toEqual({ ok: false, remaining: 2, retryAfterSeconds: expect.any(Number) });
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(3500);
    // the refusal counted nothing: two still fit, then none; refund gives several back
    expect(await limiter.consumeMany("account", 2)).toEqual({ ok: true });
    expect(await limiter.consumeMany("account", 1)).toMatchObject({ ok: false, remaining: 0 });
    await limiter.refund("account", 2);
    expect(await limiter.consumeMany("account", 2)).toEqual({ ok: true });
  });
});

describe.runIf(inject("redis"))("rateLimiter (Redis)", () => {
  const previous = env();
  afterAll(async () => {
    await closeRateLimits();
    setEnv(previous);
  });

  it("counts in Redis, so a limiter created elsewhere (another process) sees the same count", async () => {
    setEnv({ ...previous, REDIS_URL: TEST_REDIS_URL });
    const name = `redis-${randomId(8)}`;
    const limit = { name, points: 2, duration: 60 };
    await rateLimiter(limit).consume("client-1");
    await rateLimiter(limit).consume("client-1");
    resetRateLimits(); // forget this process's limiter objects: only Redis remembers the count now
    await expect(rateLimiter(limit).consume("client-1")).rejects.toBeInstanceOf(RateLimitedError);

    const redis = createClient({ url: TEST_REDIS_URL });
    await redis.connect();
    try {
      expect(Number(await redis.get(`fleetline:rl:${name}:client-1`))).toBeGreaterThanOrEqual(2);
    } finally {
      await redis.quit();
    }
  });

  it("refunds in Redis too, for every process", async () => {
    setEnv({ ...previous, REDIS_URL: TEST_REDIS_URL });
    const limit = { name: `redis-refund-${randomId(8)}`, points: 2, duration: 60 };
    for (let i = 0; i < 5; i++) {
      await rateLimiter(limit).consume("user");
      resetRateLimits();
      await rateLimiter(limit).refund("user");
    }
    await rateLimiter(limit).consume("user");
    await rateLimiter(limit).consume("user");
    await expect(rateLimiter(limit).consume("user")).rejects.toBeInstanceOf(RateLimitedError);
  });
});
