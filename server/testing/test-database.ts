// Real databases for tests: an in-memory PGlite (always) and a fresh PostgreSQL database per call (when the server
// is reachable). Both are copies of the migrated templates global setup made (database-templates.ts), migrated again
// on open (nothing left to do), and installed as the process database.
//
//   describe.each(databaseKinds())("assets on %s", (kind) => {
//     const t = useTestDatabase(kind);
//     it("...", async () => { await t.db.asset.create(...) });
//   });
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase, setDatabase, type Database, type Db } from "../db/client";
import { createScratchDatabase } from "./scratch-postgres";

export type DatabaseKind = "embedded" | "postgres";

/** The database kinds to run a suite on: embedded always, PostgreSQL when reachable (mandatory on CI). */
export function databaseKinds(): DatabaseKind[] {
  return inject("postgres") ? ["embedded", "postgres"] : ["embedded"];
}

export interface TestDatabase {
  database: Database;
  url?: string;
  close(): Promise<void>;
}

/** the migrated PGlite image global setup made (database-templates.ts), read once per test process */
let embeddedImage: Uint8Array<ArrayBuffer> | undefined;

/** `from: "empty"`: a database the migrations run on when it opens (tests of the migrations themselves) */
export async function createTestDatabase(kind: DatabaseKind, { from = "template" }: { from?: "template" | "empty" } = {}): Promise<TestDatabase> {
  if (kind === "embedded") {
    if (from === "template") embeddedImage ??= new Uint8Array(readFileSync(inject("embeddedImage")));
    const database = await openDatabase({ dataDir: "", memory: true, memoryImage: from === "template" ? embeddedImage : undefined });
    return { database, close: () => database.close() };
  }
  const scratch = await createScratchDatabase("fleetline_test", from === "template" ? inject("postgresTemplate") || undefined : undefined);
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: "" });
  return {
    database,
    url: scratch.url,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** Opens a database of `kind` before the suite, installs it as the process database, closes it after. */
export function useTestDatabase(kind: DatabaseKind): { readonly db: Db; readonly database: Database } {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(kind);
    setDatabase(current.database);
  }, 60_000);
  afterAll(async () => {
    setDatabase(undefined);
    await current?.close();
  });
  return {
    get db() {
      if (!current) throw new Error("test database not open yet");
      return current.database.prisma;
    },
    get database() {
      if (!current) throw new Error("test database not open yet");
      return current.database;
    },
  };
}
