// A school run followed end to end below the browser, on both databases: the real server (startFleetline without
// Next: database, hub, Teltonika listener, pipeline, evaluation) receives Codec 8E records from devices over TCP.
// Vehicle A drives the first half of today's run (the run's vehicle; the route names none); the server is stopped and
// started again on the same database mid-run; the run's vehicle is changed to B, which drives the rest while A's
// fixes no longer count. The hub carries every arrival, departure and the run's start and finish, in order, with ids
// that continue across the restart, and the stored state is the finished run. After each fix of the run in progress
// the hub carries the estimated arrivals at the stops still ahead ("run.eta"), after that fix's run.progress events,
// stored with the state, and one last message without stops once the run finished.
import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { parseEnv } from "../../env";
import { startFleetline, type RunningServer } from "../../server";
import { freePort } from "../../testing/free-port";
import { serverStore } from "../../testing/server-store";
import { TestDevice, testRecord } from "../../testing/teltonika-test-device";
import { databaseKinds } from "../../testing/test-database";
import { testImei } from "../../testing/test-imei";
import { createAccount } from "../accounts/create-account";
import { createAsset } from "../assets/create-asset";
import { addRouteStop } from "../routes/add-route-stop";
import { createRoute } from "../routes/create-route";
import { listRouteOccurrences } from "../routes/list-route-occurrences";
import { createRun } from "../runs/create-run";
import { updateRun } from "../runs/update-run";
import { formatClockMinutes, formatLocalDate, zonedParts } from "../time/zoned-time";
import type { RunProgressMessage } from "./run-progress-message";
import type { RunEtaMessage } from "./run-eta-message";
import { pollUntil } from "../../testing/poll-until";

/** pollUntil with this file's deadline */
const waitFor = <T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000) => pollUntil(what, probe, timeoutMs);

const ORIGIN = { latitude: 54.68, longitude: 25.27 };
/** `east` metres east of the origin */
function at(east: number) {
  return { latitude: ORIGIN.latitude, longitude: ORIGIN.longitude + east / (111_195 * Math.cos((ORIGIN.latitude * Math.PI) / 180)) };
}

