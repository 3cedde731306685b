// The seeded fleet of the reports benchmark (seed-report-fleet.ts), on PostgreSQL or on the embedded database, kept
// between runs so a re-run does not spend minutes seeding the same rows again:
//   - PostgreSQL: the seeded database is kept as a template database named after a hash of the migrations, the seed
//     script and the fleet size (`fleetline_bench_reports_<hash>`); each run clones it (CREATE DATABASE … TEMPLATE,
//     file copy) into a scratch database it drops afterwards, so a run never changes the template. A template is
//     marked as one (IS_TEMPLATE) only once its seed finished, so an interrupted seed is thrown away and redone.
//     Templates of other hashes (older migrations or seed) are dropped when a new one is made.
//   - embedded: the seeded data directory is kept under the system's temporary folder with the same kind of name and
//     a `complete` marker; each run copies it to a directory of its own and removes that afterwards.
// BENCH_REPORTS_RESEED=1 throws the kept copies away and seeds again.
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Database, type SqlClient } from "../../../server/db/client";
import { randomId } from "../../../server/security/random";
import { TEST_POSTGRES_URL } from "../../../server/testing/services";
import { FLEET_FROM, FLEET_TIME_ZONE, seedReportFleet, type ReportFleet } from "./seed-report-fleet";

export interface OpenedFleet {
  database: Database;
  fleet: ReportFleet;
  /** how long seeding took when this run seeded (ms); null when a kept copy was used */
  seedMs: number | null;
  /** how long cloning the kept copy into this run's database took (ms) */
  cloneMs: number;
  close(): Promise<void>;
}

const TEMPLATE_PREFIX = "fleetline_bench_reports_";
const reseed = process.env.BENCH_REPORTS_RESEED === "1";
const log = (text: string) => process.stderr.write(`reports bench: ${text}\n`);

/**
 * the fleet size and a hash that changes whenever the rows a seed makes could change (the schema, i.e. the
 * migrations, and the seed script); a new one replaces kept copies of the same size only
 */
function seedHash(vehicles: number, days: number): string {
  const hash = createHash("sha256");
  const migrations = path.join(process.cwd(), "prisma", "migrations");
  for (const name of readdirSync(migrations).sort()) {
    const file = path.join(migrations, name, "migration.sql");
    if (existsSync(file)) hash.update(name).update(readFileSync(file));
  }
  hash.update(readFileSync(path.join(import.meta.dirname, "seed-report-fleet.ts")));
  return `${vehicles}x${days}_${hash.digest("hex").slice(0, 12)}`;
}

async function seedLogged(sql: SqlClient, vehicles: number, days: number, kind: string): Promise<number> {
  const started = Date.now();
  log(`seeding ${vehicles} vehicles × ${days} days on ${kind} (kept for later runs)`);
  await seedReportFleet(sql, {
    vehicles,
    days,
    onProgress: (done) => done % 20 === 0 && log(`${kind}: ${done}/${vehicles} vehicles seeded, ${Math.round((Date.now() - started) / 1000)} s`),
  });
  return Date.now() - started;
}

/** the fleet as a seeded database holds it */
async function readFleet(sql: SqlClient, vehicles: number, days: number): Promise<ReportFleet> {
  const [account] = await sql.query<{ id: number; name: string }>(`SELECT id, name FROM accounts WHERE key = 'reports-bench'`, []);
  if (!account) throw new Error("the reports bench database holds no seeded fleet");
  const assets = await sql.query<{ id: number }>(`SELECT id FROM assets WHERE account_id = $1 ORDER BY id`, [account.id]);
  const [counts] = await sql.query<{ positions: string; trips: string }>(
    `SELECT (SELECT count(*) FROM positions) AS positions, (SELECT count(*) FROM trips) AS trips`,
    [],
  );
  return {
    accountId: account.id,
    accountName: account.name,
    assetIds: assets.map((a) => a.id),
    from: FLEET_FROM,
    to: new Date(FLEET_FROM.getTime() + days * 86_400_000),
    timeZone: FLEET_TIME_ZONE,
    vehicles,
    days,
    positions: Number(counts!.positions),
    trips: Number(counts!.trips),
  };
}

async function admin<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

const urlOf = (name: string) => {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

async function dropDatabase(name: string): Promise<void> {
  await admin(`ALTER DATABASE "${name}" IS_TEMPLATE false`).catch(() => undefined);
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

export async function openPostgresFleet(vehicles: number, days: number): Promise<OpenedFleet> {
  const template = `${TEMPLATE_PREFIX}${seedHash(vehicles, days)}`;
  const sameSize = `${TEMPLATE_PREFIX}${vehicles}x${days}_%`;
  const [kept] = await admin<{ datistemplate: boolean }>(`SELECT datistemplate FROM pg_database WHERE datname = $1`, [template]);
  let seedMs: number | null = null;
  if (!kept?.datistemplate || reseed) {
    for (const { datname } of await admin<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [sameSize])) {
      await dropDatabase(datname);
    }
    await admin(`CREATE DATABASE "${template}"`);
    const seeding = await openDatabase({ databaseUrl: urlOf(template), dataDir: "" });
    try {
      seedMs = await seedLogged(seeding.sql, vehicles, days, "PostgreSQL");
      await seeding.sql.query("VACUUM (ANALYZE)", []);
    } finally {
      await seeding.close();
    }
    await admin(`ALTER DATABASE "${template}" IS_TEMPLATE true`);
  }
  const name = `fleetline_bench_${randomId(10)}`;
  const cloneStarted = Date.now();
  await admin(`CREATE DATABASE "${name}" TEMPLATE "${template}" STRATEGY FILE_COPY`);
  const cloneMs = Date.now() - cloneStarted;
  const database = await openDatabase({ databaseUrl: urlOf(name), dataDir: "" });
  return {
    database,
    fleet: await readFleet(database.sql, vehicles, days),
    seedMs,
    cloneMs,
    close: async () => {
      await database.close();
      await dropDatabase(name);
    },
  };
}

export async function openEmbeddedFleet(vehicles: number, days: number): Promise<OpenedFleet> {
  const keptDir = path.join(tmpdir(), `fleetline-bench-reports-${seedHash(vehicles, days)}`);
  const marker = path.join(keptDir, "complete");
  let seedMs: number | null = null;
  if (!existsSync(marker) || reseed) {
    for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(`fleetline-bench-reports-${vehicles}x${days}_`))) {
      rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
    }
    const seeding = await openDatabase({ dataDir: keptDir });
    try {
      seedMs = await seedLogged(seeding.sql, vehicles, days, "embedded");
      await seeding.sql.query("VACUUM (ANALYZE)", []);
      await seeding.sql.query("CHECKPOINT", []);
    } finally {
      await seeding.close();
    }
    writeFileSync(marker, new Date().toISOString());
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "fleetline-bench-run-"));
  const cloneStarted = Date.now();
  cpSync(path.join(keptDir, "pglite"), path.join(dataDir, "pglite"), { recursive: true });
  const cloneMs = Date.now() - cloneStarted;
  const database = await openDatabase({ dataDir });
  return {
    database,
    fleet: await readFleet(database.sql, vehicles, days),
    seedMs,
    cloneMs,
    close: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
