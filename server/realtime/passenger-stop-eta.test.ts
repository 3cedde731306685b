// A passenger's link counting down to their own stop, over real sockets: the real server, viewers on pusher-js, a
// bus reporting over TCP, and the run's ETAs as the ETA model publishes them on the hub ("run.eta", with
// "run.progress" for the stops reached). The messages are published here, as their producer does: that is the
// contract this consumer is built on (server/modules/run-progress/run-eta-message.ts), not a stand-in for the thing
// tested, which is what the links' viewers are told. Before any ETA the straight-line estimate is shown; a route link
// that is not a passenger's shows the run's next stop.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../db/client";
import { createAsset } from "../modules/assets/create-asset";
import { importRows } from "../modules/imports/import-rows";
import { ensurePassengerLink } from "../modules/passengers/ensure-passenger-links";
import { haversineMeters } from "../modules/positions/geo";
import type { RunEtaMessage } from "../modules/run-progress/run-eta-message";
import type { RunProgressMessage } from "../modules/run-progress/run-progress-message";
import { formatLocalDate, zonedParts } from "../modules/time/zoned-time";
import { createTrackingLink } from "../modules/tracking-links/create-tracking-link";
import { makeAccount, makeApiKey } from "../testing/http-fixtures";
import { connectViewer, startTrackingServer, trackingDevice, waitUntil, type TrackingServer, type Viewer } from "../testing/public-tracking-harness";
import { testImei } from "../testing/test-imei";

const TIME_ZONE = "Europe/Vilnius";
const LOCATION_KEYS = ["country", "distance_km", "eta_minutes", "heading", "ignition", "is_moving", "latitude", "longitude", "speed_kmh", "street", "timestamp", "town"];
const PARKED = { lat: 54.68, lng: 25.28 };
const STOPS = [
  { name: "Depot Road", lat: 54.7, lng: 25.28 },
  { name: "Elm Close", lat: 54.71, lng: 25.28 },
  { name: "Oak Street", lat: 54.72, lng: 25.28 },
  { name: "Hill School", lat: 54.73, lng: 25.28 },
];

interface Heard {
  location: Record<string, unknown> & { distance_km?: number; eta_minutes?: number };
  stop?: { name: string; status: string; stops_before: number } | null;
}

let server: TrackingServer;
const viewers: Viewer[] = [];
beforeAll(async () => {
  server = await startTrackingServer();
}, 60_000);
afterAll(async () => {
  for (const viewer of viewers) viewer.disconnect();
  await server?.close();
});

