// When and whether to try again after a refused or dropped connection (docs/live-stream.md "Reconnecting").
// Backoff is exponential with jitter, so a server restart is not met by every client at the same instant.

export interface BackoffOptions {
  /** first delay, ms */
  initialMs: number;
  /** longest delay, ms */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 30_000 };

/** delay before attempt number `attempt` (0 = first retry): a random value in the upper half of min(max, initial*2^n) */
export function reconnectDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxMs, options.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * What to do about a connect_error, by its `data.code`:
 *   retry          the server could not check or admit the connection now (database outage, connection cap,
 *                  too many handshakes from this address: RATE_LIMITED): try again later, with back-off, with the
 *                  same token;
 *   refresh-token  the token is invalid, expired or revoked: fetch a new one (POST /oauth/token), then retry;
 *   stop           the request itself is wrong (no stream:read scope, malformed asset_ids): retrying cannot help.
 * A connect_error without a code is a network failure: retry.
 */
export function onRefusal(code: string | undefined): "retry" | "refresh-token" | "stop" {
  switch (code) {
    case "TOKEN_INVALID":
      return "refresh-token";
    case "TOKEN_MISSING":
    case "INSUFFICIENT_SCOPE":
    case "ASSET_IDS_INVALID":
      return "stop";
    default:
      return "retry"; // SERVICE_UNAVAILABLE, CONNECTION_LIMIT, RATE_LIMITED, network errors
  }
}
