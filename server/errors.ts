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
  STOP_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  RUN_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  DRIVER_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  IMPORT_JOB_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  SPREADSHEET_SOURCE_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  WEBHOOK_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  /** fleet records (docs/fleet-records.md) */
  GROUP_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  TAG_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  FUEL_ENTRY_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  ODOMETER_ENTRY_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  /** an odometer reading lower than an earlier one (by date) or higher than a later one, and not marked as a reset */
  ODOMETER_OUT_OF_SEQUENCE: { status: 422, trpc: "BAD_REQUEST" },
  /** deleting (or moving) a reset reading would leave later readings lower than earlier ones */
  ODOMETER_RESET_IN_USE: { status: 409, trpc: "CONFLICT" },
  ASSET_PHOTO_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  SERVICE_REMINDER_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  SERVICE_ENTRY_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  RENEWAL_REMINDER_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  /** an account already has the most webhooks it may have (docs/webhooks.md "Limits") */
  WEBHOOK_LIMIT_REACHED: { status: 422, trpc: "BAD_REQUEST" },
  /** an account already holds its cap of alert rules, geofences, OAuth clients, API keys or tracking links (docs/api.md "Quotas") */
  QUOTA_EXCEEDED: { status: 422, trpc: "BAD_REQUEST" },
  ACCESS_REQUEST_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  /** the tracking link has no passenger form */
  FORM_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  FORM_SUBMISSION_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
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
  /** a report's range is reversed, empty or longer than its type allows (docs/reports.md "Limits") */
  REPORT_RANGE_INVALID: { status: 422, trpc: "BAD_REQUEST" },
  /** a report's cursor is not a next_cursor of that report */
  REPORT_CURSOR_INVALID: { status: 400, trpc: "BAD_REQUEST" },
  ACCESS_CODE_INVALID: { status: 422, trpc: "BAD_REQUEST" },
  ACCESS_CODE_EXPIRED: { status: 422, trpc: "BAD_REQUEST" },
  /** the session belongs to another link than the channel it asks for */
  CHANNEL_FORBIDDEN: { status: 403, trpc: "FORBIDDEN" },
  CONFLICT: { status: 409, trpc: "CONFLICT" },
  IMEI_TAKEN: { status: 409, trpc: "CONFLICT" },
  EMAIL_TAKEN: { status: 409, trpc: "CONFLICT" },
  LAST_ADMIN: { status: 409, trpc: "CONFLICT" },
  GEOFENCE_IN_USE: { status: 409, trpc: "CONFLICT" },
  /** access is asked for on a link that is not authorised-only: anyone may open it through verify */
  LINK_NOT_PRIVATE: { status: 409, trpc: "CONFLICT" },
  /** the access request was approved or rejected already */
  ACCESS_REQUEST_DECIDED: { status: 409, trpc: "CONFLICT" },
  /** route numbers are unique per account: imports find routes by them */
  ROUTE_NUMBER_TAKEN: { status: 409, trpc: "CONFLICT" },
  /** stop names are unique per route: imports match passengers to stops by name */
  STOP_NAME_TAKEN: { status: 409, trpc: "CONFLICT" },
  /** one run per route per date */
  RUN_DATE_TAKEN: { status: 409, trpc: "CONFLICT" },
  /** a driver's e-mail or phone already names another driver (imports find drivers by them) */
  DRIVER_CONTACT_TAKEN: { status: 409, trpc: "CONFLICT" },
  /** group names are unique among a parent's subgroups (and among top-level groups), whatever their case */
  GROUP_NAME_TAKEN: { status: 409, trpc: "CONFLICT" },
  /** a group with subgroups cannot be deleted: move or delete the subgroups first */
  GROUP_HAS_SUBGROUPS: { status: 409, trpc: "CONFLICT" },
  /** tag names are unique per account, whatever their case */
  TAG_NAME_TAKEN: { status: 409, trpc: "CONFLICT" },
  /** an asset has one service reminder per task, whatever the case of its name */
  REMINDER_TASK_TAKEN: { status: 409, trpc: "CONFLICT" },
  /** driver messaging (docs/messaging.md): the vehicle has no current driver to send to */
  NO_CURRENT_DRIVER: { status: 422, trpc: "BAD_REQUEST" },
  /** a message to a tag that no driver carries and no vehicle carrying it has a current driver (within the sender's scope) */
  NO_TAGGED_DRIVERS: { status: 422, trpc: "BAD_REQUEST" },
  /** "all drivers" of an account that has none */
  NO_DRIVERS: { status: 422, trpc: "BAD_REQUEST" },
  /** a canned reply key the account does not define */
  CANNED_REPLY_NOT_FOUND: { status: 422, trpc: "BAD_REQUEST" },
  /** a driver sign-in link that is unknown, used or older than 15 minutes, or a wrong PIN */
  DRIVER_SIGN_IN_FAILED: { status: 401, trpc: "UNAUTHORIZED" },
  /** too many wrong PINs for the driver: refused for a while (Retry-After) */
  DRIVER_PIN_LOCKED: { status: 429, trpc: "TOO_MANY_REQUESTS" },
  /** the driver has no phone number or e-mail address to send a sign-in link to */
  DRIVER_UNREACHABLE: { status: 422, trpc: "BAD_REQUEST" },
  /** external ids are unique per account: passenger imports find passengers by them */
  EXTERNAL_ID_TAKEN: { status: 409, trpc: "CONFLICT" },
  /** a request body above its endpoint's byte cap (docs/api.md "Limits") */
  PAYLOAD_TOO_LARGE: { status: 413, trpc: "PAYLOAD_TOO_LARGE" },
  METHOD_NOT_ALLOWED: { status: 405, trpc: "METHOD_NOT_SUPPORTED" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: "UNSUPPORTED_MEDIA_TYPE" },
  RATE_LIMITED: { status: 429, trpc: "TOO_MANY_REQUESTS" },
  SERVICE_UNAVAILABLE: { status: 503, trpc: "INTERNAL_SERVER_ERROR" },
  /** outgoing e-mail failed (SMTP server down or refusing) */
  MAIL_UNAVAILABLE: { status: 503, trpc: "INTERNAL_SERVER_ERROR" },
  /** outgoing text messages failed (the SMS provider down or refusing) */
  SMS_UNAVAILABLE: { status: 503, trpc: "INTERNAL_SERVER_ERROR" },
  /** a tracking link that is not a passenger's own (opt-out) */
  PASSENGER_LINK_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  /** the passenger stopped messages through their link: nothing can be turned on until the team clears it */
  PASSENGER_OPTED_OUT: { status: 409, trpc: "CONFLICT" },
  /** the passenger has neither a contact e-mail nor a phone in international form to send an alert to */
  PASSENGER_UNREACHABLE: { status: 422, trpc: "BAD_REQUEST" },
  PASSENGER_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  TRACKER_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  CONTROL_COMMAND_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  /** a program number cannot be written: the adapter's software is not newer than the connection scheme */
  ADAPTER_SOFTWARE_TOO_OLD: { status: 422, trpc: "BAD_REQUEST" },
  /** vehicle control: the adapter did not answer a provisioning step in time, or the tracker is not connected */
  DEVICE_OFFLINE: { status: 409, trpc: "CONFLICT" },
  /** the program number read back differs from the one written */
  PROGRAM_NUMBER_MISMATCH: { status: 502, trpc: "INTERNAL_SERVER_ERROR" },
  /** vehicle control: no CAN adapter fitted (provisioning) */
  NO_ADAPTER_DETECTED: { status: 422, trpc: "BAD_REQUEST" },
  /** reports (docs/reports.md): a type that is not one of the seven */
  REPORT_TYPE_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  REPORT_JOB_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  REPORT_SCHEDULE_NOT_FOUND: { status: 404, trpc: "NOT_FOUND" },
  /** the job has no file yet (queued, running) or never will (failed) */
  REPORT_NOT_READY: { status: 409, trpc: "CONFLICT" },
  /** a job's file is kept 24 h after it is done; after that it is gone */
  REPORT_FILE_EXPIRED: { status: 410, trpc: "PRECONDITION_FAILED" },
  /** a password link (docs/dashboard.md "Password links") that was used, expired or replaced by a newer one */
  PASSWORD_LINK_NOT_VALID: { status: 410, trpc: "PRECONDITION_FAILED" },
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
