// The run-progress tracker's ETAs on both databases, with a route that has history: three past days stored in
// run_progress (stop 1 to 2 in 200 s, a 50 s stand at stop 2, stop 2 to 3 in 300 s) make the estimates after a fix,
// corrected by how this run compares on the leg it is driving; a run finished by its end time (the sweep) publishes
// its last run.eta without stops, dated when it finished, and stores no estimates any more.
//
// Also the tracker's batches (fixes queued together are followed together and their runs' states written in one
// statement): two fixes of a run in one batch are stored once and announced in order; a batch whose write lost to
// another node's (the event count moved on) is evaluated anew over the row read again, so every event is announced
// once, under its own number.
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createMemoryHub } from "../../hub";
import { pollUntil } from "../../testing/poll-until";
import { pointAt } from "../../testing/synthetic-school-runs";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createAccount } from "../accounts/create-account";
import { createAsset } from "../assets/create-asset";
import type { LivePosition } from "../positions/live-position";
import { addRouteStop } from "../routes/add-route-stop";
import { createRoute } from "../routes/create-route";
import { createRun } from "../runs/create-run";
import { ETA_MODEL } from "./run-eta";
import type { RunEtaMessage } from "./run-eta-message";
import type { RunProgressMessage } from "./run-progress-message";
import { RunProgressTracker } from "./run-progress-tracker";

const DATE = "2030-09-04";
const MIDNIGHT = Date.parse(`${DATE}T00:00:00Z`); // the account's zone is UTC
const T0 = MIDNIGHT + (7 * 60 + 30) * 60_000; // 07:30, the run's start
const DAY_MS = 86_400_000;

