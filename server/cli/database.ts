// The CLI's database: PostgreSQL when DATABASE_URL is set (shared safely with running servers, migrated if needed),
// otherwise the embedded PGlite in DATA_DIR, which a single process may hold (stack.md trap 9): while a server holds
// it, the CLI refuses instead of risking the server's data.
import path from "node:path";
import { notOwnerOnly } from "../data-dir";
import { openDatabase, setDatabase } from "../db/client";
import { DataDirLockedError } from "../db/embedded-lock";
import type { Env } from "../env";
import { createRedisHub, setHub, type Hub } from "../hub";
import { log } from "../log";
import { CliError } from "./command";
import { DataDirHeldError } from "./execute";
import { ADMIN_SOCKET } from "./admin-channel-path";

/** how long the CLI waits for Redis before it works without announcing its changes */
const HUB_CONNECT_MS = 3000;

export async function withDatabase<T>(config: Env, run: () => Promise<T>): Promise<T> {
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (error) {
    if (error instanceof DataDirLockedError) throw lockedError(error, config.DATA_DIR);
    throw new CliError(`cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
  }
  setDatabase(database);
  // With REDIS_URL the CLI joins the servers' hub, so what it changes reaches them at once (a disabled tracking link
  // disconnects its viewers, a new asset is known to the stream); without it servers notice on their own, later.
  const hub = config.REDIS_URL ? await joinHub(config.REDIS_URL) : null;
  if (hub) setHub(hub);
  try {
    return await run();
  } finally {
    setHub(undefined);
    await hub?.close();
    setDatabase(undefined);
    await database.close();
  }
}

async function joinHub(url: string): Promise<Hub | null> {
  const logger = log("cli");
  let timer: NodeJS.Timeout | undefined;
  const connecting = createRedisHub(url, { onError: (error) => logger.debug({ err: error }, "redis hub error") });
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), HUB_CONNECT_MS)));
  try {
    const hub = await Promise.race([connecting, timeout]);
    if (!hub) {
      logger.warn("Redis did not answer: changes are not announced to running servers (they notice on their own)");
      void connecting.then((late) => late.close(), () => {});
    }
    return hub;
  } catch (error) {
    logger.warn({ err: error }, "Redis is unreachable: changes are not announced to running servers (they notice on their own)");
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** the server holding DATA_DIR may run the command for us (admin-channel.ts); this message stands when it cannot */
function lockedError(error: DataDirLockedError, dataDir: string): DataDirHeldError {
  return new DataDirHeldError(heldDataDirMessage(error.dataDir, error.pid), dataDir);
}

/** why the CLI cannot run a command on a database a server holds: the server's admin channel is closed, or silent */
export function heldDataDirMessage(dataDir: string, pid: number): string {
  const dir = path.resolve(dataDir);
  const held = `the embedded database in ${dir} is held by a running Fleetline server (pid ${pid})`;
  const exposed = notOwnerOnly(dir);
  if (exposed) {
    return (
      `${held}, which does not open its admin channel because DATA_DIR is not owner-only (${exposed}). ` +
      `Make it owner-only (chmod 700 ${dir}) and restart the server, or stop the server and run the command again, ` +
      "or run Fleetline on PostgreSQL (DATABASE_URL)"
    );
  }
  return (
    `${held}, which did not take the command (its admin channel, ${ADMIN_SOCKET} in DATA_DIR, did not answer). ` +
    "Stop the server and run the command again, or run Fleetline on PostgreSQL (DATABASE_URL)"
  );
}
