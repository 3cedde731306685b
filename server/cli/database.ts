// The CLI's database: PostgreSQL when DATABASE_URL is set (shared safely with running servers, migrated if needed),
// otherwise the embedded PGlite in DATA_DIR, which a single process may hold (stack.md trap 9): while a server holds
// it, the CLI refuses instead of risking the server's data.
import path from "node:path";
import { openDatabase, setDatabase } from "../db/client";
import { DataDirLockedError } from "../db/embedded-lock";
import type { Env } from "../env";
import { CliError } from "./command";

export async function withDatabase<T>(config: Env, run: () => Promise<T>): Promise<T> {
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (error) {
    if (error instanceof DataDirLockedError) throw lockedError(error);
    throw new CliError(`cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
  }
  setDatabase(database);
  try {
    return await run();
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}

function lockedError(error: DataDirLockedError): CliError {
  return new CliError(
    `the embedded database in ${path.resolve(error.dataDir)} is held by a running Fleetline server ` +
      `(pid ${error.pid}); ` +
      `the embedded database serves one process only. Stop the server and run the command again, ` +
      `or run Fleetline on PostgreSQL (DATABASE_URL), where the CLI works while servers run`,
  );
}
