// Creates and drops the throw-away PostgreSQL database of an end-to-end run (postgres@127.0.0.1:5432, trust).
import pg from "pg";

export const E2E_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: E2E_POSTGRES_URL });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${E2E_POSTGRES_URL} (the end-to-end tests need it; .ci/run starts it): ${(error as Error).message}`,
    );
  }
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database and returns its connection string. */
export async function createE2eDatabase(name: string): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(E2E_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropE2eDatabase(name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
