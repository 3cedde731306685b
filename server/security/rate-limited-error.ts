// RATE_LIMITED with the number of seconds the caller should wait (sent as Retry-After by mapError).
import { AppError } from "../errors";

export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, message = "Too many requests. Try again later.") {
    super("RATE_LIMITED", message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
