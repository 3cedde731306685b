// A dependency's ping (the database's SELECT 1, Redis's PING) as /healthz and /readyz ask it: anyone may call those
// endpoints, so a flood of probes must not become a flood of queries. Callers arriving while a ping is under way wait
// for that one, and its outcome (ok or failed) answers every caller for PING_CACHE_MS after it settled: whatever the
// number of callers, the dependency gets at most about one ping a second from each node. Each ping is bounded: one
// that does not answer within PING_TIMEOUT_MS settles as a PingTimeoutError, so a hung connection cannot hold the
// shared outcome pending; the next ping after the cache period starts afresh.

/** how long a settled outcome answers callers */
export const PING_CACHE_MS = 1000;
/** a ping that has not answered by then counts as failed (operations.md: "within 2 s") */
export const PING_TIMEOUT_MS = 2000;

export class PingTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.name = "PingTimeoutError";
  }
}

export interface SharedPingOptions {
  cacheMs?: number;
  timeoutMs?: number;
  /** a monotonic clock in milliseconds (tests move their own) */
  now?: () => number;
}

export function sharedPing(ping: () => Promise<void>, options: SharedPingOptions = {}): () => Promise<void> {
  const cacheMs = options.cacheMs ?? PING_CACHE_MS;
  const timeoutMs = options.timeoutMs ?? PING_TIMEOUT_MS;
  const now = options.now ?? (() => performance.now());
  let outcome: Promise<void> | undefined;
  let inFlight = false;
  let settledAt = 0;

  return () => {
    if (outcome && (inFlight || now() - settledAt < cacheMs)) return outcome;
    inFlight = true;
    outcome = bounded(ping, timeoutMs).finally(() => {
      inFlight = false;
      settledAt = now();
    });
    outcome.catch(() => {}); // a failure is the callers' to read; the cached promise itself must not go unhandled
    return outcome;
  };
}

async function bounded(ping: () => Promise<void>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ping(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PingTimeoutError(timeoutMs)), timeoutMs);
        timer.unref();
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
