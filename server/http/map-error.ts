// Every error thrown by a REST handler becomes a response here, and only here: AppError -> its status and
// {message, code, errors?}; a zod error -> 422 VALIDATION_FAILED with field errors; anything else -> a plain 500
// whose body says nothing about the cause (the cause goes to the log).
import type { Logger } from "pino";
import { ZodError } from "zod";
import { fieldErrors, isAppError } from "../errors";
import { errorResponse, unauthenticatedResponse, type ErrorBody } from "./api-response";
import { RateLimitedError } from "../security/rate-limited-error";

export const VALIDATION_MESSAGE = "The given data was invalid.";

export function mapError(error: unknown, logger: Logger): Response {
  if (isAppError(error)) {
    if (error.code === "UNAUTHENTICATED") return unauthenticatedResponse("Bearer");
    if (error.status >= 500) logger.error({ err: error }, "request failed");
    const headers =
      error instanceof RateLimitedError ? { "retry-after": String(error.retryAfterSeconds) } : undefined;
    // a quota refusal (accounts/account-quotas.ts) says which cap; duck-typed like isAppError (module copies)
    const quota = "quota" in error ? (error.quota as ErrorBody["quota"]) : undefined;
    return errorResponse(error.status, { message: error.message, code: error.code, errors: error.errors, quota }, headers);
  }
  if (error instanceof ZodError) {
    return errorResponse(422, { message: VALIDATION_MESSAGE, code: "VALIDATION_FAILED", errors: fieldErrors(error.issues) });
  }
  logger.error({ err: error }, "unhandled error in request");
  return errorResponse(500, { message: "Internal server error.", code: "INTERNAL" });
}
