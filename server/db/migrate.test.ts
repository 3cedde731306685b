import { describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds } from "../testing/test-database";
import { applyMigrations, readMigrations } from "./migrate";

describe.each(databaseKinds())("migrations on %s", (kind) => {
  it("applies every migration once, records it like the Prisma CLI, and is idempotent", async () => {
    const t = await createTestDatabase(kind, { from: "empty" });
    try {
      const names = readMigrations().map((m) => m.name);
      expect(t.database.migrated).toEqual(names);
      const rows = await t.database.prisma.$queryRawUnsafe<{ migration_name: string; checksum: string }[]>(
        `SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name`,
      );
      expect(rows.map((r) => r.migration_name)).toEqual(names);
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum))).toBe(true);
      // the schema exists: a round trip through a real table
      const account = await t.database.prisma.account.create({ data: { key: `k${Date.now()}`, name: "Acme" } });
      expect(account.plan).toBe("standard");
    } finally {
      await t.close();
    }
  });

  it("refuses to run when an applied migration was edited", async () => {
    const t = await createTestDatabase(kind);
    try {
      const edited = readMigrations().map((m, i) => (i === 0 ? { ...m, checksum: "0".repeat(64) } : m));
      const runner = {
        exec: async (script: string) => {
          await t.database.prisma.$executeRawUnsafe(script);
        },
        query: <T>(sql: string, params: unknown[] = []) => t.database.prisma.$queryRawUnsafe<T[]>(sql, ...params),
      };
      await expect(applyMigrations(runner, edited)).rejects.toThrow(/was changed after it was applied/);
    } finally {
      await t.close();
    }
  });
});
