// A fresh PostgreSQL database on the test server (TEST_POSTGRES_URL) for one suite or benchmark, empty or a copy of a
// template, dropped again afterwards. No vitest here: benchmarks use it too.
import pg from "pg";
import { randomId } from "../security/random";
import { TEST_POSTGRES_URL } from "./services";

export interface ScratchDatabase {
  url: string;
  /** drops the database, closing whatever connections are still open on it */
  drop(): Promise<void>;
}

/** `template`: a copy of that database (database-templates.ts) instead of an empty one */
export async function createScratchDatabase(prefix = "fleetline_test", template?: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomId(10)}`;
  await createDatabase(name, template);
  return { url: databaseUrl(name), drop: () => asPostgresAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** the test server's URL with another database */
export function databaseUrl(name: string): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function createDatabase(name: string, template: string | undefined): Promise<void> {
  if (!template) return asPostgresAdmin(`CREATE DATABASE "${name}"`);
  // PostgreSQL copies a template only while nobody is connected to it, and two copies at once are one connection
  // too many for each other (55006 "source database is being accessed by other users"): try again shortly
  for (let attempt = 1; ; attempt++) {
    try {
      return await asPostgresAdmin(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

export async function asPostgresAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
