// What following school runs costs per position (issue 24: 2,000 runs in progress with a fix every 10 s add under
// 10% to ingest's CPU per position). Two figures from the same process on the same PostgreSQL server:
//   run_progress_ingest_cpu_us_per_position   the tracker service's CPU per position stored at the steady load
//                                             (support/flood.ts "steady": 2,000 devices over real TCP, one record a
//                                             second each; the devices run in a process of their own)
//   run_progress_cpu_us_per_position          the run-progress tracker's CPU per position of a vehicle driving a run:
//                                             2,000 routes of 10 stops, each driven by its own vehicle (real Teltonika
//                                             records, decoded and enriched as the pipeline does: testing/test-drive.ts),
//                                             a fix every 10 s, dwelling 30 s at each stop; the state machine, the ETA
//                                             model with the route's history, the state writes (events, and once a
//                                             minute) and the run.progress / run.eta messages on a memory hub
//   run_progress_cost_pct                     the second over the first, in %: what a position of a vehicle driving
//                                             a run costs on top of storing it
//   run_progress_added_pct                    what 2,000 runs with a fix every 10 s add to ingest's CPU per position
//                                             at the steady load, in % (issue 24's target: under 10): their 200
//                                             positions a second through the tracker over the steady load's 2,000
//                                             positions a second stored, each at its measured CPU per position
//   run_progress_events                       run events the drive produced (arrivals, departures, skips, starts)
// The tracker runs on its own here, as it runs on a node behind the acknowledgement: its CPU is what a node spends
// on top of storing the same positions.
import pino from "pino";
import { openDatabase } from "../../server/db/client";
import { createMemoryHub } from "../../server/hub";
import { OfflineGeocoder } from "../../server/modules/geocoding/offline-geocoder";
import type { LivePosition } from "../../server/modules/positions/live-position";
import { RunProgressTracker } from "../../server/modules/run-progress/run-progress-tracker";
import { createScratchDatabase } from "../../server/testing/scratch-postgres";
import { reachable, TEST_POSTGRES_URL } from "../../server/testing/services";
import { TestDrive } from "../../server/testing/test-drive";
import { flood, FLOOD_CONNECTIONS, withFloodFleet } from "./support/flood";
import { round, type Bench, type Figure } from "./types";

const RUNS = Number(process.env.BENCH_RUN_PROGRESS_RUNS ?? 2_000);
const STOPS = 10;
/** fixes per vehicle: 7 per stop (4 driving, 3 standing), enough to drive every route to its end */
const ROUNDS = Number(process.env.BENCH_RUN_PROGRESS_ROUNDS ?? STOPS * 7);
const FIX_EVERY_S = 10;
/** metres between stops, driven in 4 fixes */
const STOP_SPACING_M = 400;
const START = Date.UTC(2026, 10, 23, 7, 0, 0); // a Monday morning in the account's zone (UTC)
const METRES_PER_DEGREE = 111_195;
const BASE = { latitude: 54.6, longitude: 25.0 };

function cpuUs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return used.user + used.system;
}

async function ingestCpuPerPosition(geocoder: OfflineGeocoder): Promise<number> {
  return withFloodFleet("39", async (fleet) => {
    const hub = createMemoryHub();
    try {
      const started = process.cpuUsage();
      const { acked } = await flood(fleet, { hub, geocoder, load: "steady" });
      return cpuUs(started) / acked;
    } finally {
      await hub.close();
    }
  });
}

