// argon2 verifications are bounded process-wide: at most MAX_CONCURRENT_VERIFICATIONS run at once, a short queue
// waits, and past it a verification is refused with RATE_LIMITED instead of piling up on the thread pool.
import { describe, expect, it } from "vitest";
import { RateLimitedError } from "./rate-limited-error";
import {
  hashSecret,
  MAX_CONCURRENT_VERIFICATIONS,
  MAX_WAITING_VERIFICATIONS,
  peakConcurrentVerifications,
  verifySecret,
} from "./hashing";

describe("verifySecret", () => {
  it("verifies right and wrong secrets, and is false for a malformed hash", async () => {
    const hashed = await hashSecret("correct horse");
    expect(await verifySecret(hashed, "correct horse")).toBe(true);
    expect(await verifySecret(hashed, "wrong horse")).toBe(false);
    expect(await verifySecret("not-a-hash", "x")).toBe(false);
  });

  it("runs a bounded number at once, queues a few, and refuses the rest with RATE_LIMITED", async () => {
    const hashed = await hashSecret("secret");
    const extra = 3;
    const attempts = Array.from({ length: MAX_CONCURRENT_VERIFICATIONS + MAX_WAITING_VERIFICATIONS + extra }, (_, i) =>
      verifySecret(hashed, i % 2 === 0 ? "secret" : "guess").then(
        (ok) => ({ ok, refused: false }),
        (error: unknown) => ({ ok: false, refused: error instanceof RateLimitedError }),
      ),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r.refused)).toHaveLength(extra);
    const verified = results.slice(0, MAX_CONCURRENT_VERIFICATIONS + MAX_WAITING_VERIFICATIONS);
    expect(verified.map((r) => r.ok)).toEqual(verified.map((_, i) => i % 2 === 0));
    expect(peakConcurrentVerifications()).toBeLessThanOrEqual(MAX_CONCURRENT_VERIFICATIONS);
    // the queue drained: a later verification runs again
    expect(await verifySecret(hashed, "secret")).toBe(true);
  });
});
