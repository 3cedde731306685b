// Load generator for the OsmAnd ingest benchmark, run as its own process (its sockets and CPU are not the server's):
// spawned with an IPC channel, the options arrive as the first message. Each phone has a keep-alive agent of one
// socket, as an app holds one connection, and sends its next position as soon as the last was answered (closed loop)
// until the time is up. Prints one JSON line: requests answered 200, other answers and errors by reason, and the
// request latency (send -> answer) p50/p99.
import http from "node:http";
import { percentile } from "../types";

interface Options {
  host: string;
  port: number;
  deviceIds: string[];
  durationMs: number;
  /** first fix time; each phone's fixes advance by one second per request (the store keeps one per second) */
  baseTime: number;
}

const options = await new Promise<Options>((resolve) => process.once("message", (message) => resolve(message as Options)));

const counts = { ok: 0, failed: 0 };
const reasons: Record<string, number> = {};
const latencies: number[] = [];
const stopAt = Date.now() + options.durationMs;

function get(agent: http.Agent, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: options.host, port: options.port, path, agent }, (response) => {
      response.resume();
      response.once("end", () => resolve(response.statusCode ?? 0));
      response.once("error", reject);
    });
    request.once("error", reject);
  });
}

async function phone(deviceId: string, index: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  for (let n = 0; Date.now() < stopAt; n++) {
    const query = new URLSearchParams({
      id: deviceId,
      lat: (54.6872 + (n % 100) * 1e-5).toFixed(6),
      lon: (25.2797 + index * 1e-5).toFixed(6),
      timestamp: String(options.baseTime + n * 1000), // epoch milliseconds
      speed: "22.7", // knots
      bearing: "90",
      altitude: "110",
      batt: "80",
    });
    const started = performance.now();
    try {
      const status = await get(agent, `/?${query}`);
      latencies.push(performance.now() - started);
      if (status === 200) counts.ok++;
      else {
        counts.failed++;
        reasons[`HTTP ${status}`] = (reasons[`HTTP ${status}`] ?? 0) + 1;
      }
    } catch (error) {
      counts.failed++;
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      reasons[reason] = (reasons[reason] ?? 0) + 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  agent.destroy();
}

await Promise.all(options.deviceIds.map(phone));
latencies.sort((a, b) => a - b);
process.stdout.write(`${JSON.stringify({ ...counts, reasons, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) })}\n`);
process.exit(0);
