// AUTH_SECRET signs access tokens and dashboard sessions. When unset it is generated once into DATA_DIR
// (mode 0600) so restarts keep sessions and tokens valid; production on PostgreSQL must set it (env.ts enforces).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomToken } from "./random";

export function resolveAuthSecret(options: { authSecret?: string; dataDir: string }): string {
  if (options.authSecret) return options.authSecret;
  const file = path.resolve(options.dataDir, "auth-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomToken(48);
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

const store = globalThis as unknown as { __fleetlineAuthSecret?: string };

export function authSecret(): string {
  if (!store.__fleetlineAuthSecret) throw new Error("AUTH_SECRET is not resolved (server/main.ts resolves it)");
  return store.__fleetlineAuthSecret;
}

export function setAuthSecret(secret: string): void {
  store.__fleetlineAuthSecret = secret;
}
