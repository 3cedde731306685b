// GET /healthz throughput of an in-process server (no Next.js) on the embedded database: the floor of what the HTTP
// stack plus one database round trip costs. Keep-alive connections, 16 requests in flight, for 3 seconds.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv } from "../../server/env";
import { startFleetline } from "../../server/server";
import { round, type Bench } from "./types";

const CONCURRENCY = 16;
const DURATION_MS = 3000;

function get(agent: http.Agent, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: "/healthz", agent }, (response) => {
      response.resume();
      response.once("end", () => resolve(response.statusCode ?? 0));
    });
    request.once("error", reject);
  });
}

export default {
  name: "healthz",
  async run() {
    // on tmpfs where there is one, so the "embedded database" costs memory, not disk
    const dataDir = mkdtempSync(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "fleetline-bench-"));
    const config = parseEnv({ NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: "0", FLEET_DEMO: "0", LOG_LEVEL: "silent", DATA_DIR: dataDir });
    const server = await startFleetline(config, { next: false });
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    try {
      if ((await get(agent, server.port)) !== 200) throw new Error("/healthz is not 200");
      let ok = 0;
      let failed = 0;
      const end = Date.now() + DURATION_MS;
      const start = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (Date.now() < end) {
            if ((await get(agent, server.port)) === 200) ok++;
            else failed++;
          }
        }),
      );
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      if (failed > 0) throw new Error(`${failed} /healthz requests did not answer 200`);
      return [{ name: "healthz_requests_per_s", value: round(ok / seconds, 0), unit: "req/s" }];
    } finally {
      agent.destroy();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
} satisfies Bench;
