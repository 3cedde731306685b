// The embedded database's promise (docs/configuration.md "What the embedded default promises"): a commit returns
// only once its WAL was synced to disk, and the files are the owner's alone. A process killed with SIGKILL right
// after an acknowledged commit loses nothing when the directory is reopened. (A power cut cannot be staged in a
// test; the sync counter shows that every acknowledged commit was passed to fsync(), which is what survives one.)
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fleetline-durability-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** every path under dir whose mode lets anyone but the owner in */
function looseModes(dir: string): string[] {
  const loose: string[] = [];
  const visit = (target: string) => {
    const stat = statSync(target);
    if ((stat.mode & 0o077) !== 0) loose.push(`${path.relative(dir, target) || "."} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const entry of readdirSync(target)) visit(path.join(target, entry));
  };
  visit(dir);
  return loose;
}

describe("the embedded database on disk", () => {
  it("runs with fsync on and syncs the WAL before a commit returns", async () => {
    const database = await openDatabase({ dataDir: dataDir() });
    try {
      const [fsync] = await database.sql.query<{ fsync: string }>("SHOW fsync", []);
      const [method] = await database.sql.query<{ wal_sync_method: string }>("SHOW wal_sync_method", []);
      expect(fsync!.fsync).toBe("on");
      expect(method!.wal_sync_method).toBe("fsync");

      await database.sql.query("CREATE TABLE probe (id integer PRIMARY KEY)", []);
      for (let id = 1; id <= 3; id++) {
        const before = database.durability!.walSyncs;
        await database.sql.query("INSERT INTO probe (id) VALUES ($1)", [id]);
        expect(database.durability!.walSyncs).toBeGreaterThan(before);
      }
      // a checkpoint syncs data files and directories too
      const beforeCheckpoint = database.durability!.syncs;
      await database.sql.query("CHECKPOINT", []);
      expect(database.durability!.syncs).toBeGreaterThan(beforeCheckpoint);
    } finally {
      await database.close();
    }
  });

  it("keeps DATA_DIR and every file in it readable by the owner only, also under a permissive umask", async () => {
    const dir = path.join(dataDir(), "data");
    const previous = process.umask(0o000);
    try {
      const database = await openDatabase({ dataDir: dir });
      try {
        await database.sql.query("CREATE TABLE probe (id integer)", []);
      } finally {
        await database.close();
      }
    } finally {
      process.umask(previous);
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(looseModes(dir)).toEqual([]);
  });

  it("has every acknowledged commit after the writing process is killed with SIGKILL", async () => {
    const dir = dataDir();
    const child = spawn(process.execPath, ["--import", "tsx", "server/testing/embedded-write-child.ts"], {
      env: { ...process.env, DATA_DIR: dir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const acks: { acked: number; walSyncs: number }[] = [];
    await new Promise<void>((resolve, reject) => {
      let buffered = "";
      child.stdout.on("data", (chunk) => {
        buffered += chunk;
        const lines = buffered.split("\n");
        buffered = lines.pop()!;
        for (const line of lines) {
          const message = JSON.parse(line) as { acked?: number; walSyncs?: number };
          if (message.acked === undefined) continue;
          acks.push({ acked: message.acked, walSyncs: message.walSyncs! });
          // killed the moment the 50th commit is acknowledged, while the writer is already at the next one
          if (message.acked === 50) {
            child.kill("SIGKILL");
            resolve();
          }
        }
      });
      void exited.then(() => reject(new Error(`the writer exited before 50 commits:\n${output}`)));
    });
    await exited;
    expect(acks.length).toBeGreaterThanOrEqual(50);
    // every acknowledgement came after a WAL sync of its own
    for (let i = 1; i < acks.length; i++) expect(acks[i]!.walSyncs).toBeGreaterThan(acks[i - 1]!.walSyncs);

    const reopened = await openDatabase({ dataDir: dir });
    try {
      const rows = await reopened.sql.query<{ id: number }>("SELECT id FROM durability_probe ORDER BY id", []);
      const stored = new Set(rows.map((row) => row.id));
      const lost = acks.map((ack) => ack.acked).filter((id) => !stored.has(id));
      expect(lost).toEqual([]);
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