describe.each(databaseKinds())("run progress from devices over TCP on %s", (kind) => {
  it("follows a run through a restart and a change of vehicle: arrivals and departures in order, once each", async () => {
    const port = await freePort();
    const base = { NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: String(port), LOG_LEVEL: "silent", FLEET_DEMO: "0" };
    const store = await serverStore(kind, "runs");
    const env = parseEnv({ ...base, ...store.settings });
    let running: RunningServer | undefined;
    const devices: TestDevice[] = [];
    const heard: RunProgressMessage[] = [];
    const etas: RunEtaMessage[] = [];
    /** both channels in the order heard: "progress <type>" or "eta <stop sequences>" */
    const order: string[] = [];
    const start = async () => {
      running = await startFleetline(env, { next: false });
      running.hub.subscribe("run.progress", (message) => {
        heard.push(message);
        order.push(`progress ${message.type}`);
      });
      running.hub.subscribe("run.eta", (message) => {
        etas.push(message);
        order.push(`eta ${message.stops.map((stop) => stop.sequence).join(",")}`);
      });
    };
    try {
      await start();
      const account = await createAccount({ name: "School runs" });
      const imeiA = testImei();
      const imeiB = testImei();
      const busA = await createAsset({ accountId: account.id, name: "Bus A", imei: imeiA });
      const busB = await createAsset({ accountId: account.id, name: "Bus B", imei: imeiB });

      // fixes from 20 minutes ago, 30 s apart; the run starts 5 minutes after the first (UTC is the account's zone)
      const t0 = Math.floor((Date.now() - 20 * 60_000) / 60_000) * 60_000;
      const local = zonedParts(t0, "UTC");
      const startMinute = local.hour * 60 + local.minute + 5;
      const route = await createRoute({ accountId: account.id, routeNumber: "R7" });
      const stops: { id: number }[] = [];
      for (const [index, east] of [0, 1000, 2000, 3000].entries()) {
        stops.push(await addRouteStop({ accountId: account.id, routeId: route.id, name: `Stop ${index + 1}`, latitude: at(east).latitude, longitude: at(east).longitude }));
      }
      const run = await createRun({
        accountId: account.id,
        routeId: route.id,
        date: formatLocalDate(local),
        startTime: formatClockMinutes(startMinute),
        endTime: formatClockMinutes(startMinute + 60),
        assetId: busA.id,
      });
      const fix = (seconds: number, east: number, speed: number) => testRecord(t0 + seconds * 1000, { ...at(east), speed, angle: 90 });

      const a = await TestDevice.connect(port, imeiA);
      devices.push(a);
      for (const record of [fix(0, 0, 0), fix(30, 0, 0), fix(60, 125, 30), fix(90, 375, 30), fix(120, 625, 30), fix(150, 875, 30), fix(180, 1000, 0), fix(210, 1000, 0), fix(240, 1150, 30)]) {
        expect(await a.send([record])).toBe(1);
      }
      await waitFor("the departure from stop 2", () => (heard.some((m) => m.type === "stop_departed" && m.stop?.id === stops[1]!.id) ? true : undefined));
      // the estimates written with the departure: stops 3 and 4 ahead, from the fix that showed it
      const midRun = await db().runProgress.findUniqueOrThrow({ where: { routeId_date: { routeId: route.id, date: run.date } } });
      expect(midRun.eta).toMatchObject({ at: t0 + 240_000, stops: [{ stopId: stops[2]!.id, sequence: 3 }, { stopId: stops[3]!.id, sequence: 4 }] });
      await running!.stop(); // stores and publishes what was sent, then stops
      running = undefined;
      a.destroy();

      await start();
      await updateRun({ accountId: account.id, runId: run.id, assetId: busB.id }); // mid-run: B takes over
      const b = await TestDevice.connect(port, imeiB);
      const a2 = await TestDevice.connect(port, imeiA);
      devices.push(b, a2);
      expect(await a2.send([fix(300, 3000, 0)])).toBe(1); // A, no longer the run's vehicle, stands at the last stop
      for (const record of [fix(270, 1400, 30), fix(300, 1700, 30), fix(330, 2000, 0), fix(360, 2200, 30), fix(390, 2500, 30), fix(420, 2800, 30), fix(450, 3000, 0)]) {
        expect(await b.send([record])).toBe(1);
      }
      await waitFor("the run's finish", () => (heard.some((m) => m.type === "run_finished") ? true : undefined));
      await waitFor("the last estimates", () => (etas.at(-1)?.stops.length === 0 ? true : undefined));

      const expected: [string, number | null, number, number][] = [
        ["stop_arrived", 1, 0, busA.id],
        ["run_started", null, 48, busA.id],
        ["stop_departed", 1, 48, busA.id],
        ["stop_arrived", 2, 162, busA.id],
        ["stop_departed", 2, 225, busA.id],
        ["stop_arrived", 3, 322.5, busB.id],
        ["stop_departed", 3, 341.25, busB.id],
        ["stop_arrived", 4, 438.75, busB.id],
        ["run_finished", null, 438.75, busB.id],
      ];
      expect(heard.map((m) => [m.id, m.type, m.stop?.sequence ?? null, m.vehicle.assetId])).toEqual(
        expected.map(([type, sequence, , vehicle], index) => [`${route.id}:${run.date}:${index + 1}`, type, sequence, vehicle]),
      );
      // seconds after the first fix, to well within a second: positions travel as 1e-7 degrees
      heard.forEach((m, index) => expect((m.occurredAt - t0) / 1000).toBeCloseTo(expected[index]![2], 1));
      expect(heard[0]).toMatchObject({
        version: 1,
        accountId: account.id,
        run: { id: run.id, routeId: route.id, routeNumber: "R7", date: run.date, status: "scheduled" },
        stop: { id: stops[0]!.id, sequence: 1, name: "Stop 1", arrivedAt: t0, plannedAt: null, trigger: "low_speed" },
        vehicle: { assetId: busA.id },
      });
      expect(heard.at(-1)).toMatchObject({ run: { status: "finished", reason: "last_stop", startedAt: expect.any(Number), finishedAt: expect.any(Number) } });

      // run.eta: one per fix of the run in progress (A from its start at 60 s to 240 s, B from 270 s to 420 s), each
      // after that fix's events, and one without stops after the finish; never for A's fix once B drives
      expect(etas.map((m) => [(m.at - t0) / 1000, m.vehicle.assetId, m.stops.map((stop) => stop.sequence)])).toEqual([
        [60, busA.id, [2, 3, 4]],
        [90, busA.id, [2, 3, 4]],
        [120, busA.id, [2, 3, 4]],
        [150, busA.id, [2, 3, 4]],
        [180, busA.id, [3, 4]],
        [210, busA.id, [3, 4]],
        [240, busA.id, [3, 4]],
        [270, busB.id, [3, 4]],
        [300, busB.id, [3, 4]],
        [330, busB.id, [4]],
        [360, busB.id, [4]],
        [390, busB.id, [4]],
        [420, busB.id, [4]],
        [450, busB.id, []],
      ]);
      expect(order.indexOf("progress run_started")).toBeLessThan(order.indexOf("eta 2,3,4"));
      expect(order.indexOf("progress stop_arrived", order.indexOf("eta 2,3,4"))).toBeLessThan(order.indexOf("eta 3,4"));
      expect(order.slice(-2)).toEqual(["progress run_finished", "eta "]);
      for (const message of etas) {
        expect(message).toMatchObject({ version: 1, accountId: account.id, routeId: route.id, date: run.date, runId: run.id });
        message.stops.forEach((stop, index) => {
          expect(stop.etaAt).toBeGreaterThanOrEqual(message.at);
          expect(stop.name).toBe(`Stop ${stop.sequence}`);
          const before = message.stops[index - 1];
          if (before) {
            expect(stop.etaAt).toBeGreaterThan(before.etaAt);
            expect(stop.uncertaintyS).toBeGreaterThanOrEqual(before.uncertaintyS);
            expect(stop.distanceM).toBeGreaterThan(before.distanceM);
          }
        });
      }
      // no history for this route: the plain model, 1 km legs at 1.3 times the straight line; at 150 s the bus is 875 m
      // along the first leg, so 125 m of it and the next 1 km are left to stop 3
      const at150 = etas.find((m) => m.at === t0 + 150_000)!;
      expect(at150.stops.map((stop) => stop.distanceM)).toEqual([163, 1463, 2763]);

      const stored = await db().runProgress.findUniqueOrThrow({ where: { routeId_date: { routeId: route.id, date: run.date } } });
      expect(stored).toMatchObject({ runId: run.id, assetId: busB.id, status: "finished", eventCount: 9, eta: null });
      expect((stored.state as { stops: { status: string }[] }).stops.map((s) => s.status)).toEqual(["departed", "departed", "departed", "arrived"]);

      // the occurrences endpoint's use case: the day's progress, stop by stop, times in the account's zone (UTC)
      const listed = await listRouteOccurrences({ accountId: account.id, routeId: route.id, query: { from: run.date, to: run.date } });
      const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "+00:00");
      expect(listed.data).toMatchObject([
        {
          date: run.date,
          run_id: run.id,
          status: "scheduled",
          progress: {
            status: "finished",
            started_at: iso(t0 + 48_000),
            stops: [
              { id: stops[0]!.id, sequence: 1, name: "Stop 1", planned_time: null, status: "departed", arrived_at: iso(t0), departed_at: iso(t0 + 48_000), skipped_at: null },
              { id: stops[1]!.id, status: "departed" },
              { id: stops[2]!.id, status: "departed" },
              { id: stops[3]!.id, status: "arrived", departed_at: null },
            ],
          },
        },
      ]);
    } finally {
      for (const device of devices) device.destroy();
      await running?.stop();
      await store.remove();
    }
  }, 180_000);
});
