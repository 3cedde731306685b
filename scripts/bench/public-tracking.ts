// Public tracking fan-out under load, on PostgreSQL, with persistence in the path: devices over real TCP (one load
// process) -> listener -> pipeline -> batched store -> ack -> hub -> public tracking gateway -> Pusher-protocol
// WebSockets -> viewers (two viewer processes of a lean Pusher client, support/public-tracking-viewers.ts). The server
// is the real composition (startFleetline without Next.js, the public REST routes served by their own handlers) in
// the scenario's process, started with TRUST_PROXY=1: each viewer sends an X-Forwarded-For address shared by at most
// 40 viewers, so the per-address limits (100 WebSockets, 60 channel authorisations a minute) are not what is measured.
// Scenarios, each in a process of its own (memory figures must not inherit the previous scenario's heap):
//   one_link:   one vehicle with a device sending one position a second; 2,000 viewers on its link's channel;
//   many_links: 1,000 vehicles with a device each (1,000 positions/s), each link watched by 2 viewers (2,000 viewers).
// Figures per scenario (public_one_link_*, public_many_links_*): viewers connected; deliveries per second at the
// viewers; latency from TCP receipt to the viewer (p50, p99; and the p99 of its two parts: TCP receipt to hub
// publish, hub publish to the viewer); memory per viewer (server RSS and heap growth after a full collection);
// deliveries missed in the window (expected 0).
// Latency without a receipt time in the public payload (it carries the fix time, whole seconds): every device sends
// whole-second, unique, increasing fix times; this process remembers the server's TCP receipt time per (asset, fix
// time) from the hub's "position" event, and the viewers record (arrival, viewer, fix time) for every
// location.updated; latency = arrival - receipt, on the same machine clock. Needs PostgreSQL at TEST_POSTGRES_URL.
import { loadavg } from "node:os";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { HubEvents } from "../../server/hub";
import { authSecret } from "../../server/security/auth-secret";
import { randomToken, sha256Hex } from "../../server/security/random";
import { startTrackingServer } from "../../server/testing/public-tracking-harness";
import { createScratchDatabase } from "../../server/testing/scratch-postgres";
import { reachable, TEST_POSTGRES_URL } from "../../server/testing/services";
import { percentile, round, type Bench, type Figure } from "./types";
import { runLoadProcess, type LoadProcess } from "./support/load-process";
import { imeiFrom } from "../../server/modules/assets/imei";

interface Scenario {
  prefix: string;
  links: number;
  viewersPerLink: number;
}

const SCENARIOS: Record<string, Scenario> = {
  one_link: { prefix: "public_one_link_", links: 1, viewersPerLink: 2_000 },
  many_links: { prefix: "public_many_links_", links: 1_000, viewersPerLink: 2 },
};
/** the scenario a child process runs (set by run() for each scenario) */
const SCENARIO_VARIABLE = "FLEETLINE_BENCH_PUBLIC_TRACKING_SCENARIO";
const VIEWER_PROCESSES = 2;
/** viewers sharing one X-Forwarded-For address: under 60 channel authorisations a minute and 100 sockets */
const VIEWERS_PER_ADDRESS = 40;
const RUN_MS = 20_000;
/** samples from the first seconds (device logins, first trips) are not counted */
const WARM_UP_MS = 5_000;
/** after the devices stop, the last frames reach the viewers */
const DRAIN_MS = 2_000;

/** a valid IMEI per asset (the listener refuses others) */
const imeiOf = (assetId: number) => imeiFrom(`37${String(assetId).padStart(12, "0")}`);
/** 10.x.y.z, one address per VIEWERS_PER_ADDRESS viewers */
const addressOf = (viewer: number) => {
  const block = Math.floor(viewer / VIEWERS_PER_ADDRESS) + 1;
  return `10.${(block >> 16) & 255}.${(block >> 8) & 255}.${block & 255}`;
};


