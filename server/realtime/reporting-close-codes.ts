// Every close code of the /reporting socket (docs/reports.md "Job status over WebSocket"), named once. 4000-4999 are
// the application's own; a client should not reconnect after 4001, 4003 or 4004 without a new token or scope, and
// may reconnect (with backoff) after 1001, 4002 (with a new token) and 4009.
export const ReportingCloseCode = {
  /** the server is shutting down; reconnect to another node or in a moment (standard code) */
  GOING_AWAY: 1001,
  /** no token, or a token that is invalid, expired or revoked at connect */
  UNAUTHENTICATED: 4001,
  /** the token expired while the socket was open */
  TOKEN_EXPIRED: 4002,
  /** the token lacks reports:read (at connect, or its client lost the scope while open) */
  INSUFFICIENT_SCOPE: 4003,
  /** the token's client was revoked, its secret rotated or its member removed while the socket was open */
  CREDENTIALS_REVOKED: 4004,
  /** no auth message within REPORTING_LIMITS.authTimeoutMs of connecting without an Authorization header */
  AUTH_TIMEOUT: 4008,
  /** the client answered no ping within REPORTING_LIMITS.pingIntervalMs */
  PONG_TIMEOUT: 4009,
  /** the account already has REPORTING_LIMITS.connectionsPerAccount sockets open on this node; close one */
  TOO_MANY_CONNECTIONS: 4029,
} as const;

export type ReportingCloseCodeValue = (typeof ReportingCloseCode)[keyof typeof ReportingCloseCode];

/** the close frame's reason for each code */
export const REPORTING_CLOSE_REASONS: Record<ReportingCloseCodeValue, string> = {
  1001: "Server shutting down.",
  4001: "Unauthenticated.",
  4002: "Token expired.",
  4003: "This token lacks the reports:read scope.",
  4004: "Credentials revoked.",
  4008: "No auth message in time.",
  4009: "Pong not received.",
  4029: "Too many report sockets for this account.",
};
