// An import call that is far over the row cap, against the real server (startFleetline without Next.js, the rows
// route served by its own handler, the embedded database): 1,000,000 tiny rows in 8,000,026 bytes, under the byte cap,
// so only the row count can refuse it. The row count runs while the body is read (import-row-counter.ts), so the call
// is refused with 413 from its first 5,001 rows. Figures (the load runs in a process of its own,
// support/import-limits-load.ts):
//   import_limits_refusal_ms               median time from the call to its 413, one call at a time
//   import_limits_peak_rss_increase_mib    the server's peak RSS above its RSS before one call (VmHWM)
//   import_limits_paired_peak_rss_increase_mib   the same over rounds of two calls at once
//   import_limits_healthz_p99_ms / _max_ms /healthz latency while two such calls run at once, round after round
//                                          (target: under 50 ms)
//   import_limits_healthz_idle_p99_ms      /healthz latency without calls, just before: what the machine alone costs
//   import_limits_event_loop_delay_p99_ms / _max_ms   the server's event-loop delay while two calls run at once
//                                          (perf_hooks, measured in the server's own process)
//   import_limits_server_cpu_per_call_ms   the server process's CPU time per call over those rounds (authentication,
//                                          the 413, and reading and discarding the rest of the 8 MB upload)
// Before the streaming count, one such call held the event loop for about 5 s and added about 1.1 GB of RSS, and
// /healthz took up to 5.7 s while two ran (security review 2026-11-27, N2).
import { mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { POST as postRows } from "../../app/api/v1/[accountKey]/imports/rows/route";
import { parseEnv, setEnv } from "../../server/env";
import { startFleetline } from "../../server/server";
import { makeAccount, makeApiKey } from "../../server/testing/http-fixtures";
import { sendFetchResponse, toFetchRequest } from "../../server/testing/fetch-bridge";
import { runLoadProcess } from "./support/load-process";
import { round, type Bench } from "./types";

const ROWS_PATH = /^\/api\/v1\/(?<accountKey>[^/]+)\/imports\/rows$/;
/** each key allows 30 row calls a minute; the calls are spread over enough of them not to be rate-limited */
const API_KEYS = 6;
const SINGLE_CALLS = 10;
const PAIRED_ROUNDS = 50;
const IDLE_MS = 2_000;

/** the rows route, where Next.js would route it; anything else 404 */
async function serveRows(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const match = ROWS_PATH.exec((request.url ?? "/").split("?")[0]!);
  if (!match || request.method !== "POST") {
    response.writeHead(404).end();
    return;
  }
  const params = Promise.resolve({ accountKey: match.groups!.accountKey! });
  await sendFetchResponse(await postRows(toFetchRequest(request), { params }), response);
  // the unread rest of a refused upload is read and discarded (as server/testing/fetch-handler-server.ts does), not
  // left in the socket: closing a socket with unread bytes resets the connection, and the client may lose the answer
  if (!request.complete) request.removeAllListeners("data").resume();
}

interface LoadResult {
  refusalMedianMs: number;
  refusalMaxMs: number;
  peakRssIncreaseMib: number;
  pairedPeakRssIncreaseMib: number;
  rssMethod: string;
  healthzSamples: number;
  healthzP50Ms: number;
  healthzP99Ms: number;
  healthzMaxMs: number;
  idleHealthzP99Ms: number;
  idleHealthzMaxMs: number;
}

export default {
  name: "import-limits",
  async run() {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fleetline-bench-"));
    const config = parseEnv({
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      GT06_PORT: "0",
      OSMAND_PORT: "0",
      TELTONIKA_PORT: "0",
      FLEET_DEMO: "0",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
    });
    setEnv(config);
    const server = await startFleetline(config, { next: false, fallback: serveRows });
    try {
      const account = await makeAccount("Bench schools");
      const apiKeys: string[] = [];
      for (let i = 0; i < API_KEYS; i++) apiKeys.push((await makeApiKey(account.id, "office_staff")).apiKey);
      // the server's own event-loop delay while two calls run at once: /healthz latency measured from outside also
      // holds the machine's scheduling, which on a busy machine is most of it
      const loopDelay = monitorEventLoopDelay({ resolution: 1 });
      let cpuAtStart = process.cpuUsage();
      let cpuMs = 0;
      const load = runLoadProcess<LoadResult>("import-limits-load.ts", {
        port: server.port,
        pid: process.pid,
        accountKey: account.key,
        apiKeys,
        singleCalls: SINGLE_CALLS,
        pairedRounds: PAIRED_ROUNDS,
        idleMs: IDLE_MS,
      }, (message) => {
        if (message.type === "paired-start") {
          loopDelay.enable();
          cpuAtStart = process.cpuUsage();
        }
        if (message.type === "paired-end") {
          loopDelay.disable();
          const used = process.cpuUsage(cpuAtStart);
          cpuMs = (used.user + used.system) / 1000;
        }
      });
      const result = await load.result;
      process.stderr.write(`import-limits: peak RSS from ${result.rssMethod}; ${result.healthzSamples} /healthz samples, p50 ${round(result.healthzP50Ms, 2)} ms\n`);
      return [
        { name: "import_limits_refusal_ms", value: round(result.refusalMedianMs, 1), unit: "ms" },
        { name: "import_limits_refusal_max_ms", value: round(result.refusalMaxMs, 1), unit: "ms" },
        { name: "import_limits_peak_rss_increase_mib", value: round(result.peakRssIncreaseMib, 1), unit: "MiB" },
        { name: "import_limits_paired_peak_rss_increase_mib", value: round(result.pairedPeakRssIncreaseMib, 1), unit: "MiB" },
        { name: "import_limits_healthz_p99_ms", value: round(result.healthzP99Ms, 1), unit: "ms" },
        { name: "import_limits_healthz_max_ms", value: round(result.healthzMaxMs, 1), unit: "ms" },
        { name: "import_limits_healthz_idle_p99_ms", value: round(result.idleHealthzP99Ms, 1), unit: "ms" },
        { name: "import_limits_event_loop_delay_p99_ms", value: round(loopDelay.percentile(99) / 1e6, 1), unit: "ms" },
        { name: "import_limits_event_loop_delay_max_ms", value: round(loopDelay.max / 1e6, 1), unit: "ms" },
        { name: "import_limits_server_cpu_per_call_ms", value: round(cpuMs / (2 * PAIRED_ROUNDS), 1), unit: "ms" },
      ];
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
} satisfies Bench;
