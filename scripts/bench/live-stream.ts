// The live stream under load, on PostgreSQL, with persistence in the path: devices over real TCP (one load process)
// -> listener -> pipeline -> batched store -> ack -> hub -> gateway -> socket.io -> 1,000 stream clients (two
// client processes). The server is the real composition (startFleetline without Next) in this process.
//   fleet:    200 accounts on the detailed plan, 300 assets each; 10 assets per account carry a device (2,000);
//   clients:  5 per account (the default cap), each subscribed to all 300 of its account's assets, style=detailed
//             (the standard payload is throttled to one frame per asset per 25 s, which would measure the throttle);
//   load:     each device sends one record a second: 2,000 positions/s, each delivered to 5 clients.
// Figures: deliveries per second at the clients, latency from TCP receipt to the client (p50, p99; and TCP receipt
// to hub publish for comparison), memory per stream connection (server RSS and heap, before and after the clients
// connected). Needs PostgreSQL at TEST_POSTGRES_URL.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { parseEnv } from "../../server/env";
import { authSecret } from "../../server/security/auth-secret";
import { signAccessToken } from "../../server/security/access-token";
import { startFleetline } from "../../server/server";
import { createScratchDatabase } from "../../server/testing/scratch-postgres";
import { reachable, TEST_POSTGRES_URL } from "../../server/testing/services";
import { percentile, round, type Bench, type Figure } from "./types";
import { runLoadProcess, type LoadProcess } from "./support/load-process";
import { freePort } from "../../server/testing/free-port";
import { imeiFrom } from "../../server/modules/assets/imei";

const ACCOUNTS = 200;
const ASSETS_PER_ACCOUNT = 300;
const DEVICES_PER_ACCOUNT = 10;
const CLIENTS_PER_ACCOUNT = 5;
const CLIENT_PROCESSES = 2;
const RUN_MS = 20_000;
/** samples from the first seconds (device logins, first trips) are not counted */
const WARM_UP_MS = 5_000;

/** a valid IMEI per asset (the listener refuses others) */
/** a private address per few clients, below the stream's handshake limit per address (120 a minute) */
const CLIENTS_PER_ADDRESS = 50;
const addressOf = (client: number) => `10.1.${Math.floor(client / CLIENTS_PER_ADDRESS) >> 8}.${Math.floor(client / CLIENTS_PER_ADDRESS) & 255}`;
const imeiOf = (assetId: number) => imeiFrom(`37${String(assetId).padStart(12, "0")}`);


