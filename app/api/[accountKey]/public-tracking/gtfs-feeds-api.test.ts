// The transit feeds over HTTP on the real server, on every database kind: a bus drives a school run over raw TCP
// (real Teltonika frames), leaving two stops, passing one without stopping (skipped) and leaving a fourth; then the
// GTFS-realtime feed, fetched with a real OAuth token and decoded with the GTFS-realtime wire definition, carries the
// run's TripUpdate (actual times, SKIPPED, the delay for the stop ahead; then the ETA once a "run.eta" arrives) and
// its vehicle's VehiclePosition, with ids the static feed (gtfs.zip, unzipped and parsed as CSV) defines. Who may read
// them: an API key of an office role or a token with routes:read; 401, 403 and 404 otherwise; another account sees
// nothing of this one.
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { makeAccount, makeApiKey, makeToken } from "@/server/testing/http-fixtures";
import { createAsset } from "@/server/modules/assets/create-asset";
import { addRouteStop } from "@/server/modules/routes/add-route-stop";
import { createRoute } from "@/server/modules/routes/create-route";
import { createRun } from "@/server/modules/runs/create-run";
import type { RunEtaMessage } from "@/server/modules/run-progress/run-eta-message";
import { addDays, formatClockMinutes, formatLocalDate, zonedInstant, zonedParts } from "@/server/modules/time/zoned-time";
import { decodeGtfsRealtime, STOP_SKIPPED, VEHICLE_IN_TRANSIT_TO } from "@/server/testing/gtfs-realtime-decoder";
import { pollUntil } from "@/server/testing/poll-until";
import { startTrackingServer, type TrackingServer } from "@/server/testing/public-tracking-harness";
import { createScratchDatabase, type ScratchDatabase } from "@/server/testing/scratch-postgres";
import { TestDevice, testRecord } from "@/server/testing/teltonika-test-device";
import { databaseKinds } from "@/server/testing/test-database";
import { testImei } from "@/server/testing/test-imei";
import { zipEntries } from "@/server/testing/zip-entries";

const TIME_ZONE = "Europe/Vilnius";
const ORIGIN = { latitude: 54.68, longitude: 25.27 };
/** `east` metres east of the origin */
function at(east: number) {
  return { latitude: ORIGIN.latitude, longitude: ORIGIN.longitude + east / (111_195 * Math.cos((ORIGIN.latitude * Math.PI) / 180)) };
}

