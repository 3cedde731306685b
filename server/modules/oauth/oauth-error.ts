// Errors of the token endpoint (RFC 6749 5.2). They have their own body shape ({error, error_description, message})
// and so their own type; everything else in the server uses AppError.

export const OAUTH_ERRORS = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  rate_limited: 429,
  server_error: 500,
} as const;

export type OAuthErrorCode = keyof typeof OAUTH_ERRORS;

export class OAuthError extends Error {
  readonly error: OAuthErrorCode;

  constructor(error: OAuthErrorCode, description: string) {
    super(description);
    this.name = "OAuthError";
    this.error = error;
  }

  get status(): number {
    return OAUTH_ERRORS[this.error];
  }
}

/** One answer for an unknown client_id, a wrong secret and a revoked client, so none can be told apart. */
export const INVALID_CLIENT_MESSAGE = "Client authentication failed.";
