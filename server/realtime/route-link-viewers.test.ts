// Route-based links moving real viewers, on every database kind: a viewer on pusher-js watches a route's link while
// two buses report over TCP; a run imported for today with the spare bus sends `.vehicle.changed` with the spare's
// position, and from then on the viewer follows the spare and no longer hears the first bus. A passenger moved to
// another route by an import takes their link, and its viewers, along. A passenger's link is watched only around its
// route's run: a viewer outside it is refused (4005), a viewer inside hears .schedule.changed when the run is
// cancelled, and one whose link the team rotates hears .link.expired and is closed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../db/client";
import { makeAccount, makeApiKey } from "../testing/http-fixtures";
import { createAsset } from "../modules/assets/create-asset";
import { importRows } from "../modules/imports/import-rows";
import { ensurePassengerLink } from "../modules/passengers/ensure-passenger-links";
import { rotatePassengerLink } from "../modules/passengers/rotate-passenger-link";
import { formatClockMinutes, formatLocalDate, zonedParts } from "../modules/time/zoned-time";
import { createTrackingLink } from "../modules/tracking-links/create-tracking-link";
import {
  connectViewer,
  startTrackingServer,
  trackingDevice,
  waitUntil,
  type TrackingServer,
  type Viewer,
} from "../testing/public-tracking-harness";
import { createScratchDatabase, type ScratchDatabase } from "../testing/scratch-postgres";
import { databaseKinds } from "../testing/test-database";
import { testImei } from "../testing/test-imei";

const TIME_ZONE = "America/New_York";


const recordAt = (at: number, where: { lat: number; lng: number }) => ({
  timestamp: at,
  latitude: where.lat,
  longitude: where.lng,
  speed: 30,
  io: { u8: { 239: 1, 240: 1 } },
});

