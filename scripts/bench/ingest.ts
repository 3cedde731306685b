// Ingest end to end on PostgreSQL: devices over real TCP (a separate load process) -> listener -> pipeline ->
// batched store -> ack -> hub publish. Three figures groups:
//   throughput: 2,000 connections flooding 10-record packets; acknowledged = stored = published is checked;
//   latency:    2,000 positions/s (2,000 devices, one record a second each), TCP receipt -> hub publish p50/p99;
//   idle:       10,000 logged-in idle connections in this one process, memory per connection.
// Needs PostgreSQL at TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import pino from "pino";
import { openDatabase } from "../../server/db/client";
import { createMemoryHub } from "../../server/hub";
import { OfflineGeocoder } from "../../server/modules/geocoding/offline-geocoder";
import { createScratchDatabase } from "../../server/testing/scratch-postgres";
import { reachable, TEST_POSTGRES_URL } from "../../server/testing/services";
import { startTrackerService } from "../../server/tracker/tracker-service";
import { percentile, round, type Bench, type Figure } from "./types";
import { runLoadProcess } from "./support/load-process";
import { freePort } from "../../server/testing/free-port";
import { TailAttribution, type LatencySample } from "./support/tail-attribution";
import { imeiFrom } from "../../server/modules/assets/imei";

const DEVICES = 10_000;
const FLOOD_CONNECTIONS = 2_000;
const PACED_CONNECTIONS = 2_000;
const RUN_MS = 10_000;

/** a valid IMEI per asset (the listener refuses others) */
const imeiOf = (assetId: number) => imeiFrom(`36${String(assetId).padStart(12, "0")}`);

interface LoadCounts {
  connected: number;
  refused: number;
  sentRecords: number;
  ackedRecords: number;
  errors: number;
  /** why devices failed, with counts */
  reasons: Record<string, number>;
}

function runLoad(options: object, onConnected?: () => void): Promise<LoadCounts> {
  return runLoadProcess<LoadCounts>("device-load.ts", options, (message) => message.type === "connected" && onConnected?.()).result;
}


