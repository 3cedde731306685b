// What the reports' day rollups cost ingest (issue 21: within 10%). The ingest statement marks each (asset, local
// day) it stores a record for as dirty in asset_days (server/tracker/pipeline/position-writer.ts, MARK_DAYS), unless
// the tracker service runs with reportRollups off (REPORT_ROLLUPS=0). Same flood as the ingest benchmark
// (support/flood.ts): 2,000 Teltonika devices over real TCP each sending 10-record packets as soon as the last was
// acknowledged, for 10 s, stored on PostgreSQL. Rounds run off then on, then on then off … each on a
// fresh database, so neither side has the warmer machine or the bigger table; the figure of a side is its median.
//   reports_ingest_rollups_off_positions_per_s / _on_   positions acknowledged per second
//   reports_ingest_rollups_cost_pct                      (off − on) / off, in % (target: under 10)
// The flood's figures move by ±20% from round to round on a busy 2-core machine, more than the marks cost; so the
// batch statement is also timed alone (PositionWriter, no TCP, no pipeline), on PostgreSQL and on the embedded
// database: two writers on one database, one marking and one not, take turns storing the same shape of batch (500
// devices × 10 records), many rounds:
//   reports_ingest_<db>_statement_off_ms / _on_ms   median time to store 5,000 records (one write per device; the
//                                                    embedded database on disk, as a server keeps it); "on": the days
//                                                    are dirty already, the mark only locks their rows
//   reports_ingest_<db>_statement_on_clean_ms       "on" after every day was made clean again (what the rollup worker
//                                                    leaves at most once a minute per asset-day): each mark updates
//   reports_ingest_<db>_statement_cost_pct / _clean_cost_pct   (on − off) / off, in %: the median of the rounds'
//                                                    own ratios
// The recompute worker is not running here: this is the cost on the ingest statement itself; recomputing dirty days
// runs later, in the background, and is measured by the reports benchmark (reports_<db>_rollups_build_s).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "../../server/db/client";
import { createMemoryHub } from "../../server/hub";
import { OfflineGeocoder } from "../../server/modules/geocoding/offline-geocoder";
import { createScratchDatabase } from "../../server/testing/scratch-postgres";
import { reachable, TEST_POSTGRES_URL } from "../../server/testing/services";
import { PositionWriter, type PacketWrite } from "../../server/tracker/pipeline/position-writer";
import { flood, withFloodFleet } from "./support/flood";
import { round, type Bench, type Figure } from "./types";

/** flood rounds per side; 0 leaves the flood out (only the statement figures) */
const ROUNDS = Number(process.env.BENCH_REPORTS_INGEST_ROUNDS ?? 5);

/** one flood on a fresh database; positions acknowledged per second and whether every acknowledged one was stored */
async function rollupsFlood(reportRollups: boolean, geocoder: OfflineGeocoder): Promise<{ perSecond: number; lost: number; markedDays: number; failed: number }> {
  return withFloodFleet("37", async (fleet) => {
    const hub = createMemoryHub();
    try {
      const { acked, perSecond, errors } = await flood(fleet, { hub, geocoder, reportRollups });
      const [counts] = await fleet.database.sql.query<{ stored: string; marked: string }>(
        `SELECT (SELECT count(*) FROM positions) AS stored, (SELECT count(*) FROM asset_days) AS marked`,
        [],
      );
      return {
        perSecond,
        lost: Math.max(0, acked - Number(counts!.stored)),
        markedDays: Number(counts!.marked),
        failed: errors,
      };
    } finally {
      await hub.close();
    }
  });
}

const STATEMENT_DEVICES = 500;
const STATEMENT_RECORDS = 10;
const STATEMENT_ROUNDS = Number(process.env.BENCH_REPORTS_STATEMENT_ROUNDS ?? 60);

type Side = "off" | "on" | "onClean";

