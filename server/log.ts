// One pino logger for the process. Secrets never reach it: secret-bearing keys are redacted at any depth and in any
// spelling (log-redaction.ts), and code logs identifiers (client_id, key id), never tokens.
import pino from "pino";
import { env } from "./env";
import { REDACTED, redactSecrets } from "./log-redaction";

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

/** The logger's options: fixed paths for speed on the common shapes, then a deep walk for everything else. */
export function loggerOptions(level: string): pino.LoggerOptions {
  return {
    level,
    base: undefined,
    redact: { paths: REDACT, censor: REDACTED },
    formatters: {
      bindings: (bindings) => redactSecrets(bindings),
      log: (object) => redactSecrets(object),
    },
  };
}

export function logger(): pino.Logger {
  store.__fleetlineLog ??= pino(
    loggerOptions(env().LOG_LEVEL),
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
