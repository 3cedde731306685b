// Every WebSocket close code the Pusher-protocol server sends, named once.

/** Public tracking (spec, Errors: WebSocket close codes). pusher-js does not reconnect on 4000-4099 by itself. */
export const TrackingCloseCode = {
  INVALID_SESSION_TOKEN: 4001,
  SESSION_EXPIRED: 4002,
  LINK_NOT_FOUND: 4003,
  LINK_EXPIRED_OR_INACTIVE: 4004,
  OUTSIDE_SCHEDULE_WINDOW: 4005,
} as const;

/** The Pusher protocol's own codes (pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol). */
export const PusherCloseCode = {
  /** protocol version missing or not supported; do not reconnect */
  UNSUPPORTED_PROTOCOL: 4007,
  /** the session that authorised a private channel was revoked (sign out everywhere, a driver signed out); do not reconnect */
  UNAUTHORIZED: 4009,
  /** over capacity (here: the 100 connections per IP of the spec); pusher-js reconnects with backoff */
  OVER_CAPACITY: 4100,
  /** the client answered no ping; pusher-js reconnects at once */
  PONG_NOT_RECEIVED: 4201,
} as const;

/** codes of pusher:error messages that do not close the connection */
export const PusherErrorCode = {
  /** client messages over the per-connection rate: dropped */
  CLIENT_RATE_LIMIT: 4301,
} as const;

export type CloseCode = (typeof TrackingCloseCode)[keyof typeof TrackingCloseCode] | (typeof PusherCloseCode)[keyof typeof PusherCloseCode];

/** what each close says, as the `message` of the pusher:error sent before it and the close frame's reason */
export const CLOSE_MESSAGES: Record<CloseCode, string> = {
  4001: "Invalid session token.",
  4002: "Session expired.",
  4003: "Tracking link not found.",
  4004: "Link expired or inactive.",
  4005: "Outside the schedule window.",
  4007: "Unsupported protocol version (7 is supported).",
  4009: "Unauthorized: the session was signed out.",
  4100: "Over capacity: too many connections from this address.",
  4201: "Pong reply not received.",
};
