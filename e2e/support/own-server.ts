// A second server for specs that need settings the shared e2e server must not have (e.g. the default street map
// style): the same production build, database and signing secret as global setup's server, its own port, DATA_DIR
// and environment. Accounts created with the `cli` fixture exist on both. Stop it in afterAll.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { e2eSettings } from "./e2e-state";
import { freePort, startServerProcess, stopServerProcess } from "./server-process";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

export interface OwnServer {
  url: string;
  stop(): Promise<void>;
}

/** `env` adds to or overrides the defaults; an empty string unsets a variable the runner's environment may hold */
export async function startOwnServer(options: { env: Record<string, string>; logFile: string }): Promise<OwnServer> {
  const settings = e2eSettings();
  const port = String(await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), "fleetline-e2e-own-"));
  const { child, url } = await startServerProcess({
    root: ROOT,
    logFile: options.logFile,
    env: {
      NODE_ENV: "production",
      PORT: port,
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: settings.databaseUrl,
      AUTH_SECRET: settings.authSecret,
      GT06_PORT: "0", OSMAND_PORT: "0",
      TELTONIKA_PORT: "0",
      FLEET_DEMO: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
      CHECKPOINT_DISABLE: "1",
      ...options.env,
    },
  });
  return {
    url,
    async stop() {
      const code = await stopServerProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
      if (code !== 0) throw new Error(`the extra server did not stop cleanly (exit ${code ?? "killed"}); log ${options.logFile}`);
    },
  };
}
