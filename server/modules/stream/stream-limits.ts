// The live stream's numbers, named once. The spec fixes the standard throttle; the rest are our choices
// (docs/live-stream.md "Limits").

/** spec, Limits: standard live payload, one frame per asset per 25 seconds */
export const STANDARD_THROTTLE_MS = 25_000;

/** a validated token is trusted without asking the database again for this long (spec: "cached briefly") */
export const TOKEN_CACHE_FRESH_MS = 60_000;

/**
 * while the database fails, results younger than this are still served ("a previously validated token keeps
 * working across a short outage"); older ones are not, and the connection is refused (fail closed)
 */
export const STALE_WHILE_FAILING_MS = 5 * 60_000;

/** a database lookup slower than this counts as a failure (a hanging database must not hang handshakes) */
export const LOOKUP_TIMEOUT_MS = 3_000;

/**
 * per-socket backpressure: while this many packets wait in the engine's write buffer (the client is not reading),
 * positions are coalesced to the newest per asset instead of being queued
 */
export const MAX_BUFFERED_PACKETS = 64;

/** alert, vehicle_health and driver_behavior messages held per congested socket; older ones are dropped beyond */
export const MAX_QUEUED_CHANNEL_MESSAGES = 256;

/** asset ids accepted in one handshake (more is a client bug: the spec wants only the assets needed) */
export const MAX_ASSET_IDS = 20_000;

/** default cap of concurrent stream connections per account (spec-readings.md; STREAM_MAX_CONNECTIONS_PER_ACCOUNT) */
export const DEFAULT_MAX_CONNECTIONS_PER_ACCOUNT = 5;
