// Passwords and shown-once secrets (OAuth client secrets, API keys) are stored as argon2id hashes only.
import { hash, verify } from "@node-rs/argon2";
import { RateLimitedError } from "./rate-limited-error";

// argon2id with OWASP's second recommended profile (19 MiB, 2 passes): ~20 ms here, fine for sign-in and token calls.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

/**
 * Verifications run at most this many at a time: each holds a libuv thread (shared with fs, DNS and crypto) and a
 * core for ~20 ms, and this machine class has two. Others wait in a short queue; when that is full, a verification is
 * refused at once with RATE_LIMITED (429, retry in a second) rather than queueing without bound. Per-address budgets
 * (sign-in, token endpoint, API keys) keep one source from filling it; this bounds many sources together.
 */
export const MAX_CONCURRENT_VERIFICATIONS = 2;
export const MAX_WAITING_VERIFICATIONS = 64;

interface VerifyGate {
  running: number;
  peak: number;
  total: number;
  waiting: Array<() => void>;
}

// On globalThis: the custom server and the Next.js bundle load separate copies of this module, one thread pool.
const shared = globalThis as unknown as { __fleetlineVerifyGate?: VerifyGate };
const gate = (shared.__fleetlineVerifyGate ??= { running: 0, peak: 0, total: 0, waiting: [] });

/** argon2 verifications this process has started, and the most that ever ran at once */
export function secretVerifications(): number {
  return gate.total;
}

export function peakConcurrentVerifications(): number {
  return gate.peak;
}

/** Constant-time by construction (argon2 recomputes and compares the full hash). False for malformed hashes. */
export async function verifySecret(hashed: string, plain: string): Promise<boolean> {
  if (gate.running >= MAX_CONCURRENT_VERIFICATIONS) {
    if (gate.waiting.length >= MAX_WAITING_VERIFICATIONS) {
      throw new RateLimitedError(1, "The server is busy checking credentials. Try again in a moment.");
    }
    // the finishing verification hands its slot over directly, so `running` never dips and lets a newcomer jump in
    await new Promise<void>((resolve) => gate.waiting.push(resolve));
  } else {
    gate.running++;
  }
  gate.peak = Math.max(gate.peak, gate.running);
  gate.total++;
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  } finally {
    const next = gate.waiting.shift();
    if (next) next();
    else gate.running--;
  }
}
