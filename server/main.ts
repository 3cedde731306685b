// Composition root: validate the environment, start everything, stop gracefully on SIGTERM/SIGINT.
// This is the only entry point that listens on sockets (`npm start`, `npm run dev`).
import { EnvError, env } from "./env";
import { DataDirLockedError } from "./db/embedded-lock";
import { log } from "./log";
import { startFleetline } from "./server";

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
  try {
    const server = await startFleetline(config);
    const shutdown = (signal: string) => {
      logger.info({ signal }, "shutdown requested");
      server.stop().then(
        () => process.exit(0),
        (error) => {
          logger.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    };
    process.once("SIGTERM", () => shutdown("SIGTERM"));
    process.once("SIGINT", () => shutdown("SIGINT"));
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      logger.fatal(error.message);
      process.exit(1);
    }
    logger.fatal({ err: error }, "start-up failed");
    process.exit(1);
  }
}

void main();
