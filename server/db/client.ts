// The database: PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR (locked to this
// process). Either way it is migrated before it is handed out, and the Prisma client lives on globalThis so the
// custom server and the Next.js bundle share one (stack.md trap 10).
import { existsSync } from "node:fs";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client";
import { secureDataDir } from "../data-dir";
import { durableStartParams, enableNodeFsync, syncTree, type SyncCounter } from "./embedded-durability";
import { EMBEDDED_MEMORY_PARAMS } from "./embedded-memory";
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
  /** the embedded database on disk: its syncs to the file system (embedded-durability.ts); null otherwise */
  durability: SyncCounter | null;
  ping(): Promise<void>;
  /** the ingest SQL pool's connections (PostgreSQL; absent on the embedded database, which has no pool) */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * the embedded database only (absent on PostgreSQL, which has pg_dump): a consistent copy of its data directory as
   * an uncompressed tar archive, taken while it stays open (`fleet backup`, server/cli/backup-archive.ts)
   */
  dump?: () => Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PostgreSQL only: replaces the default timeouts (tests of outages use short ones) */
  timeouts?: Partial<PostgresTimeouts>;
  dataDir: string;
  /** in-memory embedded database (tests); no lock, nothing on disk */
  memory?: boolean;
  /** in memory: start from this data directory image (dumpDataDir) instead of an empty database, which skips
   *  PGlite's initdb (tests: server/testing/database-templates.ts) */
  memoryImage?: Uint8Array<ArrayBuffer>;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, { ...POSTGRES_TIMEOUTS, ...options.timeouts })
    : openEmbedded(options);
}

/**
 * How long PostgreSQL work may wait during an outage before it fails (docs/configuration.md "Timeouts"). Without
 * them a partition (packets dropped, no reset) holds queries for the operating system's TCP timeout, many minutes:
 * ingest stalls instead of refusing, requests hang and a graceful stop never ends. With them, work fails fast, the
 * failed connection is dropped from its pool, and the next query opens a fresh one: ingest resumes by itself.
 */
export interface PostgresTimeouts {
  /** to open a connection (TCP and start-up) */
  connectMs: number;
  /** server side: a statement running longer is cancelled by PostgreSQL itself */
  statementMs: number;
  /** client side: no answer at all (a partition) fails the query after this; a bit above statementMs */
  queryMs: number;
  /** TCP keepalive probes start after this much silence, so dead idle connections are found and replaced */
  keepAliveDelayMs: number;
}

export const POSTGRES_TIMEOUTS: PostgresTimeouts = {
  connectMs: 5_000,
  statementMs: 30_000,
  queryMs: 35_000,
  keepAliveDelayMs: 10_000,
};

/** pg's settings for a pool or client under these timeouts */
function pgTimeoutSettings(timeouts: PostgresTimeouts) {
  return {
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.queryMs,
    // a transaction left open by a stuck caller must not hold locks (and a pool connection) forever
    idle_in_transaction_session_timeout: timeouts.queryMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: timeouts.keepAliveDelayMs,
  };
}

/** connections of the plain-SQL pool (ingest batch writes run at most a few at a time) */
const SQL_POOL_SIZE = 6;

async function openPostgres(url: string, timeouts: PostgresTimeouts): Promise<Database> {
  // migrations may run long (an index on a big table): only connecting and silence are bounded for them
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: timeouts.keepAliveDelayMs,
  });
  client.on("error", () => {}); // a dropped connection fails the pending query, which is what reports it
  await client.connect();
  let migrated: string[];
  try {
    migrated = await applyMigrations(pgRunner(client));
  } finally {
    await client.end();
  }
  const settings = pgTimeoutSettings(timeouts);
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 20, ...settings }) });
  // its own small pool: batch writes never wait behind API queries for a connection (and the reverse)
  const pool = new pg.Pool({ connectionString: url, max: SQL_POOL_SIZE, ...settings });
  pool.on("error", () => {}); // an idle client's connection dropped: the pool replaces it on the next query
  return {
    prisma,
    sql: { query: async <T>(text: string, params: unknown[]) => (await pool.query(text, params)).rows as T[] },
    kind: "postgres",
    created: false,
    migrated,
    durability: null,
    ping: async () => {
      await prisma.$queryRawUnsafe("SELECT 1");
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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
  if (!options.memory) secureDataDir(options.dataDir);
  const release = options.memory ? () => {} : lockDataDir(path.resolve(options.dataDir));
  const created = options.memory || !existsSync(path.join(dataDir, "PG_VERSION"));
  try {
    // on disk: a commit returns once its WAL is on disk (embedded-durability.ts); in memory there is no disk
    const pglite = options.memory
      ? await PGlite.create(options.memoryImage ? { loadDataDir: new Blob([options.memoryImage]) } : {})
      : await PGlite.create(dataDir, { startParams: [...durableStartParams(PGlite), ...EMBEDDED_MEMORY_PARAMS] });
    const durability = options.memory ? null : enableNodeFsync(pglite);
    if (!options.memory) {
      if (created) syncTree(dataDir); // initdb wrote these before syncing existed
      secureDataDir(options.dataDir); // PGlite creates its files 0666: owner-only, as the directory
    }
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
      durability,
      ping: async () => {
        await pglite.query("SELECT 1");
      },
      // PGlite runs one statement at a time and dumpDataDir holds that same queue while it reads the files, so the
      // copy is the database between two statements: every commit before it is in it; a transaction still open is
      // rolled back when the copy is opened, as after a power loss. Ingest waits (it does not fail) meanwhile. The
      // checkpoint first writes the changed pages out, so opening the copy replays little WAL.
      dump: async () => {
        await pglite.query("CHECKPOINT");
        const archive = await pglite.dumpDataDir("none");
        return new Uint8Array(await archive.arrayBuffer());
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
