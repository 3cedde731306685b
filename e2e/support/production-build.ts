// Makes sure a production build of the app exists before the end-to-end run. Builds when `.next/BUILD_ID` is
// missing or older than any source file the build depends on (so a run never tests yesterday's pages), or always
// with FLEETLINE_E2E_REBUILD=1 (FLEETLINE_E2E_REBUILD=0 uses whatever build exists). The build is `npm run build` (scripts/build.mjs), exactly what `npm start` uses.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCE_ROOTS = ["app", "server", "public", "next.config.ts", "package.json", "postcss.config.mjs", "tsconfig.json"];
const SKIP_DIRS = new Set(["node_modules", "generated", ".next"]);

/** The newest source file (path and mtime) under the build's inputs; tests and generated code do not count. */
function newestSource(root: string): { file: string; mtimeMs: number } | null {
  let newest: { file: string; mtimeMs: number } | null = null;
  const visit = (file: string) => {
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      if (SKIP_DIRS.has(path.basename(file))) return;
      for (const entry of readdirSync(file)) visit(path.join(file, entry));
      return;
    }
    if (/\.test\.tsx?$/.test(file)) return;
    if (!newest || stat.mtimeMs > newest.mtimeMs) newest = { file, mtimeMs: stat.mtimeMs };
  };
  for (const entry of SOURCE_ROOTS) visit(path.join(root, entry));
  return newest;
}

/** Why a build is needed, or null when the existing one is current. */
export function buildNeeded(root: string, environment = process.env): string | null {
  if (environment.FLEETLINE_E2E_REBUILD === "1") return "FLEETLINE_E2E_REBUILD=1";
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return "no production build yet";
  if (environment.FLEETLINE_E2E_REBUILD === "0") return null;
  const newest = newestSource(root);
  if (newest && newest.mtimeMs > statSync(buildId).mtimeMs) {
    return `${path.relative(root, newest.file)} changed after the last build`;
  }
  return null;
}

export function ensureProductionBuild(root: string): void {
  const reason = buildNeeded(root);
  if (!reason) return;
  process.stdout.write(`[e2e] building the app (${reason}) ...\n`);
  const result = spawnSync("npm", ["run", "--silent", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1", NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
}
