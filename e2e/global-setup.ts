// Once per end-to-end run: a current production build, a fresh PostgreSQL database, and the real server started on
// it (NODE_ENV=production, free ports for the dashboard and the Teltonika, GT06 and OsmAnd listeners, no demo).
// Workers learn the address, database and tracker ports from environment variables (e2e/support/e2e-state.ts);
// global-teardown.ts stops the server and drops the database.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { E2E_ENV, setE2eServer } from "./support/e2e-state";
import { createE2eDatabase, dropE2eDatabase } from "./support/postgres-admin";
import { ensureProductionBuild } from "./support/production-build";
import { freePort, startServerProcess } from "./support/server-process";

const ROOT = path.resolve(import.meta.dirname, "..");
const RUNS_DIR = path.join(ROOT, "test-results", "playwright");
const RUNS_KEPT = 5;

/** Keeps the output folders of the last few runs (playwright.config.ts gives each run its own). */
function pruneOldRuns(current: string) {
  let runs: { dir: string; mtimeMs: number }[];
  try {
    runs = readdirSync(RUNS_DIR).map((name) => {
      const dir = path.join(RUNS_DIR, name);
      return { dir, mtimeMs: statSync(dir).mtimeMs };
    });
  } catch {
    return;
  }
  runs
    .filter((run) => run.dir !== current)
    .sort((a, b) => b.mtimeMs - a.mtimeMs)
    .slice(RUNS_KEPT - 1)
    .forEach((run) => rmSync(run.dir, { recursive: true, force: true }));
}

export default async function globalSetup(config: FullConfig) {
  const outputDir = config.projects[0]?.outputDir ?? path.join(RUNS_DIR, "current");
  pruneOldRuns(outputDir);
  ensureProductionBuild(ROOT);

  const databaseName = `fleetline_e2e_${randomBytes(6).toString("hex")}`;
  const databaseUrl = await createE2eDatabase(databaseName);
  const authSecret = randomBytes(32).toString("base64url");
  const dataDir = mkdtempSync(path.join(tmpdir(), "fleetline-e2e-"));
  mkdirSync(outputDir, { recursive: true });
  const logFile = path.join(outputDir, "server.log");

  try {
    const port = String(await freePort());
    // trackers connect to the server under test over real TCP (e2e/dashboard/live-map.spec.ts)
    const teltonikaPort = String(await freePort());
    // and GT06 devices and phones (OsmAnd HTTP) beside them (e2e/dashboard/mixed-fleet.spec.ts); only this one
    // shared server listens on them, so parallel specs never meet on a port (own servers keep them at 0: off)
    const gt06Port = String(await freePort());
    const osmandPort = String(await freePort());
    const { child, url } = await startServerProcess({
      root: ROOT,
      logFile,
      env: {
        NODE_ENV: "production",
        PORT: port,
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: authSecret,
        GT06_PORT: gt06Port,
        OSMAND_PORT: osmandPort,
        TELTONIKA_PORT: teltonikaPort,
        FLEET_DEMO: "0",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        WEBHOOK_ALLOW_PRIVATE: "1",
        // the bundled basemap: no page under test may reach outside this machine (e2e/dashboard/map-style.spec.ts)
        MAP_STYLE_URL: "offline",
        NEXT_TELEMETRY_DISABLED: "1",
        CHECKPOINT_DISABLE: "1",
      },
    });
    setE2eServer({ url, databaseUrl, databaseName, authSecret, dataDir, logFile, child });
    process.env[E2E_ENV.url] = url;
    process.env[E2E_ENV.databaseUrl] = databaseUrl;
    process.env[E2E_ENV.authSecret] = authSecret;
    process.env[E2E_ENV.dataDir] = dataDir;
    process.env.FLEETLINE_E2E_TELTONIKA_PORT = teltonikaPort;
    process.env.FLEETLINE_E2E_GT06_PORT = gt06Port;
    process.env.FLEETLINE_E2E_OSMAND_PORT = osmandPort;
    process.stdout.write(`[e2e] server ready at ${url} (database ${databaseName}, log ${path.relative(ROOT, logFile)})\n`);
  } catch (error) {
    await dropE2eDatabase(databaseName).catch(() => {});
    throw error;
  }
}
