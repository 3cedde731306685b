// The embedded database belongs to one process (stack.md trap 9): the lock file, refusal while its holder lives,
// and takeover of a lock left by a process that is gone.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, dataDirHolder, lockDataDir } from "./embedded-lock";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fleetline-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** a pid that certainly belongs to no running process: a child that has already exited */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("lockDataDir", () => {
  it("writes this process's pid and removes the file on release", () => {
    const dir = path.join(tempDir(), "nested", "data");
    const release = lockDataDir(dir);
    const file = path.join(dir, "fleetline.lock");
    expect(readFileSync(file, "utf8")).toBe(String(process.pid));
    // the holder itself is not "another process"
    expect(dataDirHolder(dir)).toBeNull();
    release();
    expect(existsSync(file)).toBe(false);
  });

  it("refuses while a live process holds the directory, naming the directory and the pid", async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    try {
      writeFileSync(path.join(dir, "fleetline.lock"), String(holder.pid));
      expect(dataDirHolder(dir)).toBe(holder.pid);
      let thrown: unknown;
      try {
        lockDataDir(dir);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(DataDirLockedError);
      expect((thrown as DataDirLockedError).pid).toBe(holder.pid);
      expect((thrown as Error).message).toContain(dir);
      expect((thrown as Error).message).toContain(`pid ${holder.pid}`);
      expect((thrown as Error).message).toMatch(/DATABASE_URL/);
      // the holder's lock is left alone
      expect(readFileSync(path.join(dir, "fleetline.lock"), "utf8")).toBe(String(holder.pid));
    } finally {
      holder.kill("SIGKILL");
    }
  });

  it("takes over a stale lock whose process is gone", () => {
    const dir = tempDir();
    const stale = deadPid();
    writeFileSync(path.join(dir, "fleetline.lock"), String(stale));
    expect(dataDirHolder(dir)).toBeNull();
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, "fleetline.lock"), "utf8")).toBe(String(process.pid));
    release();
  });

  it("treats an unreadable or garbage lock file as stale", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "fleetline.lock"), "not a pid");
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, "fleetline.lock"), "utf8")).toBe(String(process.pid));
    release();
  });

  it("lets a second lock in another process fail while the first holds it", () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    try {
      const other = spawnSync(
        path.resolve("node_modules/.bin/tsx"),
        [
          "-e",
          `import { lockDataDir } from ${JSON.stringify(path.resolve("server/db/embedded-lock.ts"))};
           try { lockDataDir(${JSON.stringify(dir)}); console.log("locked"); } catch (e) { console.log(e.name); process.exit(3); }`,
        ],
        { encoding: "utf8" },
      );
      expect(other.stdout.trim()).toBe("DataDirLockedError");
      expect(other.status).toBe(3);
    } finally {
      release();
    }
  });
});
