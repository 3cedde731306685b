// What the reports' day rollups cost ingest (issue 21: within 10%). The ingest statement marks each (asset, local
// day) it stores a record for as dirty in asset_days (server/tracker/pipeline/position-writer.ts, MARK_DAYS), unless
// the tracker service runs with reportRollups off (REPORT_ROLLUPS=0). Same flood as the ingest benchmark: 2,000
// Teltonika devices over real TCP (a separate load process, support/device-load.ts) each sending 10-record packets
// as soon as the last was acknowledged, for 10 s, stored on PostgreSQL. Rounds alternate off, on, off, on … each on a
// fresh database, so neither side has the warmer machine or the bigger table; the figure of a side is its median.
//   reports_ingest_rollups_off_positions_per_s / _on_   positions acknowledged per second
//   reports_ingest_rollups_cost_pct                      (off − on) / off, in % (target: under 10)
// The recompute worker is not running here: this is the cost on the ingest statement itself; recomputing dirty days
// runs later, in the background, and is measured by the reports benchmark (reports_rollups_build_s).
import pino from "pino";
import { openDatabase } from "../../server/db/client";
import { createMemoryHub } from "../../server/hub";
import { imeiFrom } from "../../server/modules/assets/imei";
import { OfflineGeocoder } from "../../server/modules/geocoding/offline-geocoder";
import { freePort } from "../../server/testing/free-port";
import { createScratchDatabase } from "../../server/testing/scratch-postgres";
import { reachable, TEST_POSTGRES_URL } from "../../server/testing/services";
import { startTrackerService } from "../../server/tracker/tracker-service";
import { runLoadProcess } from "./support/load-process";
import { round, type Bench, type Figure } from "./types";

const CONNECTIONS = 2_000;
const RUN_MS = 10_000;
const ROUNDS = Number(process.env.BENCH_REPORTS_INGEST_ROUNDS ?? 3);

const imeiOf = (assetId: number) => imeiFrom(`37${String(assetId).padStart(12, "0")}`);

/** one flood on a fresh database; positions acknowledged per second and whether every acknowledged one was stored */
async function flood(reportRollups: boolean, geocoder: OfflineGeocoder): Promise<{ perSecond: number; lost: number; markedDays: number; failed: number }> {
  const scratch = await createScratchDatabase("fleetline_bench");
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: "" });
  try {
    const { prisma, sql } = database;
    const account = await prisma.account.create({ data: { key: "bench", name: "Bench", timeZone: "Europe/Berlin" }, select: { id: true } });
    const assets = await sql.query<{ id: number }>(
      `INSERT INTO assets (account_id, name, updated_at) SELECT $1, 'Bench ' || g, now() FROM generate_series(1, $2::int) g RETURNING id`,
      [account.id, CONNECTIONS],
    );
    const assetIds = assets.map((a) => a.id);
    await sql.query(
      `INSERT INTO trackers (account_id, asset_id, imei, updated_at) SELECT $1, i.id, i.imei, now() FROM unnest($2::int[], $3::text[]) AS i(id, imei)`,
      [account.id, assetIds, assetIds.map(imeiOf)],
    );
    const hub = createMemoryHub();
    const port = await freePort();
    const service = await startTrackerService({
      prisma,
      sql,
      hub,
      host: "127.0.0.1",
      teltonikaPort: port,
      embedded: false,
      maxConnectionsPerAddress: 100_000,
      logger: pino({ level: "silent" }),
      geocoder, // the server's default (offline), as in the ingest benchmark
      reportRollups,
    });
    try {
      const load = await runLoadProcess<{ ackedRecords: number; errors: number }>("device-load.ts", {
        host: "127.0.0.1",
        port,
        baseTime: Date.now() - 3 * 86_400_000,
        imeis: assetIds.map(imeiOf),
        mode: "flood",
        recordsPerPacket: 10,
        durationMs: RUN_MS,
      }).result;
      await new Promise((resolve) => setTimeout(resolve, 500));
      const [counts] = await sql.query<{ stored: string; marked: string }>(
        `SELECT (SELECT count(*) FROM positions) AS stored, (SELECT count(*) FROM asset_days) AS marked`,
        [],
      );
      return {
        perSecond: load.ackedRecords / (RUN_MS / 1000),
        lost: Math.max(0, load.ackedRecords - Number(counts!.stored)),
        markedDays: Number(counts!.marked),
        failed: load.errors,
      };
    } finally {
      await service.stop();
      await hub.close();
    }
  } finally {
    await database.close();
    await scratch.drop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export default {
  name: "reports-ingest",
  async run() {
    if (!(await reachable(TEST_POSTGRES_URL))) {
      process.stderr.write(`reports-ingest bench skipped: PostgreSQL not reachable at ${TEST_POSTGRES_URL}\n`);
      return [];
    }
    const geocoder = new OfflineGeocoder();
    await geocoder.load();
    const off: number[] = [];
    const on: number[] = [];
    let lost = 0;
    for (let i = 0; i < ROUNDS; i++) {
      for (const rollups of [false, true]) {
        const result = await flood(rollups, geocoder);
        (rollups ? on : off).push(result.perSecond);
        lost += result.lost;
        process.stderr.write(
          `reports-ingest: round ${i + 1} rollups ${rollups ? "on " : "off"}: ${Math.round(result.perSecond)} positions/s, ` +
            `${result.markedDays} asset-days marked, ${result.failed} failed devices\n`,
        );
        // the marking must have happened exactly when it was on: otherwise the figures compare nothing
        if (rollups !== result.markedDays > 0) throw new Error(`rollups ${rollups ? "on" : "off"} but ${result.markedDays} asset-days marked`);
      }
    }
    const offMedian = median(off);
    const onMedian = median(on);
    const figures: Figure[] = [
      { name: "reports_ingest_rollups_off_positions_per_s", value: round(offMedian, 0), unit: "positions/s" },
      { name: "reports_ingest_rollups_on_positions_per_s", value: round(onMedian, 0), unit: "positions/s" },
      { name: "reports_ingest_rollups_cost_pct", value: round(((offMedian - onMedian) / offMedian) * 100, 1), unit: "%" },
      { name: "reports_ingest_acknowledged_not_stored", value: lost, unit: "positions" },
    ];
    return figures;
  },
} satisfies Bench;