/** a CSV file of the zip as rows keyed by its header, parsed by papaparse (not the writer's code) */
function csv(files: Map<string, Buffer>, name: string): Record<string, string>[] {
  const file = files.get(name);
  if (!file) throw new Error(`${name} is not in the zip`);
  const parsed = Papa.parse<Record<string, string>>(file.toString("utf8"), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

const header = (files: Map<string, Buffer>, name: string) => files.get(name)!.toString("utf8").split("\r\n")[0]!.split(",");

describe.each(databaseKinds())("GTFS and GTFS-realtime over HTTP on %s", (kind) => {
  let server: TrackingServer;
  let scratch: ScratchDatabase | null = null;
  const devices: TestDevice[] = [];
  beforeAll(async () => {
    scratch = kind === "postgres" ? await createScratchDatabase() : null;
    server = await startTrackingServer({ ...(scratch && { DATABASE_URL: scratch.url }) });
  }, 60_000);
  afterAll(async () => {
    for (const device of devices) device.destroy();
    await server?.close();
    await scratch?.drop();
  });

  async function get(path: string, credential?: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${server.url}${path}`, { headers: { ...(credential ? { authorization: `Bearer ${credential}` } : {}), ...headers } });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  }
  const json = (bytes: Buffer) => JSON.parse(bytes.toString("utf8"));

  it("serves a run in progress as a TripUpdate and a VehiclePosition of the static feed's trip", async () => {
    const account = await makeAccount("Hill Buses");
    await db().account.update({ where: { id: account.id }, data: { timeZone: TIME_ZONE, brandingCompanyName: "Hill Buses, \"North\" Ltd" } });
    const reader = await makeToken(account.id, { scopes: ["routes:read"] });
    const imei = testImei();
    const bus = await createAsset({ accountId: account.id, name: "Bus 7", plate: "HIL-007", imei });

    // fixes from 20 minutes ago, 30 s apart; the run starts 5 minutes after the first, its stops 5 minutes apart
    const t0 = Math.floor((Date.now() - 20 * 60_000) / 60_000) * 60_000;
    const local = zonedParts(t0, TIME_ZONE);
    const date = formatLocalDate(local);
    const startMinute = local.hour * 60 + local.minute + 5;
    const route = await createRoute({
      accountId: account.id,
      routeNumber: "R7",
      name: "Hill School AM",
      days: "Daily",
      startTime: formatClockMinutes(startMinute),
      endTime: formatClockMinutes(startMinute + 60),
    });
    const stop = async (name: string, east: number | null, minutes: number | null) =>
      addRouteStop({ accountId: account.id, routeId: route.id, name, latitude: east === null ? null : at(east).latitude, longitude: east === null ? null : at(east).longitude, time: minutes === null ? null : String(minutes) });
    const a = await stop("Mill Lane", 0, 0);
    const b = await stop('Oak Street, "North"', 1000, 5);
    const unlocated = await stop("Farm gate", null, null); // no position: never in a GTFS feed
    const c = await stop("Church", 2000, 10);
    const d = await stop("Bridge", 3000, 15);
    const e = await stop("Hill School", 4000, 20);
    const run = await createRun({ accountId: account.id, routeId: route.id, date, assetId: bus.id });

    const device = await TestDevice.connect(server.teltonikaPort, imei);
    devices.push(device);
    const fix = (seconds: number, east: number, speed: number) => testRecord(t0 + seconds * 1000, { ...at(east), speed, angle: 90 });
    const drive = [
      fix(0, 0, 0), fix(30, 0, 0), fix(60, 125, 30), fix(90, 375, 30), fix(120, 625, 30), fix(150, 875, 30), // Mill Lane, then away
      fix(180, 1000, 0), fix(210, 1000, 0), fix(240, 1150, 30), // Oak Street
      fix(270, 1400, 30), fix(300, 1700, 30), fix(330, 2000, 30), fix(360, 2300, 30), fix(390, 2600, 30), fix(420, 2900, 30), // through Church
      fix(450, 3000, 0), fix(480, 3000, 0), fix(510, 3150, 30), // Bridge, then on towards the school
    ];
    for (const record of drive) expect(await device.send([record])).toBe(1);
    const stored = await pollUntil(
      "the departure from Bridge",
      async () => {
        const row = await db().runProgress.findUnique({ where: { routeId_date: { routeId: route.id, date } } });
        const states = (row?.state as { stops: { stopId: number; status: string; arrivedAt: number | null; departedAt: number | null }[] } | undefined)?.stops;
        return states?.find((s) => s.stopId === d.id)?.status === "departed" ? { row: row!, states: states! } : undefined;
      },
      20_000,
    );
    expect(stored.row.status).toBe("in_progress");
    const state = new Map(stored.states.map((s) => [s.stopId, s]));
    expect([a, b, c, d, e].map((s) => state.get(s.id)!.status)).toEqual(["departed", "departed", "skipped", "departed", "pending"]);

    // ---- the static feed: the ids the realtime feed refers to ----
    const zip = await get(`/api/${account.key}/public-tracking/gtfs.zip`, reader.token);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const files = zipEntries(zip.bytes);
    expect([...files.keys()].sort()).toEqual(["agency.txt", "calendar.txt", "calendar_dates.txt", "feed_info.txt", "routes.txt", "stop_times.txt", "stops.txt", "trips.txt"]);
    expect(header(files, "agency.txt")).toEqual(["agency_id", "agency_name", "agency_url", "agency_timezone", "agency_phone", "agency_email"]);
    expect(header(files, "stop_times.txt")).toEqual(["trip_id", "arrival_time", "departure_time", "stop_id", "stop_sequence", "pickup_type", "drop_off_type", "timepoint"]);
    expect(csv(files, "agency.txt")).toEqual([
      { agency_id: account.key, agency_name: 'Hill Buses, "North" Ltd', agency_url: expect.stringMatching(/^https?:\/\//), agency_timezone: TIME_ZONE, agency_phone: "", agency_email: "" },
    ]);
    // quoting as RFC 4180: the comma and the doubled quotes
    expect(files.get("stops.txt")!.toString("utf8")).toContain(`${b.id},"Oak Street, ""North""",`);
    const stops = csv(files, "stops.txt");
    expect(stops.map((s) => Number(s.stop_id))).toEqual([a.id, b.id, c.id, d.id, e.id]);
    expect(stops.find((s) => Number(s.stop_id) === b.id)).toMatchObject({ stop_name: 'Oak Street, "North"' });
    expect(Number(stops[0]!.stop_lat)).toBeCloseTo(at(0).latitude, 6);
    expect(csv(files, "routes.txt")).toEqual([{ route_id: String(route.id), agency_id: account.key, route_short_name: "R7", route_long_name: "Hill School AM", route_type: "3" }]);

    const trips = csv(files, "trips.txt");
    const runTrip = `run-${run.id}`;
    const weeklyTrip = `route-${route.id}`;
    expect(trips).toEqual([
      { route_id: String(route.id), service_id: weeklyTrip, trip_id: weeklyTrip, trip_headsign: "Hill School" },
      { route_id: String(route.id), service_id: runTrip, trip_id: runTrip, trip_headsign: "Hill School" },
    ]);
    const stopTimes = csv(files, "stop_times.txt");
    // referential integrity: every stop time's trip and stop exist, every trip's route and service exist
    const stopIds = new Set(stops.map((s) => s.stop_id));
    const tripIds = new Set(trips.map((t) => t.trip_id));
    expect(stopTimes.every((t) => stopIds.has(t.stop_id) && tripIds.has(t.trip_id))).toBe(true);
    const routeIds = new Set(csv(files, "routes.txt").map((r) => r.route_id));
    expect(trips.every((t) => routeIds.has(t.route_id))).toBe(true);
    const calendar = csv(files, "calendar.txt");
    const calendarDates = csv(files, "calendar_dates.txt");
    const services = new Set([...calendar.map((c) => c.service_id), ...calendarDates.map((c) => c.service_id)]);
    expect(trips.every((t) => services.has(t.service_id))).toBe(true);

    const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}:00`;
    expect(stopTimes.filter((t) => t.trip_id === runTrip)).toEqual(
      [a, b, c, d, e].map((s, index) => ({
        trip_id: runTrip,
        arrival_time: clock(startMinute + index * 5),
        departure_time: clock(startMinute + index * 5),
        stop_id: String(s.id),
        stop_sequence: String(index < 2 ? index + 1 : index + 2), // the unlocated stop's place (3) is left out
        pickup_type: "0",
        drop_off_type: "0",
        timepoint: "1",
      })),
    );
    expect(stopTimes.some((t) => t.stop_id === String(unlocated.id))).toBe(false);
    const ymd = date.replaceAll("-", "");
    expect(calendar).toEqual([
      {
        service_id: weeklyTrip, monday: "1", tuesday: "1", wednesday: "1", thursday: "1", friday: "1", saturday: "1", sunday: "1",
        start_date: formatLocalDate(addDays(local, -1)).replaceAll("-", ""), end_date: formatLocalDate(addDays(local, 92)).replaceAll("-", ""),
      },
    ]);
    expect(calendarDates).toEqual(expect.arrayContaining([
      { service_id: runTrip, date: ymd, exception_type: "1" },
      { service_id: weeklyTrip, date: ymd, exception_type: "2" },
    ]));
    expect(calendarDates).toHaveLength(2);
    const [info] = csv(files, "feed_info.txt");
    expect(info).toMatchObject({ feed_lang: "mul", feed_start_date: calendar[0]!.start_date, feed_end_date: calendar[0]!.end_date });
    expect(zip.headers.get("etag")).toBe(`"${info!.feed_version}"`);
    expect((await get(`/api/${account.key}/public-tracking/gtfs.zip`, reader.token, { "if-none-match": zip.headers.get("etag")! })).status).toBe(304);

    // ---- the realtime feed ----
    const planned = (minute: number) => zonedInstant(local, minute, TIME_ZONE);
    const seconds = (ms: number) => Math.round(ms / 1000);
    const realtime = await get(`/api/${account.key}/public-tracking/gtfs-realtime`, reader.token);
    expect(realtime.status).toBe(200);
    expect(realtime.headers.get("content-type")).toBe("application/x-protobuf");
    const feed = decodeGtfsRealtime(realtime.bytes);
    expect(feed.header).toMatchObject({ gtfs_realtime_version: "2.0", incrementality: 0 });
    expect(Math.abs(feed.header.timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(feed.entity.map((entity) => entity.id)).toEqual([`trip:${runTrip}:${ymd}`, `vehicle:${runTrip}:${ymd}`]);

    const update = feed.entity[0]!.trip_update!;
    // the official proto has fields the feed leaves out (modified_trip, ...): they decode as their defaults
    expect(update.trip).toMatchObject({ trip_id: runTrip, route_id: String(route.id), start_date: ymd, start_time: "", direction_id: 0, schedule_relationship: 0 });
    expect(update.vehicle).toMatchObject({ id: String(bus.id), label: "Bus 7", license_plate: "HIL-007" });
    expect(update.timestamp).toBe(seconds(t0 + 510_000));
    const actual = (id: number) => state.get(id)!;
    const delayAtBridge = seconds(actual(d.id).departedAt! - planned(startMinute + 15));
    expect(update.delay).toBe(delayAtBridge);
    expect(update.stop_time_update.map((u) => [u.stop_sequence, u.stop_id, u.schedule_relationship])).toEqual([
      [1, String(a.id), 0],
      [2, String(b.id), 0],
      [4, String(c.id), STOP_SKIPPED],
      [5, String(d.id), 0],
      [6, String(e.id), 0],
    ]);
    const [atMill, atOak, , atBridge, ahead] = update.stop_time_update;
    expect(atMill!.arrival).toMatchObject({ time: seconds(actual(a.id).arrivedAt!), delay: seconds(actual(a.id).arrivedAt! - planned(startMinute)), uncertainty: 0 });
    expect(atMill!.departure).toMatchObject({ time: seconds(actual(a.id).departedAt!), delay: seconds(actual(a.id).departedAt! - planned(startMinute)), uncertainty: 0 });
    expect(atOak!.arrival!.time).toBe(seconds(actual(b.id).arrivedAt!));
    expect(atBridge!.departure!.time).toBe(seconds(actual(d.id).departedAt!));
    // this node has heard no run.eta yet: the stop ahead carries the estimate the ETA model stored with the run's state
    // (a run without one would carry the delay at the last stop reached: gtfs-realtime-entities.test.ts)
    const storedEta = (await db().runProgress.findUniqueOrThrow({ where: { routeId_date: { routeId: route.id, date } }, select: { eta: true } })).eta as {
      stops: { stopId: number; etaAt: number; uncertaintyS: number }[];
    };
    const storedAhead = storedEta.stops.find((stop) => stop.stopId === e.id)!;
    expect(ahead!.arrival).toMatchObject({ time: seconds(storedAhead.etaAt), delay: seconds(storedAhead.etaAt - planned(startMinute + 20)), uncertainty: Math.round(storedAhead.uncertaintyS) });

    const position = feed.entity[1]!.vehicle!;
    expect(position.trip.trip_id).toBe(runTrip);
    expect(position.vehicle.id).toBe(String(bus.id));
    expect(position.position!.latitude).toBeCloseTo(at(3150).latitude, 5);
    expect(position.position!.longitude).toBeCloseTo(at(3150).longitude, 5);
    expect(position.position!.bearing).toBe(90);
    expect(position.position!.speed).toBeCloseTo(30 / 3.6, 2);
    expect(position.timestamp).toBe(seconds(t0 + 510_000));
    expect([position.current_stop_sequence, position.stop_id, position.current_status]).toEqual([6, String(e.id), VEHICLE_IN_TRANSIT_TO]);

    // the same message as JSON, for people
    const readable = json((await get(`/api/${account.key}/public-tracking/gtfs-realtime?format=json`, reader.token)).bytes);
    expect(readable.entity[0].trip_update.stop_time_update[2]).toEqual({ stop_sequence: 4, stop_id: String(c.id), schedule_relationship: "SKIPPED" });
    expect(readable.entity[1].vehicle.current_status).toBe("IN_TRANSIT_TO");
    expect((await get(`/api/${account.key}/public-tracking/gtfs-realtime?format=xml`, reader.token)).status).toBe(422);

    // a newer estimate heard on the hub (run.eta) wins over the stored one
    const etaAt = t0 + 700_000;
    const eta: RunEtaMessage = {
      version: 1, accountId: account.id, routeId: route.id, date, runId: run.id, vehicle: { assetId: bus.id }, at: t0 + 510_000,
      stops: [{ stopId: e.id, sequence: 6, name: "Hill School", etaAt, uncertaintyS: 95.4, distanceM: 850 }],
    };
    await server.running.hub.publish("run.eta", eta);
    const withEta = await pollUntil(
      "the ETA in the feed",
      async () => {
        const next = decodeGtfsRealtime((await get(`/api/${account.key}/public-tracking/gtfs-realtime`, reader.token)).bytes);
        const last = next.entity[0]!.trip_update!.stop_time_update.at(-1)!;
        return last.arrival?.time ? last : undefined;
      },
      10_000,
    );
    expect(withEta.arrival).toMatchObject({ time: seconds(etaAt), delay: seconds(etaAt - planned(startMinute + 20)), uncertainty: 95 });

    // ---- another account: its own feeds are empty, this account's are not its to read ----
    const other = await makeAccount("Other Buses");
    const otherToken = await makeToken(other.id, { scopes: ["routes:read"] });
    expect(decodeGtfsRealtime((await get(`/api/${other.key}/public-tracking/gtfs-realtime`, otherToken.token)).bytes).entity).toEqual([]);
    const otherFiles = zipEntries((await get(`/api/${other.key}/public-tracking/gtfs.zip`, otherToken.token)).bytes);
    expect(csv(otherFiles, "trips.txt")).toEqual([]);
    expect(csv(otherFiles, "stops.txt")).toEqual([]);
    for (const path of ["gtfs-realtime", "gtfs.zip"]) {
      const answer = await get(`/api/${account.key}/public-tracking/${path}`, otherToken.token);
      expect([answer.status, json(answer.bytes).code]).toEqual([404, "ACCOUNT_NOT_FOUND"]);
    }
  }, 120_000);

  it.each(["gtfs-realtime", "gtfs.zip"])("%s: an office role's API key or a token with routes:read; 401 without, 403 without the scope or role", async (path) => {
    const account = await makeAccount("Feed Access");
    const url = `/api/${account.key}/public-tracking/${path}`;
    for (const role of ["admin", "fleet_manager", "office_staff"] as const) {
      expect((await get(url, (await makeApiKey(account.id, role)).apiKey)).status).toBe(200);
    }
    expect((await get(url, (await makeToken(account.id, { scopes: ["routes:read"] })).token)).status).toBe(200);

    const none = await get(url);
    expect([none.status, json(none.bytes)]).toEqual([401, { message: "Unauthenticated." }]);
    expect((await get(url, "not-a-token")).status).toBe(401);
    expect((await get(url, "flk_0000000000000000_" + "x".repeat(43))).status).toBe(401);
    const unscoped = await get(url, (await makeToken(account.id, { scopes: ["assets:read", "tracking:read"] })).token);
    expect([unscoped.status, json(unscoped.bytes).code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
    const viewer = await get(url, (await makeApiKey(account.id, "viewer")).apiKey);
    expect([viewer.status, json(viewer.bytes).code]).toEqual([403, "FORBIDDEN"]);
  });
});