export default {
  name: "live-stream",
  async run() {
    if (!(await reachable(TEST_POSTGRES_URL))) {
      process.stderr.write(`live-stream bench skipped: PostgreSQL not reachable at ${TEST_POSTGRES_URL}\n`);
      return [];
    }
    const scratch = await createScratchDatabase("fleetline_bench");
    const dataDir = mkdtempSync(path.join(tmpdir(), "fleetline-bench-"));
    const teltonikaPort = await freePort();
    const server = await startFleetline(
      parseEnv({
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: "0",
        DATABASE_URL: scratch.url,
        AUTH_SECRET: authSecret(),
        DATA_DIR: dataDir,
        GT06_PORT: "0", OSMAND_PORT: "0",
        TELTONIKA_PORT: String(teltonikaPort),
        TELTONIKA_MAX_CONNECTIONS_PER_ADDRESS: "100000", // every load connection comes from this machine
        TRUST_PROXY: "1", // stream clients say which address they stand for, so the per-address handshake limit holds
        FLEET_DEMO: "0",
        LOG_LEVEL: "silent",
      }),
      { next: false },
    );
    const figures: Figure[] = [];
    const children: ChildProcess[] = [];
    try {
      const prisma = server.database.prisma;
      // the fleet, in a few statements
      await prisma.$executeRawUnsafe(
        `INSERT INTO accounts (key, name, plan, updated_at) SELECT 'bench-' || g, 'Bench ' || g, 'detailed', now() FROM generate_series(1, ${ACCOUNTS}) g`,
      );
      await prisma.$executeRawUnsafe(`INSERT INTO users (email, name, updated_at) VALUES ('bench@service.fleetline.invalid', 'Bench', now())`);
      // a client works only while its user is a member allowed its scopes
      await prisma.$executeRawUnsafe(`INSERT INTO memberships (user_id, account_id, role) SELECT u.id, a.id, 'admin' FROM accounts a, users u`);
      await prisma.$executeRawUnsafe(
        `INSERT INTO oauth_clients (account_id, user_id, name, client_id, secret_hash, scopes)
         SELECT a.id, u.id, 'bench', 'bench-' || a.id, 'unused', ARRAY['stream:read'] FROM accounts a, users u`,
      );
      await prisma.$executeRawUnsafe(
        `INSERT INTO assets (account_id, name, updated_at) SELECT a.id, 'Van ' || g, now() FROM accounts a, generate_series(1, ${ASSETS_PER_ACCOUNT}) g`,
      );
      const accounts = await prisma.account.findMany({ select: { id: true, assets: { select: { id: true }, orderBy: { id: "asc" } } }, orderBy: { id: "asc" } });
      const tracked = accounts.flatMap((a) => a.assets.slice(0, DEVICES_PER_ACCOUNT).map((asset) => asset.id));
      await prisma.$executeRawUnsafe(
        `INSERT INTO trackers (account_id, asset_id, imei, updated_at)
         SELECT a.account_id, a.id, i.imei, now() FROM unnest($1::int[], $2::text[]) AS i(id, imei) JOIN assets a ON a.id = i.id`,
        tracked,
        tracked.map(imeiOf),
      );
      const clients: { token: string; assetIds: number[]; address: string }[] = [];
      for (const account of accounts) {
        const { token } = await signAccessToken({ clientId: `bench-${account.id}`, accountId: account.id, scopes: ["stream:read"] });
        for (let i = 0; i < CLIENTS_PER_ACCOUNT; i++) clients.push({ token, assetIds: account.assets.map((a) => a.id), address: addressOf(clients.length) });
      }

      // memory per connection: the server's RSS and heap before and after every client holds its connection
      global.gc?.();
      const before = process.memoryUsage();
      const perProcess = Math.ceil(clients.length / CLIENT_PROCESSES);
      const loads: LoadProcess<Record<string, unknown>>[] = [];
      let connected = 0;
      let refused = 0;
      const reasons: Record<string, number> = {};
      const allConnected = new Promise<void>((resolve) => {
        let ready = 0;
        for (let p = 0; p < CLIENT_PROCESSES; p++) {
          const load = runLoadProcess("live-stream-clients.ts", { url: server.url.replace("localhost", "127.0.0.1"), clients: clients.slice(p * perProcess, (p + 1) * perProcess), style: "detailed" }, (message) => {
            if (message.type !== "connected") return;
            connected += (message as { connected: number }).connected;
            refused += (message as { refused: number }).refused;
            for (const [reason, count] of Object.entries((message as { reasons: Record<string, number> }).reasons)) reasons[reason] = (reasons[reason] ?? 0) + count;
            if (++ready === CLIENT_PROCESSES) resolve();
          });
          children.push(load.child);
          loads.push(load);
        }
      });
      await allConnected;
      global.gc?.();
      const after = process.memoryUsage();
      const connections = server.stream.stats().connections;
      figures.push(
        { name: "live_stream_clients_connected", value: connections, unit: "connections" },
        { name: "live_stream_memory_per_connection_kb", value: round((after.rss - before.rss) / 1024 / Math.max(1, connections), 1), unit: "KiB" },
        { name: "live_stream_heap_per_connection_kb", value: round((after.heapUsed - before.heapUsed) / 1024 / Math.max(1, connections), 1), unit: "KiB" },
      );
      if (refused > 0 || connected !== clients.length) process.stderr.write(`live-stream bench: ${connected} connected, ${refused} refused ${JSON.stringify(reasons)}\n`);

      // 2,000 positions/s through the pipeline to the clients
      const publishLatencies: [number, number][] = [];
      const unsubscribe = server.hub.subscribe("position", (p) => {
        const now = Date.now();
        publishLatencies.push([now, now - p.receivedAt]);
      });
      const start = Date.now();
      const devices = runLoadProcess("device-load.ts", {
        host: "127.0.0.1",
        port: teltonikaPort,
        imeis: tracked.map(imeiOf),
        mode: "paced",
        everyMs: 1000,
        recordsPerPacket: 1,
        durationMs: RUN_MS,
        baseTime: Date.now() - 3_600_000,
      });
      children.push(devices.child);
      const deviceCounts = await devices.result;
      await new Promise((resolve) => setTimeout(resolve, 2_000)); // the last frames reach the clients
      unsubscribe();
      for (const load of loads) load.child.send({ type: "stop" });
      const results = (await Promise.all(loads.map((load) => load.result))) as { deliveries: number; samples: [number, number][] }[];

      const from = start + WARM_UP_MS;
      const to = start + RUN_MS;
      const inWindow = (samples: [number, number][]) => samples.filter(([at]) => at >= from && at < to).map(([, ms]) => ms);
      const latencies = results.flatMap((r) => inWindow(r.samples)).sort((a, b) => a - b);
      const published = inWindow(publishLatencies).sort((a, b) => a - b);
      const seconds = (to - from) / 1000;
      figures.push(
        { name: "live_stream_positions_per_s", value: round(published.length / seconds, 0), unit: "positions/s" },
        { name: "live_stream_deliveries_per_s", value: round(latencies.length / seconds, 0), unit: "deliveries/s" },
        { name: "live_stream_latency_receipt_to_client_p50_ms", value: percentile(latencies, 50), unit: "ms" },
        { name: "live_stream_latency_receipt_to_client_p99_ms", value: percentile(latencies, 99), unit: "ms" },
        { name: "live_stream_latency_receipt_to_publish_p99_ms", value: percentile(published, 99), unit: "ms" },
      );
      process.stderr.write(`live-stream bench: devices ${JSON.stringify(deviceCounts)}\n`);
      return figures;
    } finally {
      for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await scratch.drop();
    }
  },
} satisfies Bench;
