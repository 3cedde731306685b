// A fresh, empty PostgreSQL database on the test server (TEST_POSTGRES_URL) for one suite or benchmark, dropped again
// afterwards. No vitest here: benchmarks use it too.
import pg from "pg";
import { randomId } from "../security/random";
import { TEST_POSTGRES_URL } from "./services";

export interface ScratchDatabase {
  url: string;
  /** drops the database, closing whatever connections are still open on it */
  drop(): Promise<void>;
}

export async function createScratchDatabase(prefix = "fleetline_test"): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomId(10)}`;
  await asAdmin(`CREATE DATABASE "${name}"`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

async function asAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
