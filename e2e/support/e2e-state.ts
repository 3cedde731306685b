// What global setup shares with the test workers and with global teardown: the address of the server under test,
// its database and signing secret. Passed through environment variables (Playwright starts workers after global
// setup, so they inherit them) and, for the teardown, through this process's globalThis.
import type { ChildProcess } from "node:child_process";

export const E2E_ENV = {
  url: "FLEETLINE_E2E_URL",
  databaseUrl: "FLEETLINE_E2E_DATABASE_URL",
  authSecret: "FLEETLINE_E2E_AUTH_SECRET",
  dataDir: "FLEETLINE_E2E_DATA_DIR",
} as const;

export interface E2eServer {
  url: string;
  databaseUrl: string;
  databaseName: string;
  authSecret: string;
  dataDir: string;
  logFile: string;
  child: ChildProcess;
}

const store = globalThis as unknown as { __fleetlineE2eServer?: E2eServer };

export function setE2eServer(server: E2eServer | undefined) {
  store.__fleetlineE2eServer = server;
}

export function e2eServer(): E2eServer | undefined {
  return store.__fleetlineE2eServer;
}

/** Reads the shared settings in a worker; throws when global setup did not run. */
export function e2eSettings(): { url: string; databaseUrl: string; authSecret: string; dataDir: string } {
  const url = process.env[E2E_ENV.url];
  const databaseUrl = process.env[E2E_ENV.databaseUrl];
  if (!url || !databaseUrl) {
    throw new Error(`${E2E_ENV.url} / ${E2E_ENV.databaseUrl} are not set: run the tests through playwright.config.ts`);
  }
  return {
    url,
    databaseUrl,
    authSecret: process.env[E2E_ENV.authSecret] ?? "",
    dataDir: process.env[E2E_ENV.dataDir] ?? "",
  };
}
