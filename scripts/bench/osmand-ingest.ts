// OsmAnd ingest end to end on PostgreSQL: phones over real HTTP (a separate load process, keep-alive agents) ->
// the tracker service's OsmAnd listener -> pipeline -> batched store -> 200 -> hub publish. 1,000 phones send their
// next position as soon as the last was answered for 10 s; 200 means stored, so the figure is positions stored per
// second, with the request latency seen by the phones (send -> answer, p50/p99). Stored = answered 200 is checked.
// Needs PostgreSQL at TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres). Target: 5,000/s.
import pino from "pino";
import { openDatabase } from "../../server/db/client";
import { createMemoryHub } from "../../server/hub";
import { OfflineGeocoder } from "../../server/modules/geocoding/offline-geocoder";
import { freePort } from "../../server/testing/free-port";
import { createScratchDatabase } from "../../server/testing/scratch-postgres";
import { reachable, TEST_POSTGRES_URL } from "../../server/testing/services";
import { startTrackerService } from "../../server/tracker/tracker-service";
import { round, type Bench } from "./types";
import { runLoadProcess } from "./support/load-process";

const PHONES = 1_000;
const RUN_MS = 10_000;

interface PhoneLoad {
  ok: number;
  failed: number;
  reasons: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
}

function runPhones(options: object): Promise<PhoneLoad> {
  return runLoadProcess<PhoneLoad>("phone-load.ts", options).result;
}

export default {
  name: "osmand-ingest",
  async run() {
    if (!(await reachable(TEST_POSTGRES_URL))) {
      process.stderr.write(`osmand-ingest bench skipped: PostgreSQL not reachable at ${TEST_POSTGRES_URL}\n`);
      return [];
    }
    const scratch = await createScratchDatabase("fleetline_bench_osmand");
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: "" });
    const prisma = database.prisma;
    try {
      const account = await prisma.account.create({ data: { key: "bench-phones", name: "Bench phones" }, select: { id: true } });
      await prisma.$executeRawUnsafe(
        `INSERT INTO assets (account_id, name, updated_at) SELECT $1, 'Phone ' || g, now() FROM generate_series(1, ${PHONES}) g`,
        account.id,
      );
      const assetIds = (await prisma.asset.findMany({ where: { accountId: account.id }, select: { id: true }, orderBy: { id: "asc" } })).map((a) => a.id);
      const deviceIds = assetIds.map((id) => `bench-phone-${id}`);
      await prisma.$executeRawUnsafe(
        `INSERT INTO trackers (account_id, asset_id, imei, protocol, updated_at)
         SELECT a.account_id, a.id, i.device_id, 'osmand', now() FROM unnest($1::int[], $2::text[]) AS i(id, device_id) JOIN assets a ON a.id = i.id`,
        assetIds,
        deviceIds,
      );

      const hub = createMemoryHub();
      let published = 0;
      hub.subscribe("position", () => void published++);
      const geocoder = new OfflineGeocoder();
      await geocoder.load();
      const service = await startTrackerService({
        prisma,
        sql: database.sql,
        hub,
        host: "127.0.0.1",
        teltonikaPort: 0,
        osmandPort: await freePort(),
        embedded: false,
        maxConnectionsPerAddress: 100_000, // every phone comes from this machine's one address
        logger: pino({ level: "silent" }),
        geocoder, // the server's default (offline), so every position is addressed as in production
      });

      const load = await runPhones({ host: "127.0.0.1", port: service.osmandPort, deviceIds, durationMs: RUN_MS, baseTime: Date.now() - 3 * 86_400_000 });
      if (load.failed > 0) process.stderr.write(`osmand-ingest bench: ${load.failed} requests failed: ${JSON.stringify(load.reasons)}\n`);
      await new Promise((r) => setTimeout(r, 500));
      const stored = await prisma.position.count();
      await service.stop();
      await hub.close();
      return [
        { name: "osmand_ingest_positions_per_s", value: round(load.ok / (RUN_MS / 1000), 0), unit: "positions/s" },
        { name: "osmand_ingest_request_p50_ms", value: round(load.p50Ms, 1), unit: "ms" },
        { name: "osmand_ingest_request_p99_ms", value: round(load.p99Ms, 1), unit: "ms" },
        { name: "osmand_ingest_failed_requests", value: load.failed, unit: "requests" },
        { name: "osmand_ingest_answered_not_stored", value: Math.max(0, load.ok - stored), unit: "positions" },
        { name: "osmand_ingest_stored_not_published", value: Math.max(0, stored - published), unit: "positions" },
      ];
    } finally {
      await database.close();
      await scratch.drop();
    }
  },
} satisfies Bench;