/** the batch statement alone, marks off and on in turns on one database: median ms per 5,000 records of each */
async function statementCost(
  database: Database,
): Promise<{ offMs: number; onMs: number; onCleanMs: number; onPct: number; onCleanPct: number }> {
  const { sql } = database;
  const [account] = await sql.query<{ id: number }>(
    `INSERT INTO accounts (key, name, time_zone, updated_at) VALUES ('writer-bench', 'Writer Bench', 'Europe/Berlin', now()) RETURNING id`,
    [],
  );
  const owners = await sql.query<{ asset_id: number; tracker_id: number; imei: string }>(
    `WITH a AS (INSERT INTO assets (account_id, name, updated_at) SELECT $1, 'Writer ' || g, now() FROM generate_series(1, $2::int) g RETURNING id)
     INSERT INTO trackers (account_id, asset_id, imei, updated_at) SELECT $1, a.id, '3880000' || lpad(a.id::text, 8, '0'), now() FROM a
     RETURNING asset_id, id AS tracker_id, imei`,
    [account!.id, STATEMENT_DEVICES],
  );
  const writers = { off: new PositionWriter(sql, database.kind === "embedded" ? 1 : 4, { rollups: false }), on: new PositionWriter(sql, database.kind === "embedded" ? 1 : 4, { rollups: true }) };
  let clock = Date.UTC(2026, 8, 15, 6, 0, 0); // a weekday morning, local and UTC on the same day
  const packets = (): PacketWrite[] =>
    owners.map((o) => ({
      owner: { assetId: o.asset_id, trackerId: o.tracker_id, imei: o.imei },
      rows: Array.from({ length: STATEMENT_RECORDS }, (_, i) => ({
        assetId: o.asset_id,
        trackerId: o.tracker_id,
        fixTime: clock + i * 1000,
        receivedAt: clock + i * 1000 + 500,
        wsSeq: null,
        latitude: 52.52 + i * 1e-5,
        longitude: 13.405,
        altitude: 40,
        speed: 42,
        course: 90,
        satellites: 11,
        priority: 0,
        eventIoId: 0,
        ignition: true,
        moving: true,
        odometer: 50_000_000 + i * 12,
        street: null,
        town: null,
        country: null,
        avlIo: { 239: 1, 240: 1, 21: 4, 66: 14_100, 87: 50_000_000 + i * 12, 83: 100_000 },
        tripId: null,
        flag: null,
      })),
      state: null,
      trips: [],
    }));
  const times: Record<Side, number[]> = { off: [], on: [], onClean: [] };
  const orders: Side[][] = [["off", "on", "onClean"], ["on", "onClean", "off"], ["onClean", "off", "on"]];
  for (let round = -1; round < STATEMENT_ROUNDS; round++) {
    // the order rotates, so no side always follows the same other side's dirty pages
    for (const side of orders[(round + 3) % 3]!) {
      // what the rollup worker does between batches at most once a minute per asset-day: the day is clean again, so
      // the next batch's mark is an update (dirty, version + 1), not only a row lock
      if (side === "onClean") await sql.query(`UPDATE asset_days SET dirty = false WHERE dirty`, []);
      const batch = packets();
      clock += STATEMENT_RECORDS * 1000;
      const started = process.hrtime.bigint();
      await Promise.all(batch.map((packet) => (side === "off" ? writers.off : writers.on).write(packet)));
      if (round >= 0) times[side].push(Number(process.hrtime.bigint() - started) / 1e6); // round -1 warms up
    }
  }
  const [marked] = await sql.query<{ days: string }>(`SELECT count(*) AS days FROM asset_days`, []);
  if (Number(marked!.days) !== STATEMENT_DEVICES) throw new Error(`expected ${STATEMENT_DEVICES} marked asset-days, found ${marked!.days}`);
  // the cost is the median of each round's own ratio: a round's three batches ran within a second of each other, so a
  // busy spell of the machine slows all three and cancels out, where it would not between separate medians
  const paired = (side: Side) => median(times[side].map((ms, i) => (ms - times.off[i]!) / times.off[i]!)) * 100;
  return { offMs: median(times.off), onMs: median(times.on), onCleanMs: median(times.onClean), onPct: paired("on"), onCleanPct: paired("onClean") };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export default {
  name: "reports-ingest",
  async run() {
    if (!(await reachable(TEST_POSTGRES_URL))) {
      process.stderr.write(`reports-ingest bench skipped: PostgreSQL not reachable at ${TEST_POSTGRES_URL}\n`);
      return [];
    }
    const figures: Figure[] = [];
    for (const kind of ["postgres", "embedded"] as const) {
      const scratch = kind === "postgres" ? await createScratchDatabase("fleetline_bench") : null;
      // the embedded database on disk, as a server keeps it (its commits wait for the file system)
      const dataDir = scratch ? "" : mkdtempSync(path.join(tmpdir(), "fleetline-bench-writer-"));
      const database = await openDatabase(scratch ? { databaseUrl: scratch.url, dataDir } : { dataDir });
      try {
        const { offMs, onMs, onCleanMs, onPct, onCleanPct } = await statementCost(database);
        figures.push(
          { name: `reports_ingest_${kind}_statement_off_ms`, value: round(offMs, 1), unit: "ms" },
          { name: `reports_ingest_${kind}_statement_on_ms`, value: round(onMs, 1), unit: "ms" },
          { name: `reports_ingest_${kind}_statement_cost_pct`, value: round(onPct, 1), unit: "%" },
          { name: `reports_ingest_${kind}_statement_on_clean_ms`, value: round(onCleanMs, 1), unit: "ms" },
          { name: `reports_ingest_${kind}_statement_clean_cost_pct`, value: round(onCleanPct, 1), unit: "%" },
        );
      } finally {
        await database.close();
        await scratch?.drop();
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      }
    }
    if (ROUNDS === 0) return figures;
    const geocoder = new OfflineGeocoder();
    await geocoder.load();
    const off: number[] = [];
    const on: number[] = [];
    let lost = 0;
    for (let i = 0; i < ROUNDS; i++) {
      for (const rollups of i % 2 === 0 ? [false, true] : [true, false]) {
        const result = await rollupsFlood(rollups, geocoder);
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
    figures.push(
      { name: "reports_ingest_rollups_off_positions_per_s", value: round(offMedian, 0), unit: "positions/s" },
      { name: "reports_ingest_rollups_on_positions_per_s", value: round(onMedian, 0), unit: "positions/s" },
      { name: "reports_ingest_rollups_cost_pct", value: round(((offMedian - onMedian) / offMedian) * 100, 1), unit: "%" },
      { name: "reports_ingest_acknowledged_not_stored", value: lost, unit: "positions" },
    );
    return figures;
  },
} satisfies Bench;