export default {
  name: "ingest",
  async run() {
    if (!(await reachable(TEST_POSTGRES_URL))) {
      process.stderr.write(`ingest bench skipped: PostgreSQL not reachable at ${TEST_POSTGRES_URL}\n`);
      return [];
    }
    const scratch = await createScratchDatabase("fleetline_bench");
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: "" });
    const prisma = database.prisma;
    const figures: Figure[] = [];
    try {
      const account = await prisma.account.create({ data: { key: "bench", name: "Bench" }, select: { id: true } });
      await prisma.$executeRawUnsafe(
        `INSERT INTO assets (account_id, name, updated_at) SELECT $1, 'Bench ' || g, now() FROM generate_series(1, ${DEVICES}) g`,
        account.id,
      );
      const assetIds = (await prisma.asset.findMany({ where: { accountId: account.id }, select: { id: true }, orderBy: { id: "asc" } })).map((a) => a.id);
      await prisma.$executeRawUnsafe(
        `INSERT INTO trackers (account_id, asset_id, imei, updated_at)
         SELECT a.account_id, a.id, i.imei, now() FROM unnest($1::int[], $2::text[]) AS i(id, imei) JOIN assets a ON a.id = i.id`,
        assetIds,
        assetIds.map(imeiOf),
      );

      const hub = createMemoryHub();
      let published = 0;
      let samples: LatencySample[] = [];
      const firstPacket = new Map<number, number>(); // per asset: latency of its first published position
      hub.subscribe("position", (p) => {
        published++;
        const publishedAt = Date.now();
        const first = !firstPacket.has(p.assetId);
        samples.push({ receivedAt: p.receivedAt, publishedAt, firstPacket: first });
        if (first) firstPacket.set(p.assetId, publishedAt - p.receivedAt);
      });
      const geocoder = new OfflineGeocoder();
      await geocoder.load();
      const port = await freePort();
      const service = await startTrackerService({
        prisma,
        sql: database.sql,
        hub,
        host: "127.0.0.1",
        teltonikaPort: port,
        embedded: false,
        // every load connection comes from this machine's one address
        maxConnectionsPerAddress: 100_000,
        logger: pino({ level: "silent" }),
        geocoder, // the server's default (offline), so every position is addressed as in production
      });
      const base = { host: "127.0.0.1", port, baseTime: Date.now() - 3 * 86_400_000 };

      // 1. throughput
      const flood = await runLoad({ ...base, imeis: assetIds.slice(0, FLOOD_CONNECTIONS).map(imeiOf), mode: "flood", recordsPerPacket: 10, durationMs: RUN_MS });
      await new Promise((r) => setTimeout(r, 500));
      const stored = await prisma.position.count();
      figures.push(
        { name: "ingest_positions_per_s", value: round(flood.ackedRecords / (RUN_MS / 1000), 0), unit: "positions/s" },
        { name: "ingest_connections", value: flood.connected, unit: "connections" },
        { name: "ingest_failed_devices", value: flood.errors, unit: "devices" },
        { name: "ingest_acknowledged_not_stored", value: Math.max(0, flood.ackedRecords - stored), unit: "positions" },
        { name: "ingest_stored_not_published", value: Math.max(0, stored - published), unit: "positions" },
      );

      // 2. latency at 2,000 positions/s; the flood's garbage is collected first, so its pauses are not counted here
      global.gc?.();
      samples = [];
      firstPacket.clear();
      const attribution = new TailAttribution(database.sql);
      attribution.start();
      const paced = await runLoad({
        ...base,
        baseTime: Date.now() - 2 * 86_400_000,
        imeis: assetIds.slice(FLOOD_CONNECTIONS, FLOOD_CONNECTIONS + PACED_CONNECTIONS).map(imeiOf),
        mode: "paced",
        everyMs: 1000,
        recordsPerPacket: 1,
        durationMs: RUN_MS,
      });
      for (const [phase, load] of [["flood", flood], ["paced", paced]] as const) {
        if (load.errors > 0) process.stderr.write(`ingest bench: ${phase} load had ${load.errors} failed devices: ${JSON.stringify(load.reasons)}\n`);
      }
      await attribution.stop();
      const sorted = samples.map((sample) => sample.publishedAt - sample.receivedAt).sort((a, b) => a - b);
      const tail = attribution.report(samples, percentile(sorted, 99));
      figures.push(
        { name: "latency_rate_positions_per_s", value: round(paced.ackedRecords / (RUN_MS / 1000), 0), unit: "positions/s" },
        { name: "latency_receipt_to_publish_p50_ms", value: percentile(sorted, 50), unit: "ms" },
        { name: "latency_receipt_to_publish_p99_ms", value: percentile(sorted, 99), unit: "ms" },
        // the first packet of each device after it connected: state loads, trip start (a fleet reconnecting)
        { name: "latency_first_packet_p99_ms", value: percentile([...firstPacket.values()].sort((a, b) => a - b), 99), unit: "ms" },
        // every packet but each device's first: the steady state once the fleet is connected
        {
          name: "latency_steady_p99_ms",
          value: percentile(samples.filter((sample) => !sample.firstPacket).map((sample) => sample.publishedAt - sample.receivedAt).sort((a, b) => a - b), 99),
          unit: "ms",
        },
        // where the slowest 1% came from (a sample may overlap several causes, or none)
        { name: "latency_tail_samples", value: tail.tailSamples, unit: "positions" },
        { name: "latency_tail_in_gc_pause", value: tail.tailInGc, unit: "positions" },
        { name: "latency_tail_gc_share_pct", value: round(tail.gcShareOfTail * 100, 0), unit: "%" },
        { name: "latency_tail_in_loop_stall", value: tail.tailInLoopStall, unit: "positions" },
        { name: "latency_loop_stalls", value: tail.loopStalls, unit: "stalls" },
        { name: "latency_tail_in_autovacuum", value: tail.tailInAutovacuum, unit: "positions" },
        { name: "latency_tail_first_packet", value: tail.tailFirstPacket, unit: "positions" },
        { name: "latency_gc_max_pause_ms", value: round(tail.gcMaxPauseMs, 1), unit: "ms" },
        { name: "latency_gc_total_pause_ms", value: round(tail.gcTotalPauseMs, 0), unit: "ms" },
        { name: "latency_autovacuum_runs", value: tail.autovacuumRuns, unit: "runs" },
        { name: "latency_event_loop_delay_p99_ms", value: round(tail.eventLoopDelayP99Ms, 1), unit: "ms" },
        { name: "latency_event_loop_delay_max_ms", value: round(tail.eventLoopDelayMaxMs, 1), unit: "ms" },
      );

      // 3. idle connections; memory after a full collection on both sides (npm run bench exposes gc)
      await new Promise((r) => setTimeout(r, 1000)); // let the paced phase's sockets close
      global.gc?.();
      const heap = () => process.memoryUsage().heapUsed + process.memoryUsage().external;
      const before = heap();
      let connectedAt = 0;
      const idle = runLoad({ ...base, imeis: assetIds.map(imeiOf), mode: "idle", recordsPerPacket: 1, durationMs: 20_000 }, () => (connectedAt = Date.now()));
      while (service.sessions.size < DEVICES && Date.now() < (connectedAt || Date.now()) + 15_000) await new Promise((r) => setTimeout(r, 200));
      const online = service.sessions.size;
      global.gc?.();
      const after = heap();
      const rss = process.memoryUsage().rss;
      await idle;
      figures.push(
        { name: "idle_connections_held", value: online, unit: "connections" },
        // JS heap and buffers held per logged-in connection (sockets' kernel buffers are not in the process)
        { name: "idle_heap_per_connection_kb", value: round((after - before) / 1024 / Math.max(1, online), 1), unit: "KiB" },
        { name: "idle_process_rss_mb", value: round(rss / 1024 / 1024, 0), unit: "MiB" },
      );

      await service.stop();
      await hub.close();
      return figures;
    } finally {
      await database.close();
      await scratch.drop();
    }
  },
} satisfies Bench;
