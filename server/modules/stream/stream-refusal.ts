// Why a live-stream connection was refused. The client's `connect_error` carries a readable `message` and
// `data: { code }` with one of these constants (docs/live-stream.md lists them); clients switch on the code.

export const StreamRefusalCode = {
  /** no access_token in the handshake */
  TOKEN_MISSING: "TOKEN_MISSING",
  /** malformed, badly signed, expired or revoked token, or a client whose account is gone: one answer for all */
  TOKEN_INVALID: "TOKEN_INVALID",
  /** the token lacks the stream:read scope */
  INSUFFICIENT_SCOPE: "INSUFFICIENT_SCOPE",
  /** asset_ids missing, or not a JSON array */
  ASSET_IDS_INVALID: "ASSET_IDS_INVALID",
  /** the account already holds its maximum of concurrent stream connections */
  CONNECTION_LIMIT: "CONNECTION_LIMIT",
  /** too many handshakes from this client address in the last minute: retry after the wait in the message */
  RATE_LIMITED: "RATE_LIMITED",
  /** the token or the stream could not be checked right now (database unreachable, nothing recent cached): retry */
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
} as const;

export type StreamRefusalCode = (typeof StreamRefusalCode)[keyof typeof StreamRefusalCode];

/** Thrown by the handshake checks; socket.io turns it into the client's connect_error (message + data). */
export class StreamRefusal extends Error {
  readonly data: { code: StreamRefusalCode };

  constructor(
    readonly code: StreamRefusalCode,
    message: string,
  ) {
    super(message);
    this.name = "StreamRefusal";
    this.data = { code };
  }
}
