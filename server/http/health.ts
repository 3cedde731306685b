// GET /healthz (operations.md "Health"): 200 {"status":"ok"} once every listener is up and the database is
// migrated; 503 while starting or when the database does not answer within the timeout. The server gives it the
// shared ping (shared-ping.ts), so a flood of probes costs the database one ping a second.
import type { ServerResponse } from "node:http";

export interface HealthState {
  ready: boolean;
  ping: () => Promise<void>;
}

const PING_TIMEOUT_MS = 2000;

export async function respondHealth(state: HealthState, response: ServerResponse): Promise<void> {
  let body: Record<string, string> = { status: "ok" };
  let status = 200;
  if (!state.ready) {
    status = 503;
    body = { status: "starting" };
  } else {
    try {
      await Promise.race([
        state.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), PING_TIMEOUT_MS).unref()),
      ]);
    } catch {
      status = 503;
      body = { status: "unavailable", reason: "database unreachable" };
    }
  }
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
}
