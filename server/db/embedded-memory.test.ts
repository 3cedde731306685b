// The embedded database starts with the small buffer pool of docs/configuration.md "Memory" (its WebAssembly memory
// is part of the server's resident size), and still does its work with it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "./client";

const dir = mkdtempSync(path.join(tmpdir(), "fleetline-memory-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("runs PGlite with a 16 MB buffer pool and 16 MB for maintenance", async () => {
  const database = await openDatabase({ dataDir: dir });
  try {
    const rows = await database.sql.query<{ name: string; setting: string }>(
      "SELECT name, current_setting(name) AS setting FROM unnest($1::text[]) AS name",
      [["shared_buffers", "maintenance_work_mem"]],
    );
    expect(Object.fromEntries(rows.map((row) => [row.name, row.setting]))).toEqual({ shared_buffers: "16MB", maintenance_work_mem: "16MB" });
    expect(await database.prisma.account.count()).toBe(0); // migrated and usable
  } finally {
    await database.close();
  }
});
