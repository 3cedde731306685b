// The database: PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR (locked to this
// process). Either way it is migrated before it is handed out, and the Prisma client lives on globalThis so the
// custom server and the Next.js bundle share one (stack.md trap 10).
import { existsSync } from "node:fs";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client";
import { lockDataDir } from "./embedded-lock";
import { applyMigrations, type SqlRunner } from "./migrate";

export type Db = PrismaClient;

/**
 * Plain SQL on the same database, for the ingest hot path: one statement per batch of thousands of values, where
 * Prisma's argument and result mapping would cost more than the statement. Everything else goes through Prisma.
 */
export interface SqlClient {
  query<T>(text: string, params: unknown[]): Promise<T[]>;
}

export interface Database {
  prisma: PrismaClient;
  sql: SqlClient;
  kind: "postgres" | "embedded";
  /** true when the embedded database was created by this open (decides the demo seed) */
  created: boolean;
  /** names of the migrations applied by this open */
  migrated: string[];
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** in-memory embedded database (tests); no lock, nothing on disk */
  memory?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openEmbedded(options);
}

/** connections of the plain-SQL pool (ingest batch writes run at most a few at a time) */
const SQL_POOL_SIZE = 6;

async function openPostgres(url: string): Promise<Database> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let migrated: string[];
  try {
    migrated = await applyMigrations(pgRunner(client));
  } finally {
    await client.end();
  }
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 20 }) });
  // its own small pool: batch writes never wait behind API queries for a connection (and the reverse)
  const pool = new pg.Pool({ connectionString: url, max: SQL_POOL_SIZE });
  pool.on("error", () => {}); // an idle client's connection dropped: the pool replaces it on the next query
  return {
    prisma,
    sql: { query: async <T>(text: string, params: unknown[]) => (await pool.query(text, params)).rows as T[] },
    kind: "postgres",
    created: false,
    migrated,
    ping: async () => {
      await prisma.$queryRawUnsafe("SELECT 1");
    },
    close: async () => {
      await Promise.all([prisma.$disconnect(), pool.end()]);
    },
  };
}

async function openEmbedded(options: OpenOptions): Promise<Database> {
  // Imported lazily: PGlite costs ~1 s and ~500 MB, and `next build` must never open it.
  const [{ PGlite }, { PrismaPGlite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("pglite-prisma-adapter"),
  ]);
  const dataDir = path.resolve(options.dataDir, "pglite");
  const release = options.memory ? () => {} : lockDataDir(path.resolve(options.dataDir));
  const created = options.memory || !existsSync(path.join(dataDir, "PG_VERSION"));
  try {
    const pglite = options.memory ? await PGlite.create() : await PGlite.create(dataDir);
    const migrated = await applyMigrations({
      exec: async (script) => {
        await pglite.exec(script);
      },
      query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
    });
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
    return {
      prisma,
      sql: { query: async <T>(text: string, params: unknown[]) => (await pglite.query<T>(text, params)).rows },
      kind: "embedded",
      created,
      migrated,
      ping: async () => {
        await pglite.query("SELECT 1");
      },
      close: async () => {
        await prisma.$disconnect();
        await pglite.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

function pgRunner(client: pg.Client): SqlRunner {
  return {
    exec: async (script) => {
      await client.query(script);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
  };
}

const store = globalThis as unknown as { __fleetlineDb?: Database };

/** The open database of this process. Throws when the composition root has not opened one. */
export function database(): Database {
  if (!store.__fleetlineDb) throw new Error("the database is not open (server/main.ts opens it at start-up)");
  return store.__fleetlineDb;
}

/** The Prisma client of the open database. */
export function db(): Db {
  return database().prisma;
}

export function setDatabase(value: Database | undefined): void {
  store.__fleetlineDb = value;
}
