// Load generator for the import-limits benchmark, run as its own process (building and sending 8 MB bodies must not
// share the server's event loop): spawned with an IPC channel, the options arrive as the first message. It sends
// import calls of 1,000,000 tiny rows (`{"x":1}`, 8,000,026 bytes, under the 8 MiB byte cap, so only the row cap can
// refuse them) and prints one JSON line:
//   - refusal times of single calls (request start -> answer), each call on its own connection;
//   - the server's peak RSS increase during one call: the kernel's high-water mark of the server process (VmHWM in
//     /proc/<pid>/status, reset before the call through /proc/<pid>/clear_refs), so a peak between two samples is
//     not missed; where that is not possible, the highest VmRSS sampled every 2 ms;
//   - /healthz latency (request -> answer, one request after the other on a keep-alive connection) while two calls
//     run at once, round after round, and for comparison alone just before.
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { percentile } from "../types";

interface Options {
  port: number;
  /** the server's process id (this process's parent) */
  pid: number;
  accountKey: string;
  /** API keys used in turn: each allows 30 row calls a minute */
  apiKeys: string[];
  singleCalls: number;
  pairedRounds: number;
  /** how long /healthz is measured alone, before the paired calls */
  idleMs: number;
}

const options = await new Promise<Options>((resolve) => process.once("message", (message) => resolve(message as Options)));

const ROWS = 1_000_000;
const body = Buffer.from(`{"target":"runs","rows":[${Array.from({ length: ROWS }, () => '{"x":1}').join(",")}]}`);
let nextKey = 0;

interface Answer {
  status: number;
  code: string | null;
  ms: number;
}

/** one call; resolves when the answer has arrived (the rest of the upload may still be on its way) */
function importCall(): Promise<Answer> {
  const apiKey = options.apiKeys[nextKey++ % options.apiKeys.length]!;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let answered = false;
    const request = http.request(
      {
        host: "127.0.0.1",
        port: options.port,
        method: "POST",
        path: `/api/v1/${options.accountKey}/imports/rows`,
        agent: false,
        headers: { "content-type": "application/json", "content-length": body.length, authorization: `Bearer ${apiKey}` },
      },
      (response) => {
        answered = true;
        const ms = performance.now() - started;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.once("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let code: string | null = null;
          try {
            code = (JSON.parse(text) as { code?: string }).code ?? null;
          } catch {
            code = text.slice(0, 80);
          }
          request.destroy();
          resolve({ status: response.statusCode ?? 0, code, ms });
        });
      },
    );
    // a lost answer fails the benchmark instead of hanging it; once answered, the server may close the connection
    // before the whole body is written (EPIPE, ECONNRESET): that is the point
    request.setTimeout(60_000, () => request.destroy(new Error("no answer within 60 s")));
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    request.end(body);
  });
}

function expectRefused(answer: Answer): void {
  if (answer.status !== 413 || answer.code !== "IMPORT_TOO_LARGE") throw new Error(`expected 413 IMPORT_TOO_LARGE, got ${answer.status} ${answer.code}`);
}

const statusFile = `/proc/${options.pid}/status`;
const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(statusFile, "utf8"))?.[1] ?? NaN);

/** the server's peak RSS increase (MiB) while `work` runs */
async function peakRssIncrease(work: () => Promise<unknown>): Promise<{ mib: number; method: string }> {
  const before = kib("VmRSS");
  let highWaterMark = true;
  try {
    writeFileSync(`/proc/${options.pid}/clear_refs`, "5"); // resets VmHWM to the current RSS
  } catch {
    highWaterMark = false;
  }
  let sampled = before;
  const sampler = setInterval(() => (sampled = Math.max(sampled, kib("VmRSS"))), 2);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  sampled = Math.max(sampled, kib("VmRSS"));
  const peak = highWaterMark ? Math.max(kib("VmHWM"), sampled) : sampled;
  return { mib: Math.max(0, peak - before) / 1024, method: highWaterMark ? "VmHWM" : "sampled" };
}

function healthz(agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get({ host: "127.0.0.1", port: options.port, path: "/healthz", agent }, (response) => {
      response.resume();
      response.once("end", () => (response.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`/healthz answered ${response.statusCode}`))));
    });
    request.once("error", reject);
  });
}

const say = (text: string) => process.stderr.write(`import-limits load: ${text}\n`);
// a warm-up call: the server compiles the paths a running server has long compiled
expectRefused(await importCall());
say("warmed up");

const refusals: number[] = [];
let peak = { mib: 0, method: "VmHWM" };
for (let i = 0; i < options.singleCalls; i++) {
  let answer: Answer | null = null;
  const measured = await peakRssIncrease(async () => (answer = await importCall()));
  expectRefused(answer!);
  refusals.push(answer!.ms);
  if (measured.mib >= peak.mib) peak = measured;
}
say(`${options.singleCalls} single calls refused`);

// /healthz alone first, for comparison: on a busy machine its latency is not only the calls'
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
await healthz(agent);
const idle: number[] = [];
for (const idleUntil = Date.now() + options.idleMs; Date.now() < idleUntil; ) idle.push(await healthz(agent));

// two calls at once, round after round, while /healthz is asked one request after the other
const latencies: number[] = [];
let loading = true;
const poller = (async () => {
  while (loading) latencies.push(await healthz(agent));
})();
// the server measures its own event-loop delay over this phase (IPC messages)
process.send!({ type: "paired-start" });
const pairedPeak = await peakRssIncrease(async () => {
  for (let round = 0; round < options.pairedRounds; round++) {
    const answers = await Promise.all([importCall(), importCall()]);
    answers.forEach(expectRefused);
  }
});
loading = false;
await poller;
process.send!({ type: "paired-end" });
agent.destroy();

refusals.sort((a, b) => a - b);
latencies.sort((a, b) => a - b);
idle.sort((a, b) => a - b);
process.stdout.write(
  JSON.stringify({
    bodyBytes: body.length,
    refusalMedianMs: percentile(refusals, 50),
    refusalMaxMs: refusals.at(-1) ?? 0,
    peakRssIncreaseMib: peak.mib,
    pairedPeakRssIncreaseMib: pairedPeak.mib,
    rssMethod: peak.method,
    healthzSamples: latencies.length,
    healthzP50Ms: percentile(latencies, 50),
    healthzP99Ms: percentile(latencies, 99),
    healthzMaxMs: latencies.at(-1) ?? 0,
    idleHealthzP99Ms: percentile(idle, 99),
    idleHealthzMaxMs: idle.at(-1) ?? 0,
  }) + "\n",
);
process.exit(0);
