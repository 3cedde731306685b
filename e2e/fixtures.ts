// The one import of every spec: `import { test, expect } from "../fixtures"`.
//   - `baseURL` is the server global setup started (page.goto("/") and request.get("/healthz") just work);
//   - `cli(args)` runs the admin CLI against that server's database and returns its one JSON object;
//   - `account` is a fresh account with its own admin, created per test, so tests never share state.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { test as base, expect } from "@playwright/test";
import { e2eSettings } from "./support/e2e-state";

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

/** Runs `fleet <args>` (server/cli/main.ts) on the e2e database; rejects with the CLI's {"error"} message. */
export function runCli(args: string[]): Promise<Record<string, unknown>> {
  const settings = e2eSettings();
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, "node_modules", ".bin", "tsx"), ["server/cli/main.ts", ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: settings.databaseUrl,
        AUTH_SECRET: settings.authSecret,
        DATA_DIR: settings.dataDir,
        LOG_LEVEL: "warn",
        GT06_PORT: "0", OSMAND_PORT: "0",
        TELTONIKA_PORT: "0",
        FLEET_DEMO: "0",
        NEXT_TELEMETRY_DISABLED: "1",
        CHECKPOINT_DISABLE: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (code) => {
      const output = parseOutput(stdout);
      const command = `fleet ${args.join(" ")}`;
      if (code === 0 && output && !("error" in output)) return resolve(output);
      const message = typeof output?.error === "string" ? output.error : `exit ${code}`;
      reject(new Error(`${command} failed: ${message}\n${stdout.trim()}\n${stderr.trim()}`.trim()));
    });
  });
}

/** The CLI prints exactly one JSON object; tolerate stray lines before it. */
function parseOutput(stdout: string): Record<string, unknown> | null {
  const text = stdout.trim();
  for (const candidate of [text, text.slice(text.lastIndexOf("\n{") + 1)]) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // try the next candidate
    }
  }
  return null;
}

export const test = base.extend<{ cli: Cli; account: E2eAccount }>({
  baseURL: async ({}, use) => {
    await use(e2eSettings().url);
  },
  cli: async ({}, use) => {
    await use(runCli);
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
