// RATE_LIMITED (or a more specific 429 code, e.g. DRIVER_PIN_LOCKED) with the number of seconds the caller should
// wait (sent as Retry-After by mapError).
import { AppError, type ErrorCode } from "../errors";

export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, message = "Too many requests. Try again later.", code: ErrorCode = "RATE_LIMITED") {
    super(code, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
