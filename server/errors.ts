// One error type for the whole server and one table mapping each code to its HTTP status and tRPC code.
// Transport layers (REST wrapper, tRPC, CLI) turn an AppError into their own shape; anything else is a plain 500.

export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, trpc: "BAD_REQUEST" },
  VALIDATION_FAILED: { status: 422, trpc: "BAD_REQUEST" },
  UNAUTHENTICATED: { status: 401, trpc: "UNAUTHORIZED" },
  FORBIDDEN: { status: 403, trpc: "FORBIDDEN" },
  INSUFFICIENT_SCOPE: { status: 403, trpc: "FORBIDDEN" },
  NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  ACCOUNT_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  ASSET_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  USER_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  ALERT_RULE_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  ALERT_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  GEOFENCE_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  LINK_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  ROUTE_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  IMPORT_JOB_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  /** an import call above the spec's 5,000 rows (each stop counting) */
  IMPORT_TOO_LARGE: { status: 413, trpc: "PAYLOAD_TOO_LARGE" },
  /** a disabled tracking link (public API) */
  LINK_INACTIVE: { status: 410, trpc: "PRECONDITION_FAILED" },
  /** an expired tracking link (public API); the body names the reason */
  LINK_EXPIRED: { status: 410, trpc: "PRECONDITION_FAILED" },
  /** the link is outside its schedule window (or not started): no position is shown now */
  OUTSIDE_SCHEDULE: { status: 403, trpc: "FORBIDDEN" },
  /** the viewer session has ended: verify again */
  SESSION_EXPIRED: { status: 401, trpc: "UNAUTHORIZED" },
  /** an authorised-only link was asked for by an address not on its list (API-authenticated verify) */
  EMAIL_NOT_AUTHORISED: { status: 403, trpc: "FORBIDDEN" },
  ACCESS_CODE_INVALID: { status: 422, trpc: "BAD_REQUEST" },
  ACCESS_CODE_EXPIRED: { status: 422, trpc: "BAD_REQUEST" },
  /** the session belongs to another link than the channel it asks for */
  CHANNEL_FORBIDDEN: { status: 403, trpc: "FORBIDDEN" },
  CONFLICT: { status: 409, trpc: "CONFLICT" },
  IMEI_TAKEN: { status: 409, trpc: "CONFLICT" },
  EMAIL_TAKEN: { status: 409, trpc: "CONFLICT" },
  LAST_ADMIN: { status: 409, trpc: "CONFLICT" },
  GEOFENCE_IN_USE: { status: 409, trpc: "CONFLICT" },
  METHOD_NOT_ALLOWED: { status: 405, trpc: "METHOD_NOT_SUPPORTED" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: "UNSUPPORTED_MEDIA_TYPE" },
  RATE_LIMITED: { status: 429, trpc: "TOO_MANY_REQUESTS" },
  SERVICE_UNAVAILABLE: { status: 503, trpc: "INTERNAL_SERVER_ERROR" },
  /** outgoing e-mail failed (SMTP server down or refusing) */
  MAIL_UNAVAILABLE: { status: 503, trpc: "INTERNAL_SERVER_ERROR" },
  INTERNAL: { status: 500, trpc: "INTERNAL_SERVER_ERROR" },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** A field-level problem, e.g. `{ field: "imei", message: "must be 15 digits" }`. */
export interface FieldError {
  field: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldError[];

  constructor(code: ErrorCode, message: string, errors?: FieldError[]) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.errors = errors;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError || (error instanceof Error && error.name === "AppError" && "code" in error);
}

/** Turns zod issues into field errors (`path.to.field`). */
export function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldError[] {
  return issues.map((issue) => ({ field: issue.path.map(String).join(".") || "body", message: issue.message }));
}
