// Reports on a month of a 100-vehicle fleet (issue 21, "Speed"): 100 vehicles × 30 days of positions every 60 s,
// 4,320,000 rows (support/seed-report-fleet.ts: daily drives with ignition, CAN odometer, trips), on PostgreSQL and
// then on the embedded database, through the real engine (runReport, streamReport) and renderers (renderReport).
//   reports_<db>_rollups_build_s       every day rollup of the fleet computed by the rollup worker's pass, after the
//                                      ingest-side marks (one dirty row per asset and local day) were made
//   reports_<db>_mileage_month_ms      mileage by month, all 100 vehicles (JSON rows)            target 500 ms*
//   reports_<db>_activity_range_ms     activity over the 30 days, all 100 vehicles (JSON rows)   target 500 ms*
//   reports_<db>_trips_json_ms         every trip of the 100 vehicles over 30 days, JSON pages of 5,000 rows each
//                                      serialised (JSON.stringify), as the REST answer would be  target 2 s
//   reports_<db>_route_xlsx_ms         the 30-day route of one vehicle (43,200 rows) as XLSX     target 5 s
//   reports_<db>_route_xlsx_peak_rss_growth_mb   the process's peak RSS above its RSS before one such file, after a
//                                      full collection (VmHWM reset through /proc/self/clear_refs) target < 150 MB
//   reports_<db>_activity_pdf_ms       activity of the 100 vehicles over the 30 days as PDF      target 3 s
//   reports_embedded_to_postgres_<report>_ratio   embedded time over PostgreSQL time, same report
// (* the 500 ms is for the mileage and the activity together: reports_<db>_mileage_activity_ms sums them.)
// Times are the median of SAMPLES runs after a warm-up run. The seeded databases are kept between runs
// (support/report-fleet-database.ts); the first run seeds them (minutes) and says so on stderr.
// BENCH_REPORTS_VEHICLES / BENCH_REPORTS_DAYS change the fleet (e.g. a quick look at 10 × 7), BENCH_REPORTS_EMBEDDED=0
// leaves the embedded database out.
import { readFileSync, writeFileSync } from "node:fs";
import { setDatabase } from "../../server/db/client";
import { runReport, streamReport } from "../../server/modules/reports/engine/run-report";
import { renderReport } from "../../server/modules/reports/render/render-report";
import type { ReportHeading, ReportRequest } from "../../server/modules/reports/report-model";
import { rebuildAccountDays } from "../../server/modules/reports/rollups/rebuild-account-days";
import { recomputeDueDays } from "../../server/modules/reports/rollups/rollup-worker";
import { setProtocolCatalogue } from "../../server/modules/protocol-port";
import { reachable, TEST_POSTGRES_URL } from "../../server/testing/services";
import { registryCatalogue } from "../../server/tracker/protocol-catalogue";
import { openEmbeddedFleet, openPostgresFleet, type OpenedFleet } from "./support/report-fleet-database";
import { round, type Bench, type Figure } from "./types";

const VEHICLES = Number(process.env.BENCH_REPORTS_VEHICLES ?? 100);
const DAYS = Number(process.env.BENCH_REPORTS_DAYS ?? 30);
const SAMPLES = Number(process.env.BENCH_REPORTS_SAMPLES ?? 5);
const EMBEDDED = process.env.BENCH_REPORTS_EMBEDDED !== "0";

const log = (text: string) => process.stderr.write(`reports bench: ${text}\n`);

/** median wall time of `samples` runs after one warm-up run, in ms; `check` sees the warm-up's result */
async function medianMs<T>(operation: () => Promise<T>, check: (result: T) => void, samples = SAMPLES): Promise<number> {
  check(await operation());
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    global.gc?.();
    const started = process.hrtime.bigint();
    await operation();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? NaN);

