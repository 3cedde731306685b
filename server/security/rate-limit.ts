// Rate limits (rate-limiter-flexible): an in-memory store in one process, the Redis store when REDIS_URL is set so
// every node counts together. If Redis fails, an in-memory limiter takes over (insurance) rather than refusing
// every request or letting every request through.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "../env";
import { closeSharedRedis, readyRedis, sharedRedis } from "../redis-connection";
import { RateLimitedError } from "./rate-limited-error";
import { metrics } from "../metrics/registry";

export interface RateLimit {
  /** a name for the counter, e.g. "oauth-token" */
  name: string;
  /** requests allowed per window */
  points: number;
  /** window length in seconds */
  duration: number;
}

export interface RateLimiter {
  /** counts one request for `key`; throws RateLimitedError (429 with Retry-After) when over the limit */
  consume(key: string): Promise<void>;
  /** gives counted requests back (e.g. a sign-in that succeeded, so only failures use up the budget); default one */
  refund(key: string, points?: number): Promise<void>;
  /**
   * counts `points` at once (a batch, such as the messages of one call): all of them, or, when they do not all fit,
   * none, answering how many were left and when the window ends (for a message and Retry-After of the caller's own)
   */
  consumeMany(key: string, points: number): Promise<{ ok: true } | { ok: false; remaining: number; retryAfterSeconds: number }>;
}

const store = globalThis as unknown as { __fleetlineRateLimiters?: Map<string, RateLimiterAbstract> };

function limiterFor(limit: RateLimit): RateLimiterAbstract {
  const redisUrl = env().REDIS_URL;
  const id = `${limit.name}:${limit.points}:${limit.duration}:${redisUrl ?? "memory"}`;
  const limiters = (store.__fleetlineRateLimiters ??= new Map());
  let limiter = limiters.get(id);
  if (!limiter) {
    const options = { keyPrefix: `fleetline:rl:${limit.name}`, points: limit.points, duration: limit.duration };
    limiter = redisUrl
      ? new RateLimiterRedis({
          ...options,
          storeClient: sharedRedis(redisUrl).client,
          useRedisPackage: true,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
    limiters.set(id, limiter);
  }
  return limiter;
}

export function rateLimiter(limit: RateLimit): RateLimiter {
  return {
    async consume(key) {
      const redisUrl = env().REDIS_URL;
      // the first requests after start-up wait (briefly) for the connection instead of falling to the insurance
      if (redisUrl) await readyRedis(redisUrl);
      try {
        await limiterFor(limit).consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          metrics().rateLimitRefusals.inc({ limit: limit.name });
          throw new RateLimitedError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
        }
        throw error;
      }
    },
    async refund(key, points = 1) {
      await limiterFor(limit).reward(key, points);
    },
    async consumeMany(key, points) {
      const redisUrl = env().REDIS_URL;
      if (redisUrl) await readyRedis(redisUrl);
      try {
        await limiterFor(limit).consume(key, points);
        return { ok: true };
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        // the refused points were added to the counter: give them back, so a refusal costs nothing
        await limiterFor(limit).reward(key, points);
        metrics().rateLimitRefusals.inc({ limit: limit.name });
        const remaining = Math.max(0, limit.points - (error.consumedPoints - points));
        return { ok: false, remaining, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      }
    },
  };
}

/** Forgets this process's limiters (in-memory counters are lost; Redis counters stay in Redis). */
export function resetRateLimits(): void {
  store.__fleetlineRateLimiters?.clear();
}

/** Closes the Redis connection of the limiters, if any (shutdown, tests). */
export async function closeRateLimits(): Promise<void> {
  resetRateLimits();
  await closeSharedRedis();
}
