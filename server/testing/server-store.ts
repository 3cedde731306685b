// Test support: where a whole server that a test starts (startFleetline over real sockets) keeps its data. Every
// server gets a DATA_DIR of its own (on tmpfs where there is one); on PostgreSQL also a scratch database and the
// AUTH_SECRET a server on a database server needs. `remove()` drops the database and deletes the folder.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createScratchDatabase } from "./scratch-postgres";
import type { DatabaseKind } from "./test-database";

export interface ServerStore {
  /** settings to merge into the server's environment */
  settings: Record<string, string>;
  remove(): Promise<void>;
}

export async function serverStore(kind: DatabaseKind, label: string): Promise<ServerStore> {
  const dataDir = mkdtempSync(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), `fleetline-${label}-`));
  const database = kind === "postgres" ? await createScratchDatabase(`fleetline_test_${label}`) : null;
  return {
    settings: { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url, AUTH_SECRET: "x".repeat(32) } : {}) },
    remove: async () => {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
