// `fleet restore`: replaces the embedded database in DATA_DIR with a backup (docs/cli.md "restore"). It holds
// DATA_DIR's lock throughout, so it refuses while a server holds the directory and no server can start meanwhile.
// The backup is loaded into a new PGlite data directory beside DATA_DIR/pglite, opened, checked to be a Fleetline
// database and brought to this version's migrations; only then are the directories swapped (two renames in one
// folder). The database it replaces is kept as pglite.before-restore-<time>, never deleted: a restore is the moment
// an operator is most likely to have picked the wrong file.
import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { secureDataDir } from "../data-dir";
import { durableStartParams, syncTree } from "../db/embedded-durability";
import { DataDirLockedError, lockDataDir } from "../db/embedded-lock";
import { applyMigrations, readMigrations } from "../db/migrate";
import { CliError } from "./command";
import { EMBEDDED_MEMORY_PARAMS } from "../db/embedded-memory";

export interface RestoreResult {
  /** the database replaced, kept beside it; null when DATA_DIR had none */
  previous: string | null;
  /** migrations the backup lacked, applied to it now (a backup of an older version) */
  migrated: string[];
  positions: number;
}

export async function restoreEmbedded(tar: Uint8Array, dataDir: string): Promise<RestoreResult> {
  const root = path.resolve(dataDir);
  let release: () => void;
  try {
    release = lockDataDir(root);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new CliError(
      `a running Fleetline server (pid ${error.pid}) holds the embedded database in ${root}: stop it, then run fleet restore again ` +
        `(a restore replaces the database, so it never runs beside a server)`,
    );
  }
  const staging = path.join(root, `pglite.restoring-${process.pid}`);
  try {
    if (secureDataDir(root).notOurs) throw new CliError(`${root} holds other things than Fleetline's: give DATA_DIR a folder of its own`);
    rmSync(staging, { recursive: true, force: true }); // left by a restore that was killed
    const { migrated, positions } = await loadAndCheck(tar, staging);
    syncTree(staging); // PGlite wrote the archive's files without syncing them
    const live = path.join(root, "pglite");
    const previous = existsSync(live) ? path.join(root, `pglite.before-restore-${timestamp()}`) : null;
    if (previous) renameSync(live, previous);
    try {
      renameSync(staging, live);
    } catch (error) {
      if (previous) renameSync(previous, live); // put the old database back rather than leave none
      throw error;
    }
    syncTree(root);
    secureDataDir(root); // PGlite creates its files 0666: owner-only, as the server keeps them
    return { previous, migrated, positions };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release();
  }
}

async function loadAndCheck(tar: Uint8Array, staging: string): Promise<{ migrated: string[]; positions: number }> {
  const { PGlite } = await import("@electric-sql/pglite");
  let pglite;
  try {
    pglite = await PGlite.create(staging, { loadDataDir: new Blob([tar as Uint8Array<ArrayBuffer>]) /* read from a file: never shared memory */, startParams: [...durableStartParams(PGlite), ...EMBEDDED_MEMORY_PARAMS] });
  } catch (error) {
    throw new CliError(`the backup's database does not open (${firstLine(error)}); nothing was changed`);
  }
  try {
    const known = new Set(readMigrations().map((migration) => migration.name));
    const [table] = await pglite.query<{ present: boolean }>(`SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS present`).then((r) => r.rows);
    if (!table?.present) throw new CliError("the backup holds a database, but not a Fleetline one; nothing was changed");
    const applied = await pglite.query<{ migration_name: string }>(`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`);
    const newer = applied.rows.map((row) => row.migration_name).filter((name) => !known.has(name));
    if (newer.length > 0) {
      throw new CliError(`the backup comes from a newer Fleetline (migration ${newer[0]} is unknown here): restore it with that version; nothing was changed`);
    }
    const migrated = await applyMigrations({
      exec: async (script) => {
        await pglite.exec(script);
      },
      query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
    });
    const [count] = (await pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM positions`)).rows;
    return { migrated, positions: count?.n ?? 0 };
  } finally {
    await pglite.close();
  }
}

function timestamp(): string {
  return new Date().toISOString().replace(/[:.]/g, "-");
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0]!;
}
