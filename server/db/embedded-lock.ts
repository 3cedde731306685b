// PGlite is single-process: two processes opening one data directory lose committed rows. The process that opens
// the embedded database holds `DATA_DIR/fleetline.lock` (its pid); anyone else refuses with a clear message.
// A lock whose process no longer exists is stale and is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${dataDir} is in use by another Fleetline process (pid ${pid}); ` +
        `stop it first, or set DATABASE_URL to share a PostgreSQL database between processes`,
    );
    this.name = "DataDirLockedError";
  }
}

function lockPath(dataDir: string) {
  return path.join(dataDir, "fleetline.lock");
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid holding the data directory, or null when it is free (stale locks count as free). */
export function dataDirHolder(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath(dataDir), "utf8"), 10);
    return Number.isInteger(pid) && pid !== process.pid && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the lock or throws DataDirLockedError; returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 }); // owner-only, as server/data-dir.ts keeps it
  const file = lockPath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      const release = () => rmSync(file, { force: true });
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = dataDirHolder(dataDir);
      if (holder !== null) throw new DataDirLockedError(dataDir, holder);
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}
