// DATA_DIR is the owner's alone: created 0700, and an existing one (with its files) tightened at start.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { secureDataDir } from "./data-dir";

const roots: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fleetline-data-dir-"));
  roots.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of roots) rmSync(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe("secureDataDir", () => {
  it("creates a missing directory, and its missing parents, owner-only", () => {
    const dir = path.join(scratch(), "a", "b", ".data");
    const previous = process.umask(0o000);
    try {
      const result = secureDataDir(dir);
      expect(result).toMatchObject({ dir, created: true, tightened: [] });
    } finally {
      process.umask(previous);
    }
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.dirname(dir))).toBe(0o700);
  });

  it("takes group and other permissions away from an existing directory and everything under it", () => {
    const dir = path.join(scratch(), ".data");
    mkdirSync(path.join(dir, "pglite", "base"), { recursive: true });
    writeFileSync(path.join(dir, "auth-secret"), "x", { mode: 0o600 });
    writeFileSync(path.join(dir, "pglite", "base", "1259"), "x");
    writeFileSync(path.join(dir, "outbox.eml"), "x");
    chmodSync(dir, 0o755);
    chmodSync(path.join(dir, "pglite"), 0o777);
    chmodSync(path.join(dir, "pglite", "base", "1259"), 0o666);
    chmodSync(path.join(dir, "outbox.eml"), 0o640);
    const outside = path.join(scratch(), "shared.txt");
    writeFileSync(outside, "x");
    chmodSync(outside, 0o644);
    symlinkSync(outside, path.join(dir, "link"));

    const result = secureDataDir(dir);
    expect(result.created).toBe(false);
    expect(result.tightened.sort()).toEqual([".", "outbox.eml", "pglite", "pglite/base", "pglite/base/1259"].sort());
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.join(dir, "pglite"))).toBe(0o700);
    expect(modeOf(path.join(dir, "pglite", "base", "1259"))).toBe(0o600);
    expect(modeOf(path.join(dir, "outbox.eml"))).toBe(0o600);
    expect(modeOf(path.join(dir, "auth-secret"))).toBe(0o600);
    // a link's target is not ours to change
    expect(modeOf(outside)).toBe(0o644);
    // nothing left to do the second time
    expect(secureDataDir(dir).tightened).toEqual([]);
  });

  it("leaves a directory that is not Fleetline's alone: a shared one such as /tmp, or one holding other things", () => {
    const shared = path.join(scratch(), "shared");
    mkdirSync(shared);
    writeFileSync(path.join(shared, "program"), "#!/bin/sh\n", { mode: 0o755 });
    chmodSync(shared, 0o1777);
    expect(secureDataDir(shared)).toMatchObject({ notOurs: true, tightened: [] });
    expect(statSync(shared).mode & 0o7777).toBe(0o1777);
    expect(modeOf(path.join(shared, "program"))).toBe(0o755);

    const home = path.join(scratch(), "home");
    mkdirSync(home, { mode: 0o755 });
    writeFileSync(path.join(home, "notes.txt"), "x", { mode: 0o644 });
    chmodSync(home, 0o755);
    expect(secureDataDir(home)).toMatchObject({ notOurs: true, tightened: [] });
    expect(modeOf(home)).toBe(0o755);
    expect(modeOf(path.join(home, "notes.txt"))).toBe(0o644);
  });
});
