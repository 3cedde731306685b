// Migrated databases made once per test run (vitest global setup), so that each suite's fresh database is a copy
// instead of a new one migrated from scratch: a PostgreSQL template database (`CREATE DATABASE ... TEMPLATE`) and an
// image of a migrated PGlite data directory (PGlite's loadDataDir). Creating an embedded database runs PGlite's
// initdb, which costs seconds of CPU each time; the suite opens one in over a hundred describe blocks. The copies
// are still migrated on open like any database (applyMigrations finds nothing to do), so a test never sees a
// database other than what the migrations make.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { applyMigrations, type SqlRunner } from "../db/migrate";
import { randomId } from "../security/random";
import { asPostgresAdmin, databaseUrl } from "./scratch-postgres";

export interface Template {
  /** the template database's name, or the image file's path */
  name: string;
  remove(): Promise<void>;
}

export async function createPostgresTemplate(): Promise<Template> {
  const name = `fleetline_template_${randomId(10)}`;
  await asPostgresAdmin(`CREATE DATABASE "${name}"`);
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    await applyMigrations({
      exec: async (script) => void (await client.query(script)),
      query: async (sql, params) => (await client.query(sql, params)).rows,
    } satisfies SqlRunner);
  } finally {
    await client.end();
  }
  return { name, remove: () => asPostgresAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

export async function createEmbeddedImage(): Promise<Template> {
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = await PGlite.create();
  try {
    await applyMigrations({
      exec: async (script) => void (await pglite.exec(script)),
      query: async (sql, params) => (await pglite.query(sql, params)).rows as never[],
    });
    const image = await pglite.dumpDataDir("none");
    const dir = mkdtempSync(path.join(tmpdir(), "fleetline-test-image-"));
    const name = path.join(dir, "pglite.tar");
    writeFileSync(name, new Uint8Array(await image.arrayBuffer()));
    return { name, remove: async () => rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await pglite.close();
  }
}
