// Composition root: validate the environment, start everything, stop gracefully on SIGTERM/SIGINT.
// This is the only entry point that listens on sockets (`npm start`, `npm run dev`).
import { EnvError, env } from "./env";
import { DataDirLockedError } from "./db/embedded-lock";
import { log } from "./log";
import { startFleetline, type RunningServer } from "./server";

/**
 * The longest a graceful stop may take: its own steps are bounded (tracker drain 10 s and flush 2 s, HTTP requests
 * under way 10 s, webhook attempts 6 s), so this is only reached when something hangs.
 */
const STOP_DEADLINE_MS = 45_000;

async function main() {
  let config;
  try {
    config = env();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = log("main");

  // Signal handlers go in first and stay: a signal during start-up stops the server as soon as it is up, and a
  // repeated signal (wrappers such as tsx and npm forward one of their own) never cuts a graceful stop short.
  let server: RunningServer | undefined;
  let stopRequested: string | undefined;
  const stop = (signal: string) => {
    if (stopRequested) return void logger.info({ signal }, "already stopping");
    stopRequested = signal;
    logger.info({ signal }, "shutdown requested");
    if (!server) return; // start-up finishes first, then stops
    // a stop that cannot finish (a client that never lets go, a database that stopped answering) must not leave a
    // process that neither serves nor exits: past the deadline it exits anyway, non-zero, so a supervisor notices
    setTimeout(() => {
      logger.error({ deadlineMs: STOP_DEADLINE_MS }, "shutdown did not finish in time: exiting anyway");
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    server.stop().then(
      () => process.exit(0),
      (error) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  try {
    server = await startFleetline(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      logger.fatal(error.message);
      process.exit(1);
    }
    logger.fatal({ err: error }, "start-up failed");
    process.exit(1);
  }
  if (stopRequested) {
    const signal = stopRequested;
    stopRequested = undefined;
    stop(signal);
  }
}

void main();
