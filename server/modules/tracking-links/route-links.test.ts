// Route-based tracking links on every database kind: a link made for a route follows the day's run's vehicle (in the
// account's time zone, unless the run is cancelled) or else the route's own; imports of routes and runs and
// routes/sync move it at once, the scheduler at the turn of the day; each move is announced once, also when two nodes
// try it together.
import { describe, expect, it } from "vitest";
import { log } from "../../log";
import { appFailure } from "../../testing/app-failure";
import { useRecordingHub } from "../../testing/recording-hub";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createAccount } from "../accounts/create-account";
import { createAsset } from "../assets/create-asset";
import { importRows } from "../imports/import-rows";
import { syncRouteVehicle } from "../imports/sync-route-vehicle";
import { addDays, formatLocalDate, zonedParts } from "../time/zoned-time";
import { createTrackingLink } from "./create-tracking-link";
import { findTrackingLink } from "./find-tracking-link";
import { startLinkScheduler } from "./link-scheduler";
import { refreshAllRouteLinks, refreshRouteLinks } from "./refresh-route-links";
import { updateTrackingLink } from "./update-tracking-link";

const TIME_ZONE = "Pacific/Auckland"; // far from UTC, so "today" differs from the server's UTC date for half the day

function localDay(offsetDays = 0, now = Date.now()): string {
  return formatLocalDate(addDays(zonedParts(now, TIME_ZONE), offsetDays));
}

