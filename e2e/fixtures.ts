// The one import of every spec: `import { test, expect } from "../fixtures"`.
//   - `baseURL` is the server global setup started (page.goto("/") and request.get("/healthz") just work);
//   - `cli(args)` runs the admin CLI against that server's database and returns its one JSON object (one warm CLI
//     process per worker, e2e/support/warm-cli.ts: starting `fleet` per command cost seconds of CPU each);
//   - `account` is a fresh account with its own admin, created per test, so tests never share state.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { test as base, expect } from "@playwright/test";
import { e2eSettings } from "./support/e2e-state";
import { WarmCli } from "./support/warm-cli";

export interface E2eAccount {
  id: number;
  key: string;
  adminEmail: string;
  adminPassword: string;
}

export type Cli = (args: string[]) => Promise<Record<string, unknown>>;

const ROOT = path.resolve(import.meta.dirname, "..");

function random(bytes = 4): string {
  return randomBytes(bytes).toString("hex");
}

/** the environment of the admin CLI on the e2e server's database */
function cliEnv(): NodeJS.ProcessEnv {
  const settings = e2eSettings();
  return {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: settings.databaseUrl,
    AUTH_SECRET: settings.authSecret,
    DATA_DIR: settings.dataDir,
    LOG_LEVEL: "warn",
    GT06_PORT: "0",
    OSMAND_PORT: "0",
    TELTONIKA_PORT: "0",
    FLEET_DEMO: "0",
    NEXT_TELEMETRY_DISABLED: "1",
    CHECKPOINT_DISABLE: "1",
  };
}

/** Runs `fleet <args>` (server/cli/execute.ts, in the worker's warm CLI) on the e2e database; rejects with the CLI's
 *  {"error"} message. */
async function runCli(warm: WarmCli, args: string[]): Promise<Record<string, unknown>> {
  const { code, json, stderr } = await warm.run(args);
  if (code === 0 && !("error" in json)) return json;
  const message = typeof json.error === "string" ? json.error : `exit ${code}`;
  throw new Error(`fleet ${args.join(" ")} failed: ${message}\n${JSON.stringify(json)}\n${stderr.trim()}`.trim());
}

export const test = base.extend<{ cli: Cli; account: E2eAccount }, { warmCli: WarmCli }>({
  warmCli: [
    async ({}, use) => {
      const warm = new WarmCli(ROOT, cliEnv());
      await use(warm);
      await warm.close();
    },
    { scope: "worker" },
  ],
  baseURL: async ({}, use) => {
    await use(e2eSettings().url);
  },
  cli: async ({ warmCli }, use) => {
    await use((args) => runCli(warmCli, args));
  },
  account: async ({ cli }, use) => {
    const suffix = random();
    const created = await cli(["account", "create", "--name", `E2E ${suffix}`]);
    const key = String(created.key);
    const adminEmail = `e2e-${suffix}@example.test`;
    const adminPassword = `pw-${random(8)}`;
    await cli(["user", "create", "--account", key, "--email", adminEmail, "--name", "E2E Admin", "--password", adminPassword]);
    await use({ id: Number(created.id), key, adminEmail, adminPassword });
  },
});

export { expect };