async function trackerCpuPerPosition(): Promise<{ perPosition: number; events: number }> {
  const scratch = await createScratchDatabase("fleetline_bench");
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: "" });
  const hub = createMemoryHub();
  try {
    const { prisma, sql } = database;
    const account = await prisma.account.create({ data: { key: "run-bench", name: "Run Bench", timeZone: "UTC" }, select: { id: true } });
    const assets = await sql.query<{ id: number }>(
      `INSERT INTO assets (account_id, name, updated_at) SELECT $1, 'Bus ' || g, now() FROM generate_series(1, $2::int) g RETURNING id`,
      [account.id, RUNS],
    );
    const assetIds = assets.map((asset) => asset.id);
    // one route per vehicle, every day, all day (no times), its stops on a line of their own going east
    const routes = await sql.query<{ id: number; asset_id: number }>(
      `INSERT INTO routes (account_id, route_number, asset_id, days, updated_at)
       SELECT $1, 'R' || a.n, a.id, '{1,2,3,4,5,6,7}', now() FROM unnest($2::int[]) WITH ORDINALITY AS a(id, n) RETURNING id, asset_id`,
      [account.id, assetIds],
    );
    const lineOf = new Map(assetIds.map((id, index) => [id, index]));
    const degreesEast = (metres: number) => metres / (METRES_PER_DEGREE * Math.cos((BASE.latitude * Math.PI) / 180));
    const stopRows = routes.flatMap((route) =>
      Array.from({ length: STOPS }, (_, k) => ({
        routeId: route.id,
        sequence: k + 1,
        latitude: BASE.latitude + lineOf.get(route.asset_id)! * 0.01,
        longitude: BASE.longitude + degreesEast(k * STOP_SPACING_M),
      })),
    );
    await sql.query(
      `INSERT INTO route_stops (route_id, sequence, name, latitude, longitude)
       SELECT r, s, 'Stop ' || s, la, lo FROM unnest($1::int[], $2::int[], $3::float8[], $4::float8[]) AS t(r, s, la, lo)`,
      [stopRows.map((s) => s.routeId), stopRows.map((s) => s.sequence), stopRows.map((s) => s.latitude), stopRows.map((s) => s.longitude)],
    );

    let clock = START;
    let events = 0;
    hub.subscribe("run.progress", () => void events++);
    const tracker = new RunProgressTracker({ prisma, sql, hub, logger: pino({ level: "silent" }), now: () => clock });
    const drives = assetIds.map((assetId) => new TestDrive({ accountId: account.id, assetId, start: START - FIX_EVERY_S * 1000 }));
    /** fix `round` of a vehicle: 4 fixes driving 100 m each towards the next stop, then 3 standing at it */
    const fix = (drive: TestDrive, assetId: number, round: number): LivePosition => {
      const leg = Math.floor(round / 7);
      const step = round % 7;
      const metres = leg * STOP_SPACING_M + Math.min(step, 4) * (STOP_SPACING_M / 4);
      return drive.record({
        after: FIX_EVERY_S,
        latitude: BASE.latitude + lineOf.get(assetId)! * 0.01,
        longitude: BASE.longitude + degreesEast(metres),
        speed: step >= 1 && step <= 3 ? 36 : 0,
      });
    };
    // the fixes are made before the clock starts: decoding and enriching them is ingest's work, not the tracker's
    const rounds = Array.from({ length: ROUNDS }, (_, round) => drives.map((drive, i) => fix(drive, assetIds[i]!, round)));

    // the first round reads every run, its state and its route's history: what a node does once, not per fix
    clock = rounds[0]![0]!.dateUpdated;
    for (const position of rounds[0]!) tracker.onPosition(position);
    await tracker.drain();
    const started = process.cpuUsage();
    let positions = 0;
    for (const round of rounds.slice(1)) {
      clock = round[0]!.dateUpdated;
      for (const position of round) tracker.onPosition(position);
      await tracker.drain();
      positions += round.length;
    }
    const perPosition = cpuUs(started) / positions;
    await new Promise((resolve) => setImmediate(resolve)); // the memory hub delivers on the next turn
    return { perPosition, events };
  } finally {
    await hub.close();
    await database.close();
    await scratch.drop();
  }
}

export default {
  name: "run-progress",
  async run() {
    if (!(await reachable(TEST_POSTGRES_URL))) {
      process.stderr.write(`run-progress bench skipped: PostgreSQL not reachable at ${TEST_POSTGRES_URL}\n`);
      return [];
    }
    const runs = await trackerCpuPerPosition();
    if (process.env.BENCH_RUN_PROGRESS_INGEST === "0") {
      // a quick look at the tracker alone, e.g. with BENCH_RUN_PROGRESS_RUNS=20 while changing it
      return [
        { name: "run_progress_cpu_us_per_position", value: round(runs.perPosition, 1), unit: "µs" },
        { name: "run_progress_events", value: runs.events, unit: "events" },
      ] satisfies Figure[];
    }
    const geocoder = new OfflineGeocoder();
    await geocoder.load();
    const ingest = await ingestCpuPerPosition(geocoder);
    return [
      { name: "run_progress_ingest_cpu_us_per_position", value: round(ingest, 1), unit: "µs" },
      { name: "run_progress_cpu_us_per_position", value: round(runs.perPosition, 1), unit: "µs" },
      { name: "run_progress_cost_pct", value: round((runs.perPosition / ingest) * 100, 1), unit: "%" },
      // CPU a second: the runs' fixes through the tracker beside the steady load's positions stored (one a second each)
      {
        name: "run_progress_added_pct",
        value: round((((RUNS / FIX_EVERY_S) * runs.perPosition) / (FLOOD_CONNECTIONS * ingest)) * 100, 2),
        unit: "%",
      },
      { name: "run_progress_events", value: runs.events, unit: "events" },
    ] satisfies Figure[];
  },
} satisfies Bench;
