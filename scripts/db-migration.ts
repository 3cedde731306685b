// Authors a new migration from prisma/schema.prisma with no database server and no engine download:
// the Prisma schema engine runs as WebAssembly and replays the existing migrations into an in-memory PGlite
// shadow database, then diffs that against the schema. The SQL it writes is what `prisma migrate dev` would write.
//
//   npm run db:migration -- <name>      writes prisma/migrations/<timestamp>_<name>/migration.sql
//   npm run db:migration -- --check     exits 1 when the schema has changes no migration covers (used by tests)
import { readFileSync, readdirSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";

const root = path.resolve(import.meta.dirname, "..");
const migrationsDir = path.join(root, "prisma", "migrations");
const schemaPath = path.join(root, "prisma", "schema.prisma");

/** pglite-prisma-adapter 0.7.2 does not await exec() in executeScript; this factory fixes that for both databases. */
class AwaitingPGliteFactory extends PrismaPGlite {
  constructor(private readonly pglite: PGlite) {
    super(pglite);
  }
  override async connect() {
    return fixExecuteScript(await super.connect(), this.pglite);
  }
  override async connectToShadowDb() {
    const shadow = new PGlite();
    return fixExecuteScript(await new PrismaPGlite(shadow).connect(), shadow);
  }
}

function fixExecuteScript<T extends object>(adapter: T, client: PGlite): T {
  (adapter as { executeScript: (script: string) => Promise<void> }).executeScript = async (script) => {
    await client.exec(script);
  };
  return adapter;
}

async function loadSchemaEngine() {
  const require = createRequire(import.meta.url);
  const pkgDir = path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg"));
  const bg = await import(pathToFileURL(path.join(pkgDir, "schema_engine_bg.js")).href);
  const bytes = readFileSync(path.join(pkgDir, "schema_engine_bg.wasm"));
  const module = await WebAssembly.compile(bytes);
  const imports = { "./schema_engine_bg.js": bg };
  const instance = await WebAssembly.instantiate(module, imports as unknown as WebAssembly.Imports);
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
  return bg.SchemaEngine as {
    new: (options: unknown, log: (msg: string) => void, adapter: object) => Promise<{
      diff(params: unknown): Promise<{ exitCode: number; stdout: string | null }>;
    }>;
  };
}

function hasMigrations() {
  return existsSync(path.join(migrationsDir, "migration_lock.toml")) && migrationList().migrationDirectories.length > 0;
}

function migrationList() {
  const dirs = existsSync(migrationsDir)
    ? readdirSync(migrationsDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
    : [];
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok", value: readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8") },
      },
    })),
  };
}

async function main() {
  const arg = process.argv[2];
  if (!arg) {
    console.error("usage: npm run db:migration -- <name> | --check");
    process.exit(2);
  }
  const schema = readFileSync(schemaPath, "utf8");
  const SchemaEngine = await loadSchemaEngine();
  const db = new PGlite();
  const adapter = bindMigrationAwareSqlAdapterFactory(new AwaitingPGliteFactory(db) as never);
  const engine = await SchemaEngine.new(
    { datamodels: [[schemaPath, schema]] },
    () => {},
    adapter,
  );
  const result = await engine.diff({
    from: hasMigrations() ? { tag: "migrations", ...migrationList() } : { tag: "empty" },
    to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: schema }] },
    script: true,
    exitCode: null,
    filters: { externalTables: [], externalEnums: [] },
  });
  const sql = (result.stdout ?? "").trim();
  const empty = sql === "" || sql === "-- This is an empty migration.";
  if (arg === "--check") {
    if (!empty) {
      console.error("prisma/schema.prisma has changes that no migration covers:\n" + sql);
      process.exit(1);
    }
    console.error("migrations match the schema");
    return;
  }
  if (empty) {
    console.error("no changes: the migrations already match prisma/schema.prisma");
    return;
  }
  const name = arg.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
  const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
  const dir = path.join(migrationsDir, `${stamp}_${name}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "migration.sql"), sql + "\n");
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  if (!existsSync(lockPath)) {
    writeFileSync(lockPath, '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n');
  }
  console.log(path.relative(root, path.join(dir, "migration.sql")));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
