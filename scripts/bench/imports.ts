// The import service under a full call: 5,000 rows of routes with stops (500 routes of 10 stops, as an integrator's
// whole timetable), from the call to the finished job, on PostgreSQL and on the embedded database (PGlite on disk,
// as the default runs). A second call with the same rows measures re-importing (every route and stop updated).
// Targets: the first import in at most 1 s on PostgreSQL and 2 s embedded. Measured after a small warm-up import in
// another account (a fresh process spends its first second compiling).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, setDatabase, type Database } from "../../server/db/client";
import { log } from "../../server/log";
import { createAccount } from "../../server/modules/accounts/create-account";
import { createAsset } from "../../server/modules/assets/create-asset";
import { getImportJob } from "../../server/modules/imports/get-import-job";
import { importRows } from "../../server/modules/imports/import-rows";
import { startImportWorker } from "../../server/modules/imports/import-worker";
import { createScratchDatabase } from "../../server/testing/scratch-postgres";
import { reachable, TEST_POSTGRES_URL } from "../../server/testing/services";
import { round, type Bench, type Figure } from "./types";

const ROUTES = 500;
const STOPS_PER_ROUTE = 10;
const VEHICLES = 50;

function timetable(routes = ROUTES): unknown[] {
  return Array.from({ length: routes }, (_, r) => ({
    route_number: `R${r + 1}`,
    route_name: `Route ${r + 1}`,
    vehicle: `BUS ${(r % VEHICLES) + 1}`,
    days: "Mon-Fri",
    start_time: "7.15",
    end_time: "8:30 am",
    effective_from: "01/09/2026",
    stops: Array.from({ length: STOPS_PER_ROUTE }, (_, s) => ({
      name: `Stop ${s + 1} of route ${r + 1}`,
      address: `${s + 1} Main Street`,
      lat: 54.6 + s / 1000,
      lng: 25.2 + r / 1000,
      time: s === 0 ? "07:15" : s * 5,
      kind: s === STOPS_PER_ROUTE - 1 ? "drop-off" : "pick-up",
    })),
  }));
}

/** one call, from the call to the finished job; ms */
async function importOnce(accountId: number, userId: number, rows: unknown[]): Promise<number> {
  const worker = startImportWorker({ logger: log("bench"), autostart: false });
  const started = performance.now();
  const { result } = await importRows({ accountId, userId, source: "api", body: { target: "routes", rows } });
  await worker.drain();
  const elapsed = performance.now() - started;
  await worker.stop();
  const job = await getImportJob({ accountId, id: result.id });
  if (job.status !== "done" || job.stats.failed > 0 || job.stats.created + job.stats.updated !== rows.length) {
    throw new Error(`the import did not finish cleanly: ${JSON.stringify({ status: job.status, stats: job.stats, errors: job.errors.slice(0, 3) })}`);
  }
  return elapsed;
}

async function schoolAccount(database: Database, name: string) {
  const account = await createAccount({ name });
  const user = await database.prisma.user.create({ data: { email: `bench-${account.id}-${Date.now()}@example.com`, name: "Bench" }, select: { id: true } });
  for (let v = 1; v <= VEHICLES; v++) await createAsset({ accountId: account.id, name: `Bus ${v}`, plate: `BUS ${v}` });
  return { accountId: account.id, userId: user.id };
}

async function measure(prefix: string, database: Database): Promise<Figure[]> {
  setDatabase(database);
  try {
    // a running server has compiled its code paths and queries before an integrator's big call: warm them up with
    // a small import (created, then updated) in another account, as any earlier import would have
    const warm = await schoolAccount(database, "Warm-up schools");
    for (let pass = 0; pass < 2; pass++) await importOnce(warm.accountId, warm.userId, timetable(60));
    const { accountId, userId } = await schoolAccount(database, "Bench schools");
    const rows = timetable();
    const first = await importOnce(accountId, userId, rows);
    const again = await importOnce(accountId, userId, rows);
    return [
      { name: `${prefix}_routes_5000_rows_ms`, value: round(first, 0), unit: "ms" },
      { name: `${prefix}_routes_5000_rows_reimport_ms`, value: round(again, 0), unit: "ms" },
    ];
  } finally {
    setDatabase(undefined);
  }
}

export default {
  name: "imports",
  async run() {
    const figures: Figure[] = [];
    if (await reachable(TEST_POSTGRES_URL)) {
      const scratch = await createScratchDatabase("fleetline_bench");
      const database = await openDatabase({ databaseUrl: scratch.url, dataDir: "" });
      try {
        figures.push(...(await measure("import_postgres", database)));
      } finally {
        await database.close();
        await scratch.drop();
      }
    } else {
      process.stderr.write(`imports: PostgreSQL is not reachable at ${TEST_POSTGRES_URL}; its figures are skipped\n`);
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), "fleetline-bench-import-"));
    const database = await openDatabase({ dataDir });
    try {
      figures.push(...(await measure("import_embedded", database)));
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    return figures;
  },
} satisfies Bench;