describe.each(databaseKinds())("route-based links moving their viewers on %s", (kind) => {
  let server: TrackingServer;
  let scratch: ScratchDatabase | null = null;
  const viewers: Viewer[] = [];
  beforeAll(async () => {
    scratch = kind === "postgres" ? await createScratchDatabase() : null;
    server = await startTrackingServer(scratch ? { DATABASE_URL: scratch.url } : {});
  }, 60_000);
  afterAll(async () => {
    for (const viewer of viewers) viewer.disconnect();
    await server?.close();
    await scratch?.drop();
  });

  async function watch(uuid: string) {
    const response = await fetch(`${server.url}/api/public/tracking/${uuid}/verify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(200);
    const { session } = (await response.json()) as { session: { token: string } };
    const viewer = connectViewer(server.url, uuid, session.token);
    viewers.push(viewer);
    await viewer.subscribed();
    return viewer;
  }

  async function fleet() {
    const account = await makeAccount("Route buses");
    await db().account.update({ where: { id: account.id }, data: { timeZone: TIME_ZONE } });
    const key = await makeApiKey(account.id, "office_staff");
    const busImei = testImei();
    const spareImei = testImei();
    await createAsset({ accountId: account.id, name: "Bus 1", plate: "BUS-1", imei: busImei });
    await createAsset({ accountId: account.id, name: "Spare", plate: "SPR-1", imei: spareImei });
    const rows = (target: "routes" | "runs" | "passengers", list: unknown[]) =>
      importRows({ accountId: account.id, userId: key.userId, source: "api", body: { target, rows: list } });
    const routes = await rows("routes", [
      { route_number: "R1", route_name: "North loop", vehicle: "BUS-1", days: "Daily" },
      { route_number: "R2", route_name: "South loop", vehicle: "SPR-1", days: "Daily" },
    ]);
    const [north, south] = routes.result.created_ids as [number, number];
    const bus = await trackingDevice(server.teltonikaPort, busImei);
    const spare = await trackingDevice(server.teltonikaPort, spareImei);
    return { accountId: account.id, north, south, rows, bus, spare };
  }

  const locations = (viewer: Viewer) =>
    viewer.events.filter((event) => event.event === "location.updated").map((event) => (event.data as { location: { latitude: number } }).location.latitude);

  it("sends vehicle.changed when today's run gets another vehicle, then follows that vehicle only", async () => {
    const { accountId, north, rows, bus, spare } = await fleet();
    const t0 = Date.now() - 120_000;
    await bus.send(recordAt(t0, { lat: 40.1, lng: -74.1 }));
    await spare.send(recordAt(t0, { lat: 40.9, lng: -74.9 }));
    const link = await createTrackingLink({ accountId, routeId: north });
    const viewer = await watch(link.uuid);
    expect(((await viewer.next("location.updated")) as { location: { latitude: number } }).location.latitude).toBe(40.1);

    const today = formatLocalDate(zonedParts(Date.now(), TIME_ZONE));
    const before = viewer.events.length;
    await rows("runs", [{ route_number: "R1", date: today, vehicle: "SPR-1", notice: "The spare bus runs today." }]);
    const changed = (await viewer.next("vehicle.changed", before)) as { message: string; new_location?: { latitude: number } };
    expect(changed.message).toBe("This link now follows another vehicle.");
    expect(changed.new_location).toMatchObject({ latitude: 40.9, longitude: -74.9 });

    const after = locations(viewer).length;
    await bus.send(recordAt(t0 + 10_000, { lat: 40.2, lng: -74.2 }));
    await spare.send(recordAt(t0 + 10_000, { lat: 40.8, lng: -74.8 }));
    await waitUntil("the spare's next position", () => (locations(viewer).slice(after).includes(40.8) ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300)); // time for the first bus's position, were it still followed
    expect(locations(viewer).slice(after)).not.toContain(40.2);

    // the run cancelled: back on the route's own bus
    const beforeCancel = viewer.events.length;
    await rows("runs", [{ route_number: "R1", date: today, status: "cancelled" }]);
    expect(((await viewer.next("vehicle.changed", beforeCancel)) as { new_location?: { latitude: number } }).new_location).toMatchObject({ latitude: 40.2 });
    bus.close();
    spare.close();
  });

  /** a passenger on route R3, which runs today only, from an hour before now to an hour after (in the account's day) */
  async function runningNow(rows: Awaited<ReturnType<typeof fleet>>["rows"], name: string) {
    const local = zonedParts(Date.now(), TIME_ZONE);
    const minute = local.hour * 60 + local.minute;
    const today = formatLocalDate(local);
    await rows("routes", [{ route_number: "R3", route_name: "East loop", vehicle: "BUS-1" }]);
    const run = { route_number: "R3", date: today, start_time: formatClockMinutes(Math.max(0, minute - 60)), end_time: formatClockMinutes(Math.min(1439, minute + 60)) };
    await rows("runs", [run]);
    const imported = await rows("passengers", [{ route_number: "R3", passenger_name: name }]);
    return { passengerId: imported.result.created_ids[0]!, run };
  }

  it("refuses a passenger's viewer outside the route's runs (4005), and tells a watching one when today's run is cancelled", async () => {
    const { accountId, rows, bus, spare } = await fleet();
    await rows("routes", [{ route_number: "R4", route_name: "Not running", vehicle: "SPR-1" }]); // no days, no runs
    const idle = await rows("passengers", [{ route_number: "R4", passenger_name: "Ida" }]);
    const idleLink = await ensurePassengerLink({ accountId, passengerId: idle.result.created_ids[0]! });
    const verified = await fetch(`${server.url}/api/public/tracking/${idleLink.uuid}/verify`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    const refused = connectViewer(server.url, idleLink.uuid, ((await verified.json()) as { session: { token: string } }).session.token);
    viewers.push(refused);
    expect(await refused.closedWith()).toBe(4005);

    await bus.send(recordAt(Date.now() - 60_000, { lat: 42.1, lng: -72.1 }));
    const { passengerId, run } = await runningNow(rows, "Una");
    const link = await ensurePassengerLink({ accountId, passengerId });
    const viewer = await watch(link.uuid);
    expect(((await viewer.next("location.updated")) as { location: { latitude: number } }).location.latitude).toBe(42.1);
    const before = viewer.events.length;
    await rows("runs", [{ ...run, status: "cancelled" }]);
    expect(await viewer.next("schedule.changed", before)).toEqual({ is_active: false, message: expect.stringContaining("paused") });
    bus.close();
    spare.close();
  });

  it("ends a passenger's viewer at once when the team rotates the link: link.expired, then closed", async () => {
    const { accountId, rows, bus, spare } = await fleet();
    const { passengerId } = await runningNow(rows, "Vic");
    const link = await ensurePassengerLink({ accountId, passengerId });
    const viewer = await watch(link.uuid);
    const rotated = await rotatePassengerLink({ accountId, passengerId });
    expect(rotated.uuid).not.toBe(link.uuid);
    expect(await viewer.next("link.expired")).toEqual({ reason: "disabled" });
    expect(await viewer.closedWith()).toBe(4003);
    bus.close();
    spare.close();
  });

  it("moves a passenger's link and its viewers to the new route's vehicle when an import moves the passenger", async () => {
    const { accountId, rows, bus, spare } = await fleet();
    const t0 = Date.now() - 120_000;
    await bus.send(recordAt(t0, { lat: 41.1, lng: -73.1 }));
    await spare.send(recordAt(t0, { lat: 41.9, lng: -73.9 }));
    const imported = await rows("passengers", [{ external_id: "P1", route_number: "R1", passenger_name: "Ada" }]);
    const passengerId = imported.result.created_ids[0]!;
    const link = await ensurePassengerLink({ accountId, passengerId });
    const viewer = await watch(link.uuid);
    expect(((await viewer.next("location.updated")) as { location: { latitude: number } }).location.latitude).toBe(41.1);

    const before = viewer.events.length;
    await rows("passengers", [{ external_id: "P1", route_number: "R2", passenger_name: "Ada" }]);
    expect(((await viewer.next("vehicle.changed", before)) as { new_location?: { latitude: number } }).new_location).toMatchObject({ latitude: 41.9 });
    expect(await db().trackingLink.findUniqueOrThrow({ where: { passengerId }, select: { displayName: true } })).toEqual({ displayName: "South loop" });
    bus.close();
    spare.close();
  });
});