/** runs one scenario in a fresh process (support/run-one.ts on this file, the scenario named in the environment) */
function runScenarioProcess(name: string): Promise<Figure[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--expose-gc", "--import", "tsx", path.join(import.meta.dirname, "support", "run-one.ts"), import.meta.filename],
      { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, [SCENARIO_VARIABLE]: name } },
    );
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`public-tracking scenario ${name} exited ${code}`));
      resolve(out.split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line) as Figure));
    });
  });
}

async function runScenario(name: string, scenario: Scenario): Promise<Figure[]> {
  const { prefix, links, viewersPerLink } = scenario;
  const say = (text: string) => process.stderr.write(`public-tracking ${name}: ${text}\n`);
  say(`load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  const scratch = await createScratchDatabase("fleetline_bench");
  const server = await startTrackingServer({
    NODE_ENV: "production",
    TELTONIKA_MAX_CONNECTIONS_PER_ADDRESS: "100000", // every device of the load comes from this machine
    DATABASE_URL: scratch.url,
    AUTH_SECRET: authSecret(),
    TRUST_PROXY: "1",
    LOG_LEVEL: "silent",
  });
  const figures: Figure[] = [];
  const children: ChildProcess[] = [];
  try {
    const prisma = server.running.database.prisma;
    // the fleet, in a few statements: one account, a vehicle with a device and a public link per link
    await prisma.$executeRawUnsafe(`INSERT INTO accounts (key, name, updated_at) VALUES ('bench-public', 'Bench buses', now())`);
    await prisma.$executeRawUnsafe(
      `INSERT INTO assets (account_id, name, updated_at) SELECT a.id, 'Bus ' || g, now() FROM accounts a, generate_series(1, ${links}) g`,
    );
    const assetIds = (await prisma.asset.findMany({ select: { id: true } })).map((asset) => asset.id);
    await prisma.$executeRawUnsafe(
      `INSERT INTO trackers (account_id, asset_id, imei, updated_at)
       SELECT a.account_id, a.id, i.imei, now() FROM unnest($1::int[], $2::text[]) AS i(id, imei) JOIN assets a ON a.id = i.id`,
      assetIds,
      assetIds.map(imeiOf),
    );
    await prisma.$executeRawUnsafe(
      `INSERT INTO tracking_links (uuid, account_id, asset_id, display_name, access_mode, updated_at)
       SELECT gen_random_uuid()::text, account_id, id, name, 'public', now() FROM assets`,
    );
    const rows = await prisma.$queryRawUnsafe<{ id: number; uuid: string; asset_id: number }[]>(
      `SELECT id, uuid, asset_id FROM tracking_links ORDER BY id`,
    );
    // sessions inserted directly (random tokens, their SHA-256 stored), lasting well beyond the run
    const viewers = rows.flatMap((link) =>
      Array.from({ length: viewersPerLink }, () => ({ linkId: link.id, uuid: link.uuid, assetId: link.asset_id, token: randomToken(32) })),
    );
    await prisma.$executeRawUnsafe(
      `INSERT INTO viewer_sessions (link_id, token_hash, expires_at)
       SELECT link_id, token_hash, now() + interval '1 day' FROM unnest($1::int[], $2::text[]) AS s(link_id, token_hash)`,
      viewers.map((v) => v.linkId),
      viewers.map((v) => sha256Hex(v.token)),
    );

    // memory per viewer: the server's RSS and heap before and after every viewer holds its subscription
    const { pusher, gateway } = server.running.publicTracking;
    global.gc?.();
    const before = process.memoryUsage();
    const perProcess = Math.ceil(viewers.length / VIEWER_PROCESSES);
    const loads: LoadProcess<Record<string, unknown>>[] = [];
    const failures: Record<string, number> = {};
    /** viewers that could not subscribe (by index in `viewers`): reported, and not expected to receive anything */
    const failed = new Set<number>();
    const connectStart = Date.now();
    await new Promise<void>((resolve) => {
      let ready = 0;
      for (let p = 0; p < VIEWER_PROCESSES; p++) {
        const slice = viewers.slice(p * perProcess, (p + 1) * perProcess).map((v, i) => ({ uuid: v.uuid, token: v.token, ip: addressOf(p * perProcess + i) }));
        const load = runLoadProcess("public-tracking-viewers.ts", { port: server.port, viewers: slice }, (message) => {
          if (message.type !== "connected") return;
          const report = message as unknown as { failures: Record<string, number>; failed: number[] };
          for (const [reason, n] of Object.entries(report.failures)) failures[reason] = (failures[reason] ?? 0) + n;
          for (const index of report.failed) failed.add(p * perProcess + index);
          if (++ready === VIEWER_PROCESSES) resolve();
        });
        children.push(load.child);
        loads.push(load);
      }
    });
    const connectMs = Date.now() - connectStart;
    global.gc?.();
    const after = process.memoryUsage();
    const connected = gateway.stats().viewers;
    say(`${connected} viewers subscribed in ${connectMs} ms (${pusher.stats().connections} sockets)${Object.keys(failures).length ? `, failures ${JSON.stringify(failures)}` : ""}`);
    figures.push(
      { name: `${prefix}viewers_connected`, value: connected, unit: "viewers" },
      { name: `${prefix}memory_per_viewer_kb`, value: round((after.rss - before.rss) / 1024 / Math.max(1, connected), 1), unit: "KiB" },
      { name: `${prefix}heap_per_viewer_kb`, value: round((after.heapUsed - before.heapUsed) / 1024 / Math.max(1, connected), 1), unit: "KiB" },
    );

    // the server's TCP receipt time of every position, by asset and fix time, and when the pipeline published it:
    // taken as publish is called, because a subscriber of ours would run after the gateway's (subscribed first),
    // whose fan-out to 2,000 sockets of one channel is itself part of what is measured
    const receipts = new Map<string, { receivedAt: number; publishedAt: number }>();
    const hub = server.running.hub;
    const publish = hub.publish;
    hub.publish = (event, payload) => {
      if (event === "position") {
        const p = payload as HubEvents["position"];
        receipts.set(`${p.assetId}:${p.dateUpdated}`, { receivedAt: p.receivedAt, publishedAt: Date.now() });
      }
      return publish.call(hub, event, payload);
    };
    // diagnostics: from publish until the hub's subscribers before this one (the gateway's fan-out among them) are done
    const handled: number[] = [];
    const unsubscribe = hub.subscribe("position", (p) => {
      const receipt = receipts.get(`${p.assetId}:${p.dateUpdated}`);
      if (receipt) handled.push(Date.now() - receipt.publishedAt);
    });
    const restorePublish = () => {
      hub.publish = publish;
      unsubscribe();
    };
    const statsBefore = gateway.stats();
    const start = Date.now();
    const devices = runLoadProcess("device-load.ts", {
      host: "127.0.0.1",
      port: server.teltonikaPort,
      imeis: rows.map((link) => imeiOf(link.asset_id)),
      mode: "paced",
      everyMs: 1000,
      recordsPerPacket: 1,
      durationMs: RUN_MS,
      // whole seconds, one second apart per device: a fix time names one position of its vehicle
      baseTime: Math.floor(Date.now() / 1000) * 1000 - 3_600_000,
    });
    children.push(devices.child);
    const deviceCounts = await devices.result;
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    restorePublish();
    const statsAfter = gateway.stats();
    for (const load of loads) load.child.send({ type: "stop" });
    const results = (await Promise.all(loads.map((load) => load.result))) as {
      deliveries: number;
      dropped: Record<string, number>;
      samples: number[];
    }[];

    // the positions published in the window are the ones every viewer of their vehicle must get
    const from = start + WARM_UP_MS;
    const to = start + RUN_MS;
    const expected = new Map<number, Set<number>>(); // asset -> fix times published in the window
    const publishLatencies: number[] = [];
    for (const [key, receipt] of receipts) {
      if (receipt.publishedAt < from || receipt.publishedAt >= to) continue;
      const [assetId, fix] = key.split(":").map(Number) as [number, number];
      let set = expected.get(assetId);
      if (!set) expected.set(assetId, (set = new Set()));
      set.add(fix);
      publishLatencies.push(receipt.publishedAt - receipt.receivedAt);
    }
    const latencies: number[] = [];
    const fanOut: number[] = []; // hub publish -> viewer: the gateway, the WebSockets and the viewer processes alone
    let missed = 0;
    let duplicates = 0;
    results.forEach((result, p) => {
      const got = new Map<number, Set<number>>(); // viewer index in this process -> fix times received
      for (let i = 0; i < result.samples.length; i += 3) {
        const [arrival, index, fix] = [result.samples[i]!, result.samples[i + 1]!, result.samples[i + 2]!];
        const viewer = viewers[p * perProcess + index]!;
        if (!expected.get(viewer.assetId)?.has(fix)) continue;
        let seen = got.get(index);
        if (!seen) got.set(index, (seen = new Set()));
        if (seen.has(fix)) {
          duplicates++;
          continue;
        }
        seen.add(fix);
        const receipt = receipts.get(`${viewer.assetId}:${fix}`)!;
        latencies.push(arrival - receipt.receivedAt);
        fanOut.push(arrival - receipt.publishedAt);
      }
      const count = Math.min(perProcess, viewers.length - p * perProcess);
      for (let index = 0; index < count; index++) {
        if (failed.has(p * perProcess + index)) continue;
        const wanted = expected.get(viewers[p * perProcess + index]!.assetId);
        if (wanted) missed += wanted.size - (got.get(index)?.size ?? 0);
      }
    });
    latencies.sort((a, b) => a - b);
    publishLatencies.sort((a, b) => a - b);
    fanOut.sort((a, b) => a - b);
    const seconds = (to - from) / 1000;
    figures.push(
      { name: `${prefix}positions_per_s`, value: round(publishLatencies.length / seconds, 0), unit: "positions/s" },
      { name: `${prefix}deliveries_per_s`, value: round(latencies.length / seconds, 0), unit: "deliveries/s" },
      { name: `${prefix}latency_receipt_to_viewer_p50_ms`, value: percentile(latencies, 50), unit: "ms" },
      { name: `${prefix}latency_receipt_to_viewer_p99_ms`, value: percentile(latencies, 99), unit: "ms" },
      { name: `${prefix}latency_receipt_to_publish_p99_ms`, value: percentile(publishLatencies, 99), unit: "ms" },
      { name: `${prefix}latency_publish_to_viewer_p99_ms`, value: percentile(fanOut, 99), unit: "ms" },
      { name: `${prefix}missed_deliveries`, value: missed, unit: "deliveries" },
    );
    const dropped: Record<string, number> = {};
    for (const result of results) for (const [code, n] of Object.entries(result.dropped)) dropped[code] = (dropped[code] ?? 0) + n;
    say(
      `devices ${JSON.stringify(deviceCounts)}; locations sent ${statsAfter.locationsSent - statsBefore.locationsSent}, ` +
        `coalesced ${statsAfter.locationsCoalesced - statsBefore.locationsCoalesced}; duplicates ${duplicates}; ` +
        `receipt to viewer max ${latencies.at(-1) ?? 0} ms; receipt to publish p50 ${percentile(publishLatencies, 50)} ms; ` +
        `publish to viewer p50 ${percentile(fanOut, 50)} ms; ` +
        `publish to the hub's subscribers done p50 ${percentile(handled.sort((a, b) => a - b), 50)}, max ${handled.at(-1) ?? 0} ms; viewers dropped ${JSON.stringify(dropped)}; load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`,
    );
    return figures;
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    await server.close();
    await scratch.drop();
  }
}

export default {
  name: "public-tracking",
  async run() {
    if (!(await reachable(TEST_POSTGRES_URL))) {
      process.stderr.write(`public-tracking bench skipped: PostgreSQL not reachable at ${TEST_POSTGRES_URL}\n`);
      return [];
    }
    const only = process.env[SCENARIO_VARIABLE];
    if (only) return runScenario(only, SCENARIOS[only]!);
    const figures: Figure[] = [];
    for (const name of Object.keys(SCENARIOS)) figures.push(...(await runScenarioProcess(name)));
    return figures;
  },
} satisfies Bench;
