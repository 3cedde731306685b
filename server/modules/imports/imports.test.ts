// The import service's use cases on every database kind: the whole-call checks (422 for unknown fields, 413 above
// 5,000 rows), routes with stops (created, updated by route_number keeping stop ids, a bad stop leaving its route
// out with its flattened row number), runs (one per route and date, cancelled, unknown routes), passengers
// (external_id then name, stops by name), and large calls as pending jobs processed by the worker, resuming after
// a lost claim.
import { describe, expect, it } from "vitest";
import { isAppError } from "../../errors";
import { log } from "../../log";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createAccount } from "../accounts/create-account";
import { createAsset } from "../assets/create-asset";
import { getImportJob } from "./get-import-job";
import { ImportContext } from "./import-context";
import { ImportOutcome } from "./import-outcome";
import { importRoutes } from "./import-routes";
import { importRows } from "./import-rows";
import { startImportWorker } from "./import-worker";

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, status: error.status, message: error.message, fields: (error.errors ?? []).map((e) => e.field) };
    throw error;
  }
  throw new Error("expected a failure");
}

describe.each(databaseKinds())("imports on %s", (kind) => {
  const t = useTestDatabase(kind);

  async function setup() {
    const account = await createAccount({ name: `Schools ${Math.random()}` });
    const user = await t.db.user.create({ data: { email: `office-${Math.random()}@example.com`, name: "Office" }, select: { id: true } });
    const bus = await createAsset({ accountId: account.id, name: "Bus 12", plate: "ABC 123" });
    const van = await createAsset({ accountId: account.id, name: "Van", plate: "XYZ-9" });
    const driver = await t.db.driver.create({ data: { accountId: account.id, name: "Ona Petraitė", email: "ona@example.com", phone: "+37060012345" }, select: { id: true } });
    const call = (target: string, rows: unknown[], onQueued?: (id: number) => void) =>
      importRows({ accountId: account.id, userId: user.id, source: "api", body: { target, rows }, onQueued });
    return { account, user, bus, van, driver, call };
  }

  const route = (number: string, extra: Record<string, unknown> = {}) => ({
    route_number: number,
    route_name: `Route ${number}`,
    vehicle: "abc123",
    driver: "ona@example.com",
    days: "Mon-Fri",
    start_time: "7.15",
    end_time: "3:30 pm",
    effective_from: "01/09/2026",
    stops: [
      { name: "Oak Street", lat: 54.68, lng: 25.27, time: "07:20", kind: "pick-up" },
      { name: "Mill Lane", lat: "54,69", lng: 25.28, time: 15 },
      { name: "School", address: "1 School Rd", kind: "drop-off", radius_m: "200 m" },
    ],
    ...extra,
  });

  it("imports routes with their stops, matching vehicle and driver, and reports created ids", async () => {
    const { call, bus, driver } = await setup();
    const { status, result } = await call("routes", [route("R1"), route("R2", { vehicle: "Van", driver: "+370 600 12345", stops: [] })]);
    expect(status).toBe(200);
    expect(result).toMatchObject({ target: "routes", status: "done", source: "api", rows: 4, stats: { created: 2, updated: 0, skipped: 0, failed: 0 }, errors: [] });
    expect(result.created_ids).toHaveLength(2);
    expect(result.finished_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const r1 = await t.db.route.findUniqueOrThrow({ where: { id: result.created_ids[0]! }, include: { stops: { orderBy: { sequence: "asc" } } } });
    expect(r1).toMatchObject({ routeNumber: "R1", name: "Route R1", assetId: bus.id, driverId: driver.id, days: [1, 2, 3, 4, 5], startMinute: 435, endMinute: 930, effectiveFrom: "2026-09-01" });
    expect(r1.stops.map((s) => [s.sequence, s.name, s.kind, s.clockMinute, s.offsetMinutes, s.latitude, s.radiusM])).toEqual([
      [1, "Oak Street", "pick_up", 440, null, 54.68, null],
      [2, "Mill Lane", "both", null, 15, 54.69, null],
      [3, "School", "drop_off", null, null, null, 200],
    ]);
    const r2 = await t.db.route.findUniqueOrThrow({ where: { id: result.created_ids[1]! } });
    expect(r2.driverId).toBe(driver.id); // matched by phone in another spelling
  });

  it("updates a route imported again by its number, keeping the ids of stops whose name did not change", async () => {
    const { call } = await setup();
    const first = await call("routes", [route("R7")]);
    const routeId = first.result.created_ids[0]!;
    const before = await t.db.routeStop.findMany({ where: { routeId }, select: { id: true, name: true } });
    const second = await call("routes", [route("R7", { route_name: "Renamed", stops: [{ name: "SCHOOL" }, { name: "oak street", time: "7:25" }, { name: "New Stop" }] })]);
    expect(second.result).toMatchObject({ stats: { created: 0, updated: 1 }, created_ids: [] });
    const after = await t.db.routeStop.findMany({ where: { routeId }, orderBy: { sequence: "asc" }, select: { id: true, name: true, clockMinute: true } });
    expect(after.map((s) => s.name)).toEqual(["SCHOOL", "oak street", "New Stop"]);
    expect(after[0]!.id).toBe(before.find((s) => s.name === "School")!.id);
    expect(after[1]).toMatchObject({ id: before.find((s) => s.name === "Oak Street")!.id, clockMinute: 445 });
    expect(await t.db.routeStop.count({ where: { routeId, name: "Mill Lane" } })).toBe(0);
    expect((await t.db.route.findUniqueOrThrow({ where: { id: routeId } })).name).toBe("Renamed");
  });

  it("leaves out a route with a bad value or stop, numbering rows as a sheet of one line per stop, and imports the rest", async () => {
    const { call, account } = await setup();
    const { status, result } = await call("routes", [
      route("A"), // rows 1-3
      route("B", { stops: [{ name: "One" }, { name: "Two", time: "soon" }] }), // rows 4-5: the second stop is wrong
      { route_name: "no number" }, // row 6
      route("C", { vehicle: "Tractor", stops: [] }), // row 7
      route("D", { days: "Funday", stops: [] }), // row 8
      route("E", { stops: [{ name: "Same" }, { name: "same" }] }), // rows 9-10
      {}, // row 11: blank
      route("F", { stops: [] }), // row 12
      route("G", { stops: [{ name: "Yard", radius_m: 5 }] }), // row 13: a radius below 20 m
    ]);
    expect(status).toBe(200);
    expect(result.rows).toBe(13);
    expect(result.stats).toEqual({ created: 2, updated: 0, skipped: 1, failed: 6 });
    expect(result.errors).toEqual([
      { row: 5, field: "stops.time", reason: expect.stringContaining('"soon"') },
      { row: 6, field: "route_number", reason: "route_number is required" },
      { row: 7, field: "vehicle", reason: expect.stringContaining("never created") },
      { row: 8, field: "days", reason: expect.stringContaining('"Funday"') },
      { row: 10, field: "stops.name", reason: expect.stringContaining("appears twice") },
      { row: 13, field: "stops.radius_m", reason: expect.stringContaining("whole metres from 20 to 1000") },
    ]);
    const numbers = (await t.db.route.findMany({ where: { accountId: account.id }, select: { routeNumber: true } })).map((r) => r.routeNumber).sort();
    expect(numbers).toEqual(["A", "F"]); // a half-written route B never exists
    expect(await t.db.asset.count({ where: { accountId: account.id } })).toBe(2); // vehicles are never created
  });

  it("writes a route named twice in one call once, the later row updating the earlier", async () => {
    const { call } = await setup();
    const { result } = await call("routes", [route("R7"), route("R7", { route_name: "Renamed", stops: [{ name: "school" }, { name: "Oak Street" }] })]);
    expect(result.stats).toEqual({ created: 1, updated: 1, skipped: 0, failed: 0 });
    const saved = await t.db.route.findFirstOrThrow({ where: { id: result.created_ids[0]! }, include: { stops: { orderBy: { sequence: "asc" } } } });
    expect(saved.name).toBe("Renamed");
    expect(saved.stops.map((stop) => stop.name)).toEqual(["school", "Oak Street"]);
  });

  it("leaves out only the route the database refuses (a vehicle deleted while the call ran) and saves the others", async () => {
    const { account, van } = await setup();
    const prisma = t.db;
    const context = await ImportContext.load(prisma, account.id);
    await prisma.asset.delete({ where: { id: van.id } }); // after the call matched its vehicles
    const outcome = new ImportOutcome();
    await importRoutes({ prisma, context, rows: [route("R8"), route("R9", { vehicle: "Van" }), route("R10")], firstRow: 1, outcome });
    expect(outcome.stats).toEqual({ created: 2, updated: 0, skipped: 0, failed: 1 });
    expect(outcome.errors).toEqual([{ row: 4, reason: "the route could not be saved: a vehicle or driver it names was deleted while the import ran" }]);
    const saved = await prisma.route.findMany({ where: { accountId: account.id }, include: { _count: { select: { stops: true } } }, orderBy: { routeNumber: "asc" } });
    expect(saved.map((r) => [r.routeNumber, r._count.stops])).toEqual([["R10", 3], ["R8", 3]]);
  });

  it("refuses the whole call for an unknown field anywhere, a malformed body or a wrong target, writing nothing", async () => {
    const { call, account } = await setup();
    expect(await failure(call("routes", [route("A"), route("B", { colour: "red" })]))).toMatchObject({ code: "VALIDATION_FAILED", status: 422, fields: ["rows.1.colour"] });
    expect(await failure(call("routes", [route("A", { stops: [{ name: "x", bogus: 1 }] })]))).toMatchObject({ status: 422, fields: ["rows.0.stops.0.bogus"] });
    expect(await failure(call("routes", [route("A", { stops: "Oak" })]))).toMatchObject({ status: 422, fields: ["rows.0.stops"] });
    expect(await failure(call("buses", [route("A")]))).toMatchObject({ status: 422, fields: ["target"] });
    expect(await failure(call("routes", []))).toMatchObject({ status: 422, fields: ["rows"] });
    expect(await failure(importRows({ accountId: account.id, userId: 1, source: "api", body: { target: "runs", rows: [], extra: 1 } }))).toMatchObject({ status: 422 });
    expect(await failure(call("runs", ["not an object"]))).toMatchObject({ status: 422, fields: ["rows.0"] });
    expect(await t.db.route.count({ where: { accountId: account.id } })).toBe(0);
  });

  it("refuses more than 5,000 rows (each stop counting) with 413", async () => {
    const { call } = await setup();
    const stops = Array.from({ length: 10 }, (_, i) => ({ name: `Stop ${i}` }));
    const rows = Array.from({ length: 501 }, (_, i) => route(`R${i}`, { stops })); // 5,010 rows
    expect(await failure(call("routes", rows))).toMatchObject({ code: "IMPORT_TOO_LARGE", status: 413, message: expect.stringContaining("5,010") });
  });

  it("imports runs one per route and date: re-sent runs change the fields they carry, cancelled cancels, unknown routes are row errors", async () => {
    const { call, van, driver, account } = await setup();
    await call("routes", [route("R1", { stops: [] })]);
    const first = await call("runs", [
      { route_number: "R1", date: "2026-09-01" },
      { route_number: "R1", date: "02/09/2026", start_time: "8:00", vehicle: "XYZ 9", driver: "ona petraitė", notice: "Late start" },
      { route_number: "R9", date: "2026-09-01" },
      { route_number: "R1", date: "31/02/2026" },
      { route_number: "R1", date: "2026-09-03", status: "maybe" },
      { route_number: "R1" },
    ]);
    expect(first.result).toMatchObject({ stats: { created: 2, updated: 0, failed: 4 }, created_ids: [] });
    expect(first.result.errors.map((e) => [e.row, e.field])).toEqual([[3, "route_number"], [4, "date"], [5, "status"], [6, "date"]]);
    expect(first.result.errors[0]!.reason).toMatch(/not been imported yet/);
    const late = await t.db.run.findFirstOrThrow({ where: { route: { routeNumber: "R1", accountId: account.id }, date: "2026-09-02" } });
    expect(late).toMatchObject({ startMinute: 480, endMinute: null, assetId: van.id, driverId: driver.id, notice: "Late start", status: "scheduled" });
    const second = await call("runs", [{ route_number: "R1", date: "01/09/2026", status: "Cancelled" }, { route_number: "R1", date: "2026-09-02", notice: "On time" }]);
    expect(second.result.stats).toMatchObject({ created: 0, updated: 2 });
    const runs = await t.db.run.findMany({ orderBy: { date: "asc" }, where: { route: { routeNumber: "R1", accountId: account.id } } });
    // a re-sent row changes what it carries: the notice alone leaves the vehicle, driver and start time as they were
    expect(runs.map((r) => [r.date, r.status, r.notice, r.startMinute, r.assetId, r.driverId])).toEqual([
      ["2026-09-01", "cancelled", null, null, null, null],
      ["2026-09-02", "scheduled", "On time", 480, van.id, driver.id],
    ]);
    // a field sent empty (a spreadsheet's empty cell, null) is cleared, so the route's value applies again
    const third = await call("runs", [{ route_number: "R1", date: "2026-09-02", vehicle: "", start_time: null, notice: " " }]);
    expect(third.result.stats).toMatchObject({ updated: 1, failed: 0 });
    const cleared = await t.db.run.findFirstOrThrow({ where: { route: { routeNumber: "R1", accountId: account.id }, date: "2026-09-02" } });
    expect(cleared).toMatchObject({ startMinute: null, assetId: null, driverId: driver.id, notice: null, status: "scheduled" });
  });

  it("imports passengers matched by external_id, then by name on the route, with stops matched by name", async () => {
    const { call } = await setup();
    await call("routes", [route("R1"), route("R2", { stops: [{ name: "Depot" }] })]);
    const first = await call("passengers", [
      { external_id: "P-1", route_number: "R1", passenger_name: "Jonas", contact_name: "Mum", contact_phone: "+370 600 11111", pickup_stop: "oak street", dropoff_stop: "SCHOOL" },
      { route_number: "R1", passenger_name: "Eglė", pickup_stop: "Mill Lane" },
      { route_number: "R1", passenger_name: "Tomas", pickup_stop: "Nowhere" },
      { route_number: "R5", passenger_name: "Lina" },
      { route_number: "R1" },
    ]);
    expect(first.result).toMatchObject({ stats: { created: 2, failed: 3 } });
    expect(first.result.created_ids).toHaveLength(2);
    expect(first.result.errors.map((e) => [e.row, e.field])).toEqual([[3, "pickup_stop"], [4, "route_number"], [5, "passenger_name"]]);
    const second = await call("passengers", [
      { external_id: "P-1", route_number: "R2", passenger_name: "Jonas J.", pickup_stop: "Depot" }, // moves route, found by external id
      { route_number: "R1", passenger_name: "EGLĖ", contact_name: "Dad" }, // found by name on the route
    ]);
    expect(second.result).toMatchObject({ stats: { created: 0, updated: 2 }, created_ids: [] });
    const jonas = await t.db.passenger.findUniqueOrThrow({ where: { id: first.result.created_ids[0]! }, include: { route: true, pickupStop: true } });
    expect(jonas).toMatchObject({ name: "Jonas J.", route: { routeNumber: "R2" }, pickupStop: { name: "Depot" }, dropoffStopId: null });
    const egle = await t.db.passenger.findUniqueOrThrow({ where: { id: first.result.created_ids[1]! } });
    expect(egle).toMatchObject({ name: "EGLĖ", contactName: "Dad" });
  });

  it("matches a row without external_id by name even when the stored passenger has one; another external_id is somebody else", async () => {
    const { call } = await setup();
    await call("routes", [route("R1"), route("R2", { stops: [{ name: "Depot" }] })]);
    const first = await call("passengers", [
      { external_id: "P-1", route_number: "R1", passenger_name: "Jonas", contact_name: "Mum" },
      { route_number: "R1", passenger_name: "Eglė" },
    ]);
    const [jonasId, egleId] = first.result.created_ids;
    const passenger = (id: number | undefined) => t.db.passenger.findUniqueOrThrow({ where: { id }, include: { route: true } });

    // no external_id: the stored Jonas, found by name on R1 (the spec's "then by name"); his external_id is kept
    const byName = await call("passengers", [{ route_number: "R1", passenger_name: "JONAS", contact_name: "Dad" }]);
    expect(byName.result.stats).toEqual({ created: 0, updated: 1, skipped: 0, failed: 0 });
    expect(await passenger(jonasId)).toMatchObject({ externalId: "P-1", name: "JONAS", contactName: "Dad" });

    // an external_id of its own that is not Jonas's: another child of the same name
    const other = await call("passengers", [{ external_id: "P-2", route_number: "R1", passenger_name: "Jonas", contact_name: "Gran" }]);
    expect(other.result.stats).toMatchObject({ created: 1, updated: 0 });
    expect(await passenger(other.result.created_ids[0])).toMatchObject({ externalId: "P-2", name: "Jonas", contactName: "Gran" });
    expect(await passenger(jonasId)).toMatchObject({ externalId: "P-1", contactName: "Dad" });

    // an external_id for a passenger stored without one: found by name, and given it; an external_id first, whatever
    // the name and route
    const ids = await call("passengers", [
      { external_id: "P-3", route_number: "R1", passenger_name: "eglė" },
      { external_id: "P-1", route_number: "R2", passenger_name: "Jonas J." },
    ]);
    expect(ids.result.stats).toMatchObject({ created: 0, updated: 2 });
    expect(await passenger(egleId)).toMatchObject({ externalId: "P-3", name: "eglė" });
    expect(await passenger(jonasId)).toMatchObject({ externalId: "P-1", name: "Jonas J.", route: { routeNumber: "R2" } });

    // two passengers of that name on the route and no external_id to choose: the row is left out, naming the fix
    await call("passengers", [{ external_id: "P-1", route_number: "R1", passenger_name: "Jonas" }]);
    const ambiguous = await call("passengers", [{ route_number: "R1", passenger_name: "jonas", contact_name: "?" }]);
    expect(ambiguous.result.stats).toMatchObject({ created: 0, updated: 0, failed: 1 });
    expect(ambiguous.result.errors).toEqual([
      { row: 1, field: "passenger_name", reason: '2 passengers on route R1 are named "jonas"; give the row the external_id of the one it means' },
    ]);
  });

  it("matches a passenger written earlier in the same call, by name or by the external id it was just given", async () => {
    const { call } = await setup();
    await call("routes", [route("R1"), route("R2", { stops: [] })]);
    const { result } = await call("passengers", [
      { route_number: "R1", passenger_name: "Rūta" },
      { external_id: "P-9", route_number: "R1", passenger_name: "rūta  ", contact_name: "Gran" }, // the same child, now with an id
      { external_id: "P-9", route_number: "R2", passenger_name: "Rūta K." }, // moved by that id
      { route_number: "R1", passenger_name: "Rūta" }, // nobody of that name is left on R1: a new passenger
    ]);
    expect(result.stats).toEqual({ created: 2, updated: 2, skipped: 0, failed: 0 });
    const stored = await t.db.passenger.findMany({ where: { id: { in: result.created_ids } }, include: { route: true }, orderBy: { id: "asc" } });
    expect(stored.map((p) => [p.externalId, p.name, p.route.routeNumber, p.contactName])).toEqual([
      ["P-9", "Rūta K.", "R2", null],
      [null, "Rūta", "R1", null],
    ]);
  });

  it("queues 501 to 5,000 rows as a pending job (202) that the worker finishes, readable by id and only in its account", async () => {
    const { call, account } = await setup();
    const other = await createAccount({ name: "Other" });
    let queued = 0;
    const rows = Array.from({ length: 600 }, (_, i) => (i === 550 ? { route_name: "no number", stops: [] } : route(`Q${i}`, { stops: [] })));
    const { status, result } = await call("routes", rows, (id) => (queued = id));
    expect(status).toBe(202);
    expect(result).toMatchObject({ status: "pending", rows: 600, stats: { created: 0 }, errors: [], created_ids: [], finished_at: null });
    expect(queued).toBe(result.id);
    expect(await getImportJob({ accountId: account.id, id: result.id })).toMatchObject({ status: "pending" });
    expect(await failure(getImportJob({ accountId: other.id, id: result.id }))).toMatchObject({ code: "IMPORT_JOB_NOT_FOUND", status: 404 });

    const worker = startImportWorker({ logger: log("imports"), autostart: false });
    try {
      expect(await worker.drain()).toBe(1);
    } finally {
      await worker.stop();
    }
    const done = await getImportJob({ accountId: account.id, id: result.id });
    expect(done).toMatchObject({ status: "done", rows: 600, stats: { created: 599, updated: 0, failed: 1 }, errors: [{ row: 551, field: "route_number" }] });
    expect(done.created_ids).toHaveLength(599);
    expect(done.finished_at).not.toBeNull();
    expect(await t.db.route.count({ where: { accountId: account.id } })).toBe(599);
    expect((await t.db.importJob.findUniqueOrThrow({ where: { id: result.id } })).input).toBeNull(); // the rows are not kept
  });

  it("continues a job whose claim lapsed (its node died) from the rows it had saved", async () => {
    const { call, account } = await setup();
    const rows = Array.from({ length: 700 }, (_, i) => route(`S${i}`, { stops: [] }));
    const { result } = await call("routes", rows);
    // a node imported the first 250 rows, saved its progress, and died holding a claim that has since lapsed
    const worker = startImportWorker({ logger: log("imports"), autostart: false });
    await call("routes", rows.slice(0, 250)); // what that node wrote (the routes exist now)
    await t.db.importJob.update({
      where: { id: result.id },
      data: { processed: 250, stats: { created: 250, updated: 0, skipped: 0, failed: 0 }, claimedUntil: new Date(Date.now() - 1000) },
    });
    try {
      expect(await worker.drain()).toBeGreaterThanOrEqual(1);
    } finally {
      await worker.stop();
    }
    const done = await getImportJob({ accountId: account.id, id: result.id });
    expect(done).toMatchObject({ status: "done", stats: { created: 700, updated: 0, failed: 0 } });
    expect(await t.db.route.count({ where: { accountId: account.id } })).toBe(700);
  });

  it("leaves a job that another node holds alone", async () => {
    const { call, account } = await setup();
    const { result } = await call("runs", Array.from({ length: 510 }, (_, i) => ({ route_number: "none", date: `2026-09-${String((i % 28) + 1).padStart(2, "0")}` })));
    await t.db.importJob.update({ where: { id: result.id }, data: { claimedUntil: new Date(Date.now() + 60_000) } });
    const worker = startImportWorker({ logger: log("imports"), autostart: false });
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }
    expect(await getImportJob({ accountId: account.id, id: result.id })).toMatchObject({ status: "pending" });
  });
});