/** the process's peak RSS growth (MiB) while `work` runs, after a full collection */
async function peakRssGrowthMib(work: () => Promise<unknown>): Promise<number> {
  global.gc?.();
  const before = kib("VmRSS");
  let highWaterMark = true;
  try {
    writeFileSync("/proc/self/clear_refs", "5"); // resets VmHWM to the current RSS
  } catch {
    highWaterMark = false;
  }
  let sampled = before;
  const sampler = setInterval(() => (sampled = Math.max(sampled, kib("VmRSS"))), 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  const peak = Math.max(sampled, kib("VmRSS"), highWaterMark ? kib("VmHWM") : 0);
  return (peak - before) / 1024;
}

interface Timings {
  rollupsBuildS: number;
  mileageMonthMs: number;
  activityRangeMs: number;
  tripsJsonMs: number;
  routeXlsxMs: number;
  routeXlsxPeakRssGrowthMib: number;
  activityPdfMs: number;
}

async function measure(opened: OpenedFleet, kind: string): Promise<Timings> {
  const { database, fleet } = opened;
  setDatabase(database);
  const base = { accountId: fleet.accountId, from: fleet.from, to: fleet.to };
  const all = fleet.assetIds;
  const heading: ReportHeading = { accountName: fleet.accountName, primaryColor: null };

  // what the ingest statement would have left: a dirty rollup row per asset and local day with records; then the
  // rollup worker's pass computes them all
  await database.prisma.$transaction((tx) => rebuildAccountDays(tx, fleet.accountId), { timeout: 600_000 });
  const rollupStarted = Date.now();
  const computed = await recomputeDueDays();
  const rollupsBuildS = (Date.now() - rollupStarted) / 1000;
  log(`${kind}: ${computed} day rollups computed in ${round(rollupsBuildS, 1)} s`);

  const mileage: ReportRequest = { ...base, type: "mileage", assetIds: all, period: "month" };
  const activity: ReportRequest = { ...base, type: "activity", assetIds: all, period: "range" };
  const trips: ReportRequest = { ...base, type: "trips", assetIds: all };
  const route: ReportRequest = { ...base, type: "route", assetIds: [all[0]!] };

  const mileageMonthMs = await medianMs(
    () => runReport(mileage, { limit: 5_000 }),
    (page) => expectRows(`${kind} mileage`, page.data.length, fleet.vehicles),
  );
  const activityRangeMs = await medianMs(
    () => runReport(activity, { limit: 5_000 }),
    (page) => expectRows(`${kind} activity`, page.data.length, fleet.vehicles),
  );
  const tripsJsonMs = await medianMs(
    async () => {
      let cursor: string | null = null;
      let rows = 0;
      let bytes = 0;
      do {
        const page = await runReport(trips, { cursor, limit: 5_000 });
        bytes += JSON.stringify(page).length;
        rows += page.data.length;
        cursor = page.next_cursor;
      } while (cursor);
      return { rows, bytes };
    },
    ({ rows, bytes }) => {
      expectRows(`${kind} trips`, rows, fleet.trips);
      log(`${kind}: trips JSON ${rows} rows, ${round(bytes / 1024 / 1024, 1)} MiB`);
    },
  );
  let routePeak = 0;
  const routeXlsxMs = await medianMs(
    async () => {
      let file: Awaited<ReturnType<typeof renderReport>> | undefined;
      const growth = await peakRssGrowthMib(async () => (file = await renderReport("xlsx", await streamReport(route), heading)));
      routePeak = Math.max(routePeak, growth);
      return file!;
    },
    (file) => log(`${kind}: route XLSX ${round(file.body.length / 1024 / 1024, 1)} MiB (${file.fileName})`),
    Math.min(SAMPLES, 3),
  );
  const activityPdfMs = await medianMs(
    async () => renderReport("pdf", await streamReport(activity), heading),
    (file) => log(`${kind}: activity PDF ${round(file.body.length / 1024, 0)} KiB (${file.fileName})`),
  );
  setDatabase(undefined);
  return { rollupsBuildS, mileageMonthMs, activityRangeMs, tripsJsonMs, routeXlsxMs, routeXlsxPeakRssGrowthMib: routePeak, activityPdfMs };
}

function expectRows(what: string, got: number, expected: number): void {
  if (got !== expected) throw new Error(`${what}: ${got} rows, expected ${expected}`);
}

function figuresOf(kind: string, opened: OpenedFleet, t: Timings): Figure[] {
  const figures: Figure[] = [];
  if (opened.seedMs !== null) figures.push({ name: `reports_${kind}_seed_s`, value: round(opened.seedMs / 1000, 0), unit: "s" });
  figures.push(
    { name: `reports_${kind}_positions`, value: opened.fleet.positions, unit: "rows" },
    { name: `reports_${kind}_rollups_build_s`, value: round(t.rollupsBuildS, 1), unit: "s" },
    { name: `reports_${kind}_mileage_month_ms`, value: round(t.mileageMonthMs, 0), unit: "ms" },
    { name: `reports_${kind}_activity_range_ms`, value: round(t.activityRangeMs, 0), unit: "ms" },
    { name: `reports_${kind}_mileage_activity_ms`, value: round(t.mileageMonthMs + t.activityRangeMs, 0), unit: "ms" },
    { name: `reports_${kind}_trips_json_ms`, value: round(t.tripsJsonMs, 0), unit: "ms" },
    { name: `reports_${kind}_route_xlsx_ms`, value: round(t.routeXlsxMs, 0), unit: "ms" },
    { name: `reports_${kind}_route_xlsx_peak_rss_growth_mb`, value: round(t.routeXlsxPeakRssGrowthMib, 0), unit: "MiB" },
    { name: `reports_${kind}_activity_pdf_ms`, value: round(t.activityPdfMs, 0), unit: "ms" },
  );
  return figures;
}

export default {
  name: "reports",
  async run() {
    if (!(await reachable(TEST_POSTGRES_URL))) {
      process.stderr.write(`reports bench skipped: PostgreSQL not reachable at ${TEST_POSTGRES_URL}\n`);
      return [];
    }
    // figures go out as soon as they are measured (bench.ts reads each line): the PostgreSQL ones are printed here,
    // before the embedded part runs, and only the rest is returned
    const emit = (list: Figure[]) => {
      for (const figure of list) process.stdout.write(JSON.stringify(figure) + "\n");
    };

    setProtocolCatalogue(registryCatalogue); // as the server does at start-up: rollups name stored IO through it
    const postgres = await openPostgresFleet(VEHICLES, DAYS);
    let onPostgres: Timings;
    try {
      log(`PostgreSQL: ${postgres.fleet.positions} positions, ${postgres.fleet.trips} trips (cloned in ${round(postgres.cloneMs / 1000, 1)} s)`);
      onPostgres = await measure(postgres, "PostgreSQL");
    } finally {
      await postgres.close();
    }
    emit(figuresOf("postgres", postgres, onPostgres));
    if (!EMBEDDED) return [];

    const embedded = await openEmbeddedFleet(VEHICLES, DAYS);
    let onEmbedded: Timings;
    try {
      log(`embedded: ${embedded.fleet.positions} positions, ${embedded.fleet.trips} trips (copied in ${round(embedded.cloneMs / 1000, 1)} s)`);
      onEmbedded = await measure(embedded, "embedded");
    } finally {
      await embedded.close();
    }
    const ratio = (name: string, key: keyof Timings): Figure => ({
      name: `reports_embedded_to_postgres_${name}_ratio`,
      value: round(onEmbedded[key] / onPostgres[key], 2),
      unit: "ratio",
    });
    return [
      ...figuresOf("embedded", embedded, onEmbedded),
      ratio("rollups_build", "rollupsBuildS"),
      ratio("mileage_month", "mileageMonthMs"),
      ratio("activity_range", "activityRangeMs"),
      ratio("trips_json", "tripsJsonMs"),
      ratio("route_xlsx", "routeXlsxMs"),
      ratio("activity_pdf", "activityPdfMs"),
    ];
  },
} satisfies Bench;