async function watch(uuid: string): Promise<{ viewer: Viewer; token: string }> {
  const response = await fetch(`${server.url}/api/public/tracking/${uuid}/verify`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  expect(response.status).toBe(200);
  const token = ((await response.json()) as { session: { token: string } }).session.token;
  const viewer = connectViewer(server.url, uuid, token);
  viewers.push(viewer);
  await viewer.subscribed();
  return { viewer, token };
}

/** the newest location.updated a viewer heard */
const latest = (viewer: Viewer) => viewer.events.filter((event) => event.event === "location.updated").at(-1)?.data as Heard | undefined;

/** waits until the viewer's newest location says what `check` expects (the stream may coalesce the ones between) */
const until = (what: string, viewer: Viewer, check: (heard: Heard) => boolean) =>
  waitUntil(what, () => {
    const heard = latest(viewer);
    return heard && check(heard) ? heard : undefined;
  });

/** a route that runs every day (no times: the passengers' links are open all day) with four stops, a bus parked 2 km before the first, a passenger picked up at Oak Street and dropped at Hill School */
async function schoolRun() {
  const account = await makeAccount("Stop buses");
  await db().account.update({ where: { id: account.id }, data: { timeZone: TIME_ZONE } });
  const key = await makeApiKey(account.id, "office_staff");
  const imei = testImei();
  const asset = await createAsset({ accountId: account.id, name: "Bus 3", plate: "BUS-3", imei });
  const rows = (target: "routes" | "passengers", list: unknown[]) =>
    importRows({ accountId: account.id, userId: key.userId, source: "api", body: { target, rows: list } });
  const routeNumber = `R${imei.slice(-4)}`;
  const routes = await rows("routes", [{ route_number: routeNumber, route_name: "Hill School AM", vehicle: "BUS-3", days: "Daily", stops: STOPS }]);
  const routeId = routes.result.created_ids[0]!;
  const passengers = await rows("passengers", [{ route_number: routeNumber, passenger_name: "Ada", pickup_stop: "Oak Street", dropoff_stop: "Hill School" }]);
  const passengerLink = await ensurePassengerLink({ accountId: account.id, passengerId: passengers.result.created_ids[0]! });
  const routeLink = await createTrackingLink({ accountId: account.id, routeId });
  const stops = await db().routeStop.findMany({ where: { routeId }, orderBy: { sequence: "asc" }, select: { id: true, sequence: true, name: true } });
  const bus = await trackingDevice(server.teltonikaPort, imei);
  const date = formatLocalDate(zonedParts(Date.now(), TIME_ZONE));
  const run = { accountId: account.id, routeId, routeNumber, date, assetId: asset.id, stops };
  return { run, bus, passengerLink, routeLink };
}
type Run = Awaited<ReturnType<typeof schoolRun>>["run"];

/** run.eta as the ETA model publishes it: `ahead` are [stop name, minutes after `at`, metres left] */
function eta(run: Run, at: number, ahead: Array<[string, number, number]>): RunEtaMessage {
  return {
    version: 1,
    accountId: run.accountId,
    routeId: run.routeId,
    date: run.date,
    runId: null,
    vehicle: { assetId: run.assetId },
    at,
    stops: ahead.map(([name, minutes, metres]) => {
      const stop = run.stops.find((candidate) => candidate.name === name)!;
      return { stopId: stop.id, sequence: stop.sequence, name, etaAt: at + minutes * 60_000, uncertaintyS: 60, distanceM: metres };
    }),
  };
}

let eventCount = 0;
/** run.progress as the run-progress tracker publishes it */
function progress(run: Run, type: RunProgressMessage["type"], at: number, stopName?: string): RunProgressMessage {
  const stop = stopName ? run.stops.find((candidate) => candidate.name === stopName)! : null;
  const finished = type === "run_finished";
  return {
    version: 1,
    id: `${run.routeId}:${run.date}:${++eventCount}`,
    type,
    occurredAt: at,
    accountId: run.accountId,
    run: { id: null, routeId: run.routeId, routeNumber: run.routeNumber, routeName: "Hill School AM", date: run.date, status: finished ? "finished" : "in_progress", startedAt: at, finishedAt: finished ? at : null, reason: null },
    stop: stop && {
      id: stop.id,
      sequence: stop.sequence,
      name: stop.name,
      plannedAt: null,
      arrivedAt: type === "stop_arrived" || type === "stop_departed" ? at : null,
      departedAt: type === "stop_departed" ? at : null,
      skippedAt: type === "stop_skipped" ? at : null,
      trigger: type === "stop_arrived" ? "low_speed" : null,
    },
    vehicle: { assetId: run.assetId },
  };
}

/** the straight-line estimate of public-location.ts for a vehicle standing still: the road 1.3 times the line, at 30 km/h */
function straightLine(to: { lat: number; lng: number }) {
  const metres = haversineMeters(PARKED.lat, PARKED.lng, to.lat, to.lng);
  return { distance_km: Math.round(metres / 100) / 10, eta_minutes: Math.ceil(((metres * 1.3) / 1000 / 30) * 60) };
}

describe("a passenger's link counts down to their own stop", () => {
  it("shows the straight-line estimate before the run's ETA, then follows run.eta for their stop (and the route link the next stop), then 'arrived'", async () => {
    const { run, bus, passengerLink, routeLink } = await schoolRun();
    const t0 = Date.now() - 60_000;
    // parked, engine on: the run has not started, so no ETA exists yet
    await bus.send({ timestamp: t0, latitude: PARKED.lat, longitude: PARKED.lng, speed: 0, io: { u8: { 239: 1, 240: 0 } } });
    const passenger = await watch(passengerLink.uuid);
    const route = await watch(routeLink.uuid);

    // the fallback: the straight line to Oak Street (two stops before it), and to the route's first stop
    const first = await until("the straight-line estimate", passenger.viewer, (heard) => heard.stop?.name === "Oak Street");
    expect(first.stop).toEqual({ name: "Oak Street", status: "approaching", stops_before: 2 });
    expect(first.location).toMatchObject(straightLine(STOPS[2]!));
    expect(Object.keys(first.location).sort()).toEqual(LOCATION_KEYS);
    expect(Object.keys(first).sort()).toEqual(["location", "stop"]);
    const routeFirst = await until("the route link's first stop", route.viewer, (heard) => heard.stop?.name === "Depot Road");
    expect(routeFirst).toMatchObject({ stop: { status: "approaching", stops_before: 0 }, location: straightLine(STOPS[0]!) });

    // the run's ETA: the passenger's stop is 9 minutes and 4.6 km along the route; no new position is needed
    const at1 = t0 + 30_000;
    await server.running.hub.publish("run.progress", progress(run, "run_started", at1));
    await server.running.hub.publish("run.eta", eta(run, at1, [["Depot Road", 2, 2_000], ["Elm Close", 5, 3_100], ["Oak Street", 9, 4_600], ["Hill School", 14, 6_000]]));
    const counted = await until("the ETA of Oak Street", passenger.viewer, (heard) => heard.location.eta_minutes === 9);
    expect(counted).toMatchObject({ location: { distance_km: 4.6, eta_minutes: 9 }, stop: { name: "Oak Street", status: "approaching", stops_before: 2 } });
    await until("the route link's next stop", route.viewer, (heard) => heard.stop?.name === "Depot Road" && heard.location.eta_minutes === 2 && heard.location.distance_km === 2);

    // counting down: Depot Road made, a newer estimate
    const at2 = at1 + 60_000;
    await server.running.hub.publish("run.progress", progress(run, "stop_departed", at2, "Depot Road"));
    await server.running.hub.publish("run.eta", eta(run, at2, [["Elm Close", 2, 1_100], ["Oak Street", 4, 2_550], ["Hill School", 9, 4_000]]));
    const closer = await until("the ETA counting down", passenger.viewer, (heard) => heard.location.eta_minutes === 4);
    expect(closer).toMatchObject({ location: { distance_km: 2.6, eta_minutes: 4 }, stop: { name: "Oak Street", stops_before: 1 } });
    await until("the route link's next stop moving on", route.viewer, (heard) => heard.stop?.name === "Elm Close" && heard.location.eta_minutes === 2);
    // an older fix's estimate arriving late changes nothing
    await server.running.hub.publish("run.eta", eta(run, at1 + 1, [["Oak Street", 30, 9_000]]));

    // at the passenger's stop: arrived, 0 minutes, 0 km
    const at3 = at2 + 240_000;
    await server.running.hub.publish("run.progress", progress(run, "stop_arrived", at3, "Oak Street"));
    await server.running.hub.publish("run.eta", eta(run, at3, [["Hill School", 5, 1_500]]));
    const arrived = await until("arrived", passenger.viewer, (heard) => heard.stop?.status === "arrived");
    expect(arrived).toMatchObject({ location: { distance_km: 0, eta_minutes: 0 }, stop: { name: "Oak Street", stops_before: 0 } });
    // the REST location says the same
    const rest = await fetch(`${server.url}/api/public/tracking/${passengerLink.uuid}/location`, { headers: { "x-session-token": passenger.token } });
    expect(rest.status).toBe(200);
    expect(((await rest.json()) as { data: Heard }).data).toMatchObject({ location: { distance_km: 0, eta_minutes: 0 }, stop: { name: "Oak Street", status: "arrived" } });

    // picked up and gone: the drop-off stop next (the school), until the run is over
    const at4 = at3 + 30_000;
    await server.running.hub.publish("run.progress", progress(run, "stop_departed", at4, "Oak Street"));
    await server.running.hub.publish("run.eta", eta(run, at4, [["Hill School", 5, 1_400]]));
    await until("the drop-off stop", passenger.viewer, (heard) => heard.stop?.name === "Hill School" && heard.location.eta_minutes === 5 && heard.stop.stops_before === 0);
    const at5 = at4 + 300_000;
    await server.running.hub.publish("run.progress", progress(run, "stop_arrived", at5, "Hill School"));
    await server.running.hub.publish("run.progress", progress(run, "run_finished", at5));
    await server.running.hub.publish("run.eta", eta(run, at5, []));
    await until("arrived at school", passenger.viewer, (heard) => heard.stop?.name === "Hill School" && heard.stop.status === "arrived");
    // the route link has no next stop once the run is over, and no distance or ETA
    const over = await until("the run over", route.viewer, (heard) => heard.stop === null);
    expect(over.location.distance_km).toBeUndefined();
    expect(over.location.eta_minutes).toBeUndefined();
    bus.close();
  });

  it("keeps a link that follows a vehicle as the spec has it: no stop, no distance or ETA without a destination", async () => {
    const { run, bus } = await schoolRun();
    const vehicleLink = await createTrackingLink({ accountId: run.accountId, assetId: run.assetId });
    await bus.send({ timestamp: Date.now() - 5_000, latitude: PARKED.lat, longitude: PARKED.lng, speed: 0, io: { u8: { 239: 1 } } });
    const { viewer } = await watch(vehicleLink.uuid);
    await server.running.hub.publish("run.eta", eta(run, Date.now(), [["Oak Street", 3, 900]]));
    const heard = await until("a location", viewer, () => true);
    expect(Object.keys(heard)).toEqual(["location"]);
    expect(heard.location.eta_minutes).toBeUndefined();
    bus.close();
  });
});
