// Route and stop use cases on every database kind: the import's written forms for days, times, dates, stop times,
// kinds and coordinates (and their refusals, under the field), route numbers unique per account (409), stops
// added, edited, reordered and removed (passengers' stop cleared), the route's counts, deletion with what belongs to
// it, and another account's routes, stops, vehicles and drivers answered as not found.
import { describe, expect, it } from "vitest";
import { isAppError } from "../../errors";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createAccount } from "../accounts/create-account";
import { createAsset } from "../assets/create-asset";
import { createDriver } from "../drivers/create-driver";
import { importRows } from "../imports/import-rows";
import { addRouteStop } from "./add-route-stop";
import { createRoute } from "./create-route";
import { deleteRoute } from "./delete-route";
import { deleteRouteStop } from "./delete-route-stop";
import { getRoute } from "./get-route";
import { listRoutes } from "./list-routes";
import { reorderRouteStops } from "./reorder-route-stops";
import { updateRoute } from "./update-route";
import { updateRouteStop } from "./update-route-stop";

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, status: error.status, errors: error.errors ?? [] };
    throw error;
  }
  throw new Error("expected a failure");
}

describe.each(databaseKinds())("routes on %s", (kind) => {
  const t = useTestDatabase(kind);

  async function setup() {
    const account = await createAccount({ name: `Schools ${Math.random()}` });
    const bus = await createAsset({ accountId: account.id, name: "Bus 12", plate: "ABC 123" });
    const driver = await createDriver({ accountId: account.id, name: "Ona", email: "ona@example.com" });
    return { accountId: account.id, bus, driver };
  }

  it("creates a route from the forms an import accepts and shows them back in one written form", async () => {
    const { accountId, bus, driver } = await setup();
    const route = await createRoute({
      accountId,
      routeNumber: " 12 ",
      name: "North loop",
      assetId: bus.id,
      driverId: driver.id,
      days: "mon - fri",
      startTime: "7.15",
      endTime: "3:30 pm",
      effectiveFrom: "01/09/2026",
    });
    expect(route).toMatchObject({
      route_number: "12",
      name: "North loop",
      vehicle: { id: bus.id, name: "Bus 12", plate: "ABC 123" },
      driver: { id: driver.id, name: "Ona" },
      days: [1, 2, 3, 4, 5],
      days_text: "Mon–Fri",
      start_time: "07:15",
      end_time: "15:30",
      effective_from: "2026-09-01",
      stop_count: 0,
      passenger_count: 0,
    });
    // what the page shows reads back unchanged
    const again = await updateRoute({ accountId, routeId: route.id, days: route.days_text, startTime: route.start_time, endTime: route.end_time, effectiveFrom: route.effective_from });
    expect(again).toMatchObject({ days: [1, 2, 3, 4, 5], start_time: "07:15", end_time: "15:30", effective_from: "2026-09-01" });

    const weekend = await updateRoute({ accountId, routeId: route.id, days: "Weekends", startTime: "noon", endTime: "midnight" }).catch((e) => e);
    expect(weekend.errors).toEqual([{ field: "endTime", message: expect.stringMatching(/must be after the start time 12:00/) }]);
    const cleared = await updateRoute({ accountId, routeId: route.id, name: "", assetId: null, driverId: null, days: "", startTime: null, endTime: "", effectiveFrom: "" });
    expect(cleared).toMatchObject({ name: null, vehicle: null, driver: null, days: [], days_text: "", start_time: null, end_time: null, effective_from: null });
  });

  it("refuses values that cannot be read with the parsers' reasons, every field at once", async () => {
    const { accountId } = await setup();
    const refused = await failure(createRoute({ accountId, routeNumber: "", days: "M-F", startTime: "7", endTime: "13:00 pm", effectiveFrom: "31/02/2026" }));
    expect(refused.code).toBe("VALIDATION_FAILED");
    expect(refused.errors).toEqual([
      { field: "routeNumber", message: "must not be empty" },
      { field: "days", message: expect.stringMatching(/^days "M-F": "m-f" is not a day; write .*Mon-Fri/) },
      { field: "startTime", message: expect.stringMatching(/^start time "7" is a bare number; write HH:MM/) },
      { field: "endTime", message: expect.stringMatching(/^end time "13:00 pm": a 12-hour time has hours 1 to 12/) },
      { field: "effectiveFrom", message: 'effective from "31/02/2026" is not a day of the calendar' },
    ]);
    expect((await failure(createRoute({ accountId, routeNumber: "9", startTime: "8:00", endTime: "3:30" }))).errors).toEqual([
      { field: "endTime", message: "must be after the start time 08:00; write afternoon times as 15:30 or 3:30 pm" },
    ]);
  });

  it("keeps route numbers unique in the account: 409 ROUTE_NUMBER_TAKEN under the field", async () => {
    const { accountId } = await setup();
    await createRoute({ accountId, routeNumber: "12" });
    const other = await createRoute({ accountId, routeNumber: "14" });
    for (const call of [() => createRoute({ accountId, routeNumber: "12" }), () => updateRoute({ accountId, routeId: other.id, routeNumber: " 12" })]) {
      expect(await failure(call())).toEqual({
        code: "ROUTE_NUMBER_TAKEN",
        status: 409,
        errors: [{ field: "routeNumber", message: "route 12 already exists in this account; route numbers are unique" }],
      });
    }
    // renaming a route to its own number is no conflict; another account may use the number
    await expect(updateRoute({ accountId, routeId: other.id, routeNumber: "14" })).resolves.toMatchObject({ route_number: "14" });
    const { accountId: elsewhere } = await setup();
    await expect(createRoute({ accountId: elsewhere, routeNumber: "12" })).resolves.toMatchObject({ route_number: "12" });
  });

  it("adds, edits, reorders and removes stops, reading times, kinds and coordinates like an import", async () => {
    const { accountId } = await setup();
    const route = await createRoute({ accountId, routeNumber: "12", startTime: "07:00", endTime: "08:30" });
    const oak = await addRouteStop({ accountId, routeId: route.id, name: "Oak Street", latitude: "54,6872", longitude: 25.2797, time: "7.25 am", kind: "Pick-Up" });
    expect(oak).toMatchObject({ sequence: 1, latitude: 54.6872, longitude: 25.2797, time: "07:25", time_kind: "clock", kind: "pick_up" });
    const school = await addRouteStop({ accountId, routeId: route.id, name: "School", time: "45", kind: "dropoff" });
    expect(school).toMatchObject({ sequence: 2, time: "45", time_kind: "offset", kind: "drop_off", latitude: null });
    const mill = await addRouteStop({ accountId, routeId: route.id, name: "Mill Lane", position: 2 });
    expect(mill).toMatchObject({ sequence: 2, kind: "both", time: null });
    expect((await getRoute({ accountId, routeId: route.id })).stops.map((s) => [s.name, s.sequence])).toEqual([
      ["Oak Street", 1],
      ["Mill Lane", 2],
      ["School", 3],
    ]);

    const edited = await updateRouteStop({ accountId, stopId: mill.id, time: "15", address: "2 Mill Lane", kind: "" });
    expect(edited).toMatchObject({ name: "Mill Lane", address: "2 Mill Lane", time: "15", time_kind: "offset", kind: "both" });
    expect(await updateRouteStop({ accountId, stopId: mill.id, time: null })).toMatchObject({ time: null, time_kind: null, address: "2 Mill Lane" });

    const reordered = await reorderRouteStops({ accountId, routeId: route.id, stopIds: [mill.id, oak.id, school.id] });
    expect(reordered.map((s) => [s.name, s.sequence])).toEqual([
      ["Mill Lane", 1],
      ["Oak Street", 2],
      ["School", 3],
    ]);
    // a list from a page that no longer matches the route is refused, not guessed at
    for (const stopIds of [[mill.id, oak.id], [mill.id, oak.id, school.id, school.id], [mill.id, oak.id, school.id + 1000]]) {
      expect(await failure(reorderRouteStops({ accountId, routeId: route.id, stopIds }))).toMatchObject({ code: "CONFLICT", status: 409 });
    }

    expect(await deleteRouteStop({ accountId, stopId: oak.id })).toEqual({ id: oak.id, passengers_cleared: 0 });
    expect((await getRoute({ accountId, routeId: route.id })).stops.map((s) => [s.name, s.sequence])).toEqual([
      ["Mill Lane", 1],
      ["School", 2],
    ]);
  });

  it("refuses stops it cannot read, half a position and a name the route already has", async () => {
    const { accountId } = await setup();
    const route = await createRoute({ accountId, routeNumber: "12" });
    const oak = await addRouteStop({ accountId, routeId: route.id, name: "Oak Street" });
    expect((await failure(addRouteStop({ accountId, routeId: route.id, name: "Elm", latitude: "91", longitude: "east", time: "soon", kind: "collect" }))).errors).toEqual([
      { field: "latitude", message: 'lat "91" must be a number from -90 to 90' },
      { field: "longitude", message: 'lng "east" must be a number from -180 to 180' },
      { field: "time", message: expect.stringMatching(/^stop time "soon" is not a clock time/) },
      { field: "kind", message: 'stop kind "collect" must be pick-up, drop-off or both (omitted means both)' },
    ]);
    expect((await failure(addRouteStop({ accountId, routeId: route.id, name: "Elm", latitude: "54.7" }))).errors).toEqual([
      { field: "longitude", message: "give the longitude too, or leave both empty" },
    ]);
    expect(await failure(addRouteStop({ accountId, routeId: route.id, name: "  oak   street " }))).toEqual({
      code: "STOP_NAME_TAKEN",
      status: 409,
      errors: [{ field: "name", message: 'the route already has a stop called "Oak Street"; passengers are matched to stops by name' }],
    });
    const elm = await addRouteStop({ accountId, routeId: route.id, name: "Elm" });
    expect((await failure(updateRouteStop({ accountId, stopId: elm.id, name: "OAK STREET" }))).code).toBe("STOP_NAME_TAKEN");
    await expect(updateRouteStop({ accountId, stopId: oak.id, name: "Oak street" })).resolves.toMatchObject({ name: "Oak street" });
  });

  it("keeps a stop's arrival radius: the default until one is set, whole metres from 20 to 1000, cleared back to it", async () => {
    const { accountId } = await setup();
    const route = await createRoute({ accountId, routeNumber: "14" });
    const school = await addRouteStop({ accountId, routeId: route.id, name: "School", radiusM: "200 m" });
    expect(school.radius_m).toBe(200);
    const oak = await addRouteStop({ accountId, routeId: route.id, name: "Oak Street" });
    expect(oak.radius_m).toBeNull();
    expect(await updateRouteStop({ accountId, stopId: oak.id, radiusM: 40 })).toMatchObject({ radius_m: 40 });
    expect(await updateRouteStop({ accountId, stopId: oak.id, radiusM: "" })).toMatchObject({ radius_m: null });
    expect((await failure(updateRouteStop({ accountId, stopId: oak.id, radiusM: 5000 }))).errors).toEqual([
      { field: "radiusM", message: 'radius "5000" must be whole metres from 20 to 1000' },
    ]);
  });

  it("clears the stop of passengers using a removed stop and counts them on the route", async () => {
    const { accountId } = await setup();
    const route = await createRoute({ accountId, routeNumber: "12" });
    const oak = await addRouteStop({ accountId, routeId: route.id, name: "Oak Street" });
    const school = await addRouteStop({ accountId, routeId: route.id, name: "School" });
    const passenger = await t.db.passenger.create({
      data: { accountId, routeId: route.id, name: "Ada", pickupStopId: oak.id, dropoffStopId: school.id },
      select: { id: true },
    });
    await t.db.passenger.create({ data: { accountId, routeId: route.id, name: "Ben", pickupStopId: oak.id, dropoffStopId: oak.id } });
    const detail = await getRoute({ accountId, routeId: route.id });
    expect(detail).toMatchObject({ stop_count: 2, passenger_count: 2 });
    expect(detail.stops.map((s) => s.passenger_count)).toEqual([2, 1]);

    expect(await deleteRouteStop({ accountId, stopId: oak.id })).toEqual({ id: oak.id, passengers_cleared: 2 });
    expect(await t.db.passenger.findUniqueOrThrow({ where: { id: passenger.id }, select: { pickupStopId: true, dropoffStopId: true } })).toEqual({
      pickupStopId: null,
      dropoffStopId: school.id,
    });
  });

  it("deletes a route with its stops, runs, passengers and links", async () => {
    const { accountId, bus } = await setup();
    const route = await createRoute({ accountId, routeNumber: "12" });
    await addRouteStop({ accountId, routeId: route.id, name: "Oak Street" });
    await t.db.run.create({ data: { accountId, routeId: route.id, date: "2026-09-01" } });
    await t.db.passenger.create({ data: { accountId, routeId: route.id, name: "Ada" } });
    await t.db.trackingLink.create({ data: { accountId, uuid: crypto.randomUUID(), assetId: bus.id, routeId: route.id, displayName: "Route 12", accessMode: "public" } });
    expect(await getRoute({ accountId, routeId: route.id })).toMatchObject({ stop_count: 1, run_count: 1, passenger_count: 1, link_count: 1 });
    expect(await deleteRoute({ accountId, routeId: route.id })).toEqual({ id: route.id });
    expect(await t.db.routeStop.count({ where: { routeId: route.id } })).toBe(0);
    expect(await t.db.passenger.count({ where: { routeId: route.id } })).toBe(0);
    expect(await t.db.trackingLink.count({ where: { routeId: route.id } })).toBe(0);
    expect((await failure(getRoute({ accountId, routeId: route.id }))).code).toBe("ROUTE_NOT_FOUND");
  });

  it("lists routes with their counts, paged, and reads routes an import made", async () => {
    const { accountId } = await setup();
    const user = await t.db.user.create({ data: { email: `office-${Math.random()}@example.com`, name: "Office" }, select: { id: true } });
    const imported = await importRows({
      accountId,
      userId: user.id,
      source: "api",
      body: {
        target: "routes",
        rows: [{ route_number: "R1", days: "Mon, Wed & Fri", start_time: "7:05 am", stops: [{ name: "Oak", time: "07:20", kind: "pick-up" }, { name: "School", time: 30 }] }],
      },
    });
    expect(imported.status).toBe(200);
    const mine = await createRoute({ accountId, routeNumber: "R2" });
    const first = await listRoutes({ accountId, limit: 1 });
    expect(first.data).toEqual([expect.objectContaining({ route_number: "R1", days_text: "Mon, Wed, Fri", start_time: "07:05", stop_count: 2 })]);
    expect(await listRoutes({ accountId, cursor: first.next_cursor })).toMatchObject({ data: [{ id: mine.id }], next_cursor: null });
    const detail = await getRoute({ accountId, routeId: first.data[0]!.id });
    expect(detail.stops).toEqual([
      expect.objectContaining({ name: "Oak", time: "07:20", time_kind: "clock", kind: "pick_up" }),
      expect.objectContaining({ name: "School", time: "30", time_kind: "offset", kind: "both" }),
    ]);
  });

  it("answers not found for another account's routes, stops, vehicles and drivers", async () => {
    const mine = await setup();
    const theirs = await setup();
    const route = await createRoute({ accountId: theirs.accountId, routeNumber: "7" });
    const stop = await addRouteStop({ accountId: theirs.accountId, routeId: route.id, name: "Oak" });
    const accountId = mine.accountId;
    for (const [call, code] of [
      [() => getRoute({ accountId, routeId: route.id }), "ROUTE_NOT_FOUND"],
      [() => updateRoute({ accountId, routeId: route.id, name: "Taken" }), "ROUTE_NOT_FOUND"],
      [() => deleteRoute({ accountId, routeId: route.id }), "ROUTE_NOT_FOUND"],
      [() => addRouteStop({ accountId, routeId: route.id, name: "Elm" }), "ROUTE_NOT_FOUND"],
      [() => reorderRouteStops({ accountId, routeId: route.id, stopIds: [stop.id] }), "ROUTE_NOT_FOUND"],
      [() => updateRouteStop({ accountId, stopId: stop.id, name: "Elm" }), "STOP_NOT_FOUND"],
      [() => deleteRouteStop({ accountId, stopId: stop.id }), "STOP_NOT_FOUND"],
    ] as const) {
      expect((await failure(call())).code).toBe(code);
    }
    expect(await failure(createRoute({ accountId, routeNumber: "1", assetId: theirs.bus.id, driverId: theirs.driver.id }))).toEqual({
      code: "ASSET_NOT_FOUND",
      status: 404,
      errors: [
        { field: "assetId", message: "is not a vehicle of this account" },
        { field: "driverId", message: "is not a driver of this account" },
      ],
    });
    expect((await listRoutes({ accountId })).data).toEqual([]);
    expect(await getRoute({ accountId: theirs.accountId, routeId: route.id })).toMatchObject({ name: null, stops: [{ name: "Oak" }] });
  });
});