describe.each(databaseKinds())("run ETAs from the tracker on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("estimates from the route's history and this run's pace, and ends with an empty message when the clock finishes it", async () => {
    const account = await createAccount({ name: "Hill School" });
    const bus = await createAsset({ accountId: account.id, name: "Bus 1" });
    const route = await createRoute({ accountId: account.id, routeNumber: "R7", assetId: bus.id });
    const stops = [];
    for (const [index, east] of [0, 1000, 2000].entries()) stops.push(await addRouteStop({ accountId: account.id, routeId: route.id, name: `Stop ${index + 1}`, ...pointAt(east, 0) }));
    const [s1, s2, s3] = stops.map((stop) => stop.id) as [number, number, number];
    await createRun({ accountId: account.id, routeId: route.id, date: DATE, startTime: "07:30", endTime: "08:00" });
    for (const daysBefore of [1, 2, 3]) {
      const left = T0 - daysBefore * DAY_MS;
      await t.db.runProgress.create({
        data: {
          accountId: account.id,
          routeId: route.id,
          date: new Date(left).toISOString().slice(0, 10),
          status: "finished",
          state: {
            stops: [
              { stopId: s1, status: "departed", arrivedAt: left - 60_000, departedAt: left },
              { stopId: s2, status: "departed", arrivedAt: left + 200_000, departedAt: left + 250_000 },
              { stopId: s3, status: "arrived", arrivedAt: left + 550_000, departedAt: null },
            ],
          },
        },
      });
    }

    const hub = createMemoryHub();
    const progress: RunProgressMessage[] = [];
    const etas: RunEtaMessage[] = [];
    hub.subscribe("run.progress", (message) => progress.push(message));
    hub.subscribe("run.eta", (message) => etas.push(message));
    let now = T0;
    const tracker = new RunProgressTracker({ prisma: t.db, sql: t.database.sql, hub, logger: pino({ level: "silent" }), now: () => now });
    const fix = (seconds: number, east: number, speed: number) => {
      now = T0 + seconds * 1000;
      tracker.onPosition({ accountId: account.id, assetId: bus.id, dateUpdated: now, ...pointAt(east, 0), speed, ioData: {} } as unknown as LivePosition);
    };
    fix(0, 0, 0);
    fix(30, 125, 30);
    fix(60, 375, 30);
    await tracker.drain();
    await pollUntil("the estimates after the third fix", () => (etas.length === 2 ? true : undefined), 10_000); // the hub delivers asynchronously

    expect(progress.map((m) => m.type)).toEqual(["stop_arrived", "run_started", "stop_departed"]);
    const departedAt = progress[2]!.occurredAt;
    expect(etas.map((m) => (m.at - T0) / 1000)).toEqual([30, 60]);
    const [, last] = etas as [RunEtaMessage, RunEtaMessage];
    // at 60 s the bus is 375 m along: 37.5% of a leg usually 200 s, done in (60 s - departure): this run's pace, shrunk
    const driven = (T0 + 60_000 - departedAt) / 1000;
    const lateness = (driven + ETA_MODEL.latenessPriorS) / (0.375 * 200 + ETA_MODEL.latenessPriorS);
    const toStop2 = 0.625 * 200 * lateness;
    expect(last.stops.map((stop) => stop.stopId)).toEqual([s2, s3]);
    expect((last.stops[0]!.etaAt - last.at) / 1000).toBeCloseTo(toStop2, 2);
    expect((last.stops[1]!.etaAt - last.stops[0]!.etaAt) / 1000).toBeCloseTo(50 + 300 * lateness, 2);
    // not the plain model's 625 m × 1.3 at 25 km/h
    expect(Math.abs((last.stops[0]!.etaAt - last.at) / 1000 - (0.625 * 1000 * ETA_MODEL.roadFactor) / (ETA_MODEL.townSpeedKmh / 3.6))).toBeGreaterThan(5);

    // the bus stops reporting; the sweep finishes the run at its end time and grace
    now = T0 + 30 * 60_000 + 30 * 60_000 + 1;
    tracker.sweep();
    await tracker.drain();
    await pollUntil("the last estimates", () => (etas.length === 3 ? true : undefined), 10_000);
    expect(progress.at(-1)).toMatchObject({ type: "run_finished", run: { reason: "end_time" } });
    expect(etas.at(-1)).toEqual({ version: 1, accountId: account.id, routeId: route.id, date: DATE, runId: expect.any(Number), vehicle: { assetId: bus.id }, at: T0 + 60 * 60_000, stops: [] });
    const stored = await t.db.runProgress.findUniqueOrThrow({ where: { routeId_date: { routeId: route.id, date: DATE } } });
    expect(stored).toMatchObject({ status: "finished", eta: null });
  });

  it("stores the fixes of a batch once, announces them in order, and evaluates a batch whose write lost anew", async () => {
    const account = await createAccount({ name: "Vale School" });
    const bus = await createAsset({ accountId: account.id, name: "Bus 2" });
    const route = await createRoute({ accountId: account.id, routeNumber: "R8", assetId: bus.id });
    for (const [index, east] of [0, 1000, 2000].entries()) await addRouteStop({ accountId: account.id, routeId: route.id, name: `Stop ${index + 1}`, ...pointAt(east, 0) });
    await createRun({ accountId: account.id, routeId: route.id, date: DATE, startTime: "07:30", endTime: "08:00" });

    const hub = createMemoryHub();
    /** both channels of both nodes in the order heard: "<event number> <type>" or "eta" */
    const heard: string[] = [];
    hub.subscribe("run.progress", (message) => heard.push(`${message.id.split(":").at(-1)} ${message.type}`));
    hub.subscribe("run.eta", () => heard.push("eta"));
    let now = T0;
    const node = () => new RunProgressTracker({ prisma: t.db, sql: t.database.sql, hub, logger: pino({ level: "silent" }), now: () => now });
    const [a, b] = [node(), node()];
    const fix = (tracker: RunProgressTracker, seconds: number, east: number, speed: number) => {
      now = T0 + seconds * 1000;
      tracker.onPosition({ accountId: account.id, assetId: bus.id, dateUpdated: now, ...pointAt(east, 0), speed, ioData: {} } as unknown as LivePosition);
    };
    const stored = () => t.db.runProgress.findUniqueOrThrow({ where: { routeId_date: { routeId: route.id, date: DATE } } });
    const settled = (count: number) => pollUntil(`${count} messages heard`, () => (heard.length === count ? true : undefined), 10_000);

    // one batch: waits at stop 1, then leaves it
    fix(a, 0, 0, 0);
    fix(a, 30, 125, 30);
    await a.drain();
    await settled(4);
    expect(heard).toEqual(["1 stop_arrived", "2 run_started", "3 stop_departed", "eta"]);
    expect(await stored()).toMatchObject({ status: "in_progress", eventCount: 3 });

    // the vehicle's fix at stop 2 goes to another node, which reads the row and stores the arrival there
    fix(b, 200, 1000, 0);
    await b.drain();
    await settled(6);
    expect(heard.slice(4)).toEqual(["4 stop_arrived", "eta"]);

    // this node still holds the state before it: its batch finds the arrival too, but its write lands over no row (the
    // event count moved on), so its fixes are evaluated again over the row read anew: only the departure is new
    fix(a, 230, 1000, 0);
    fix(a, 260, 1250, 30);
    await a.drain();
    await settled(9);
    expect(heard.slice(6)).toEqual(["eta", "5 stop_departed", "eta"]);
    expect(await stored()).toMatchObject({ status: "in_progress", eventCount: 5 });
  });
});