describe.each(databaseKinds())("route-based tracking links on %s", (kind) => {
  const t = useTestDatabase(kind);
  const { events: announced, settle } = useRecordingHub("tracking-link.changed");

  async function schoolRoute() {
    const account = await createAccount({ name: "School runs" });
    await t.db.account.update({ where: { id: account.id }, data: { timeZone: TIME_ZONE } });
    const bus = await createAsset({ accountId: account.id, name: "Bus 1", plate: "BUS-001" });
    const spare = await createAsset({ accountId: account.id, name: "Spare bus", plate: "SPR-900" });
    const user = await t.db.user.create({ data: { email: `office-${crypto.randomUUID()}@example.test`, name: "Office" }, select: { id: true } });
    const rows = (target: "routes" | "runs", rowList: unknown[]) =>
      importRows({ accountId: account.id, userId: user.id, source: "api", body: { target, rows: rowList } });
    const imported = await rows("routes", [{ route_number: "R7", route_name: "Hill school morning", vehicle: "BUS-001", days: "Mon-Fri" }]);
    const routeId = imported.result.created_ids[0]!;
    return { accountId: account.id, busId: bus.id, spareId: spare.id, routeId, rows };
  }

  it("creates a link for a route, named after it, following the route's vehicle", async () => {
    const { accountId, busId, routeId } = await schoolRoute();
    const link = await createTrackingLink({ accountId, routeId });
    expect(link).toMatchObject({
      display_name: "Hill school morning",
      asset: { id: busId, name: "Bus 1" },
      route: { id: routeId, route_number: "R7", name: "Hill school morning" },
      passenger: null,
    });
    expect(await appFailure(createTrackingLink({ accountId }))).toEqual({ code: "VALIDATION_FAILED", fields: ["assetId"] });
    expect(await appFailure(createTrackingLink({ accountId, routeId, assetId: busId }))).toEqual({ code: "VALIDATION_FAILED", fields: ["assetId"] });
    const other = await schoolRoute();
    expect(await appFailure(createTrackingLink({ accountId, routeId: other.routeId }))).toEqual({ code: "ROUTE_NOT_FOUND", fields: [] });
  });

  it("follows today's run's vehicle when a run is imported, and the route's again once it is cancelled", async () => {
    const { accountId, busId, spareId, routeId, rows } = await schoolRoute();
    const link = await createTrackingLink({ accountId, routeId });
    await settle();
    announced.length = 0;

    // a run on another day changes nothing today
    await rows("runs", [{ route_number: "R7", date: localDay(1), vehicle: "SPR-900" }]);
    expect((await findTrackingLink({ accountId, linkId: link.id }))!.assetId).toBe(busId);

    await rows("runs", [{ route_number: "R7", date: localDay(0), vehicle: "SPR-900", notice: "The spare bus runs today." }]);
    expect((await findTrackingLink({ accountId, linkId: link.id }))!.assetId).toBe(spareId);
    await settle();
    expect(announced.filter((event) => event.linkId === link.id)).toHaveLength(1);

    await rows("runs", [{ route_number: "R7", date: localDay(0), vehicle: "SPR-900", status: "cancelled" }]);
    expect((await findTrackingLink({ accountId, linkId: link.id }))!.assetId).toBe(busId);
    await settle();
    expect(announced.filter((event) => event.linkId === link.id)).toHaveLength(2);
  });

  it("moves with the route's own vehicle (route import, routes/sync) on days without a run of its own", async () => {
    const { accountId, busId, spareId, routeId, rows } = await schoolRoute();
    const link = await createTrackingLink({ accountId, routeId });
    await rows("routes", [{ route_number: "R7", route_name: "Hill school morning", vehicle: "Spare bus" }]);
    expect((await findTrackingLink({ accountId, linkId: link.id }))!.assetId).toBe(spareId);
    await syncRouteVehicle({ accountId, body: { route_number: "R7", vehicle: "BUS-001" } });
    expect((await findTrackingLink({ accountId, linkId: link.id }))!.assetId).toBe(busId);
    // a run of today that names its own vehicle wins over the route's
    await rows("runs", [{ route_number: "R7", date: localDay(0), vehicle: "SPR-900" }]);
    await syncRouteVehicle({ accountId, body: { route_number: "R7", vehicle: "BUS-001" } });
    expect((await findTrackingLink({ accountId, linkId: link.id }))!.assetId).toBe(spareId);
  });

  it("moves at the turn of the day in the account's time zone through the scheduler, once over two nodes", async () => {
    const { accountId, busId, spareId, routeId, rows } = await schoolRoute();
    const link = await createTrackingLink({ accountId, routeId });
    await rows("runs", [{ route_number: "R7", date: localDay(1), vehicle: "SPR-900" }]);
    expect((await findTrackingLink({ accountId, linkId: link.id }))!.assetId).toBe(busId);
    await settle();
    announced.length = 0;

    const tomorrow = Date.now() + 24 * 3_600_000;
    const schedulers = [1, 2].map(() => startLinkScheduler({ logger: log("test"), autostart: false }));
    await Promise.all(schedulers.map((scheduler) => scheduler.tick(tomorrow)));
    expect((await findTrackingLink({ accountId, linkId: link.id }))!.assetId).toBe(spareId);
    await settle();
    expect(announced.filter((event) => event.linkId === link.id)).toHaveLength(1);
    // the day after, the run is over: back on the route's vehicle
    expect(await refreshRouteLinks(routeId, tomorrow + 24 * 3_600_000)).toBe(1);
    expect((await findTrackingLink({ accountId, linkId: link.id }))!.assetId).toBe(busId);
    // a pass over every route moves only what differs: twice in a row, the second moves nothing
    await refreshAllRouteLinks(tomorrow + 24 * 3_600_000);
    expect(await refreshAllRouteLinks(tomorrow + 24 * 3_600_000)).toBe(0);
    expect((await findTrackingLink({ accountId, linkId: link.id }))!.assetId).toBe(busId);
    for (const scheduler of schedulers) await scheduler.stop();
  });

  it("turns a vehicle link into a route link and back, and keeps a passenger's link on the passenger's route", async () => {
    const { accountId, busId, spareId, routeId } = await schoolRoute();
    const link = await createTrackingLink({ accountId, assetId: spareId });
    const routed = await updateTrackingLink({ accountId, linkId: link.id, routeId });
    expect(routed).toMatchObject({ asset: { id: busId }, route: { id: routeId } });
    const back = await updateTrackingLink({ accountId, linkId: link.id, assetId: spareId });
    expect(back).toMatchObject({ asset: { id: spareId }, route: null });
    expect(await appFailure(updateTrackingLink({ accountId, linkId: link.id, routeId: 999_999 }))).toEqual({ code: "ROUTE_NOT_FOUND", fields: [] });
    // the dashboard switched to a route without choosing one: the route field is named
    expect(await appFailure(updateTrackingLink({ accountId, linkId: link.id, routeId: null as unknown as number }))).toEqual({ code: "VALIDATION_FAILED", fields: ["routeId"] });

    const passenger = await t.db.passenger.create({ data: { accountId, routeId, name: "Ada" }, select: { id: true } });
    const own = await t.db.trackingLink.create({
      data: { uuid: crypto.randomUUID(), accountId, routeId, passengerId: passenger.id, assetId: busId, displayName: "R7", accessMode: "public" },
    });
    expect(await appFailure(updateTrackingLink({ accountId, linkId: own.id, assetId: spareId }))).toEqual({ code: "VALIDATION_FAILED", fields: ["assetId"] });
  });
});
