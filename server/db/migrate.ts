// Applies prisma/migrations/*/migration.sql in order, each in its own transaction, and records them in
// `_prisma_migrations` exactly as the Prisma CLI does, so operators who have the CLI stay compatible.
// The same files run unchanged on PostgreSQL and on the embedded PGlite.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The two operations migrations need; both pg's Client and PGlite provide them through small wrappers. */
export interface SqlRunner {
  /** runs a multi-statement script */
  exec(script: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function migrationsDir(): string {
  // process.cwd() is the project root for the server, the CLI and tests alike; this file's own location is not
  // reliable once Next bundles it.
  return path.join(/* turbopackIgnore: true */ process.cwd(), "prisma", "migrations");
}

export function readMigrations(dir = migrationsDir()): Migration[] {
  if (!existsSync(dir)) throw new Error(`migrations folder not found: ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

// Several app processes may start at once against one PostgreSQL; an advisory lock makes one of them migrate
// while the others wait. The number is arbitrary but fixed ("fleetline" in ASCII, truncated to 63 bits).
const MIGRATION_LOCK_ID = 7370010355085715053n;

/** Applies pending migrations; returns the names applied now. Throws if an applied migration was edited. */
export async function applyMigrations(db: SqlRunner, migrations = readMigrations()): Promise<string[]> {
  await db.query("SELECT true AS locked FROM pg_advisory_lock($1::bigint)", [MIGRATION_LOCK_ID.toString()]);
  try {
    await db.exec(CREATE_TABLE);
    const rows = await db.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    const done: string[] = [];
    for (const migration of migrations) {
      const checksum = applied.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(`migration ${migration.name} was changed after it was applied; add a new migration instead`);
        }
        continue;
      }
      const id = randomUUID();
      await db.exec("BEGIN");
      try {
        await db.exec(migration.sql);
        await db.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), 1)`,
          [id, migration.checksum, migration.name],
        );
        await db.exec("COMMIT");
      } catch (error) {
        await db.exec("ROLLBACK");
        throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      done.push(migration.name);
    }
    return done;
  } finally {
    await db.query("SELECT pg_advisory_unlock($1::bigint) AS unlocked", [MIGRATION_LOCK_ID.toString()]);
  }
}
