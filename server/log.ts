// One pino logger for the process. Secrets never reach it: known secret-bearing keys are redacted wherever they
// appear, and code logs identifiers (client_id, key id), never tokens.
import pino from "pino";
import { env } from "./env";

const REDACT = [
  "password",
  "*.password",
  "secret",
  "*.secret",
  "client_secret",
  "*.client_secret",
  "access_token",
  "*.access_token",
  "token",
  "*.token",
  "authorization",
  "*.authorization",
  "headers.authorization",
  "req.headers.authorization",
  "api_key",
  "*.api_key",
];

const store = globalThis as unknown as { __fleetlineLog?: pino.Logger; __fleetlineLogFd?: number };

export function logger(): pino.Logger {
  store.__fleetlineLog ??= pino(
    { level: env().LOG_LEVEL, base: undefined, redact: { paths: REDACT, censor: "[redacted]" } },
    pino.destination({ fd: store.__fleetlineLogFd ?? 1, sync: store.__fleetlineLogFd === 2 }),
  );
  return store.__fleetlineLog;
}

/** Sends logs to standard error (the CLI, whose standard output carries only its JSON answer). Call before logging. */
export function useStandardErrorForLogs(): void {
  store.__fleetlineLogFd = 2;
  store.__fleetlineLog = undefined;
}

/** A child logger for one module, e.g. `log("tracker")`. */
export function log(module: string): pino.Logger {
  return logger().child({ module });
}
