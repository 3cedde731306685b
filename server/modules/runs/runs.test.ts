// Run use cases on every database kind: one run per route and date (409 under the date), the import's forms for
// dates and times, the route's times as the fallback when checking their order, this day's vehicle and driver,
// cancel and restore, the route's tracking links following today's run as the dashboard changes it, the upcoming and past lists in the account's time zone, and another account's runs, routes,
// vehicles and drivers answered as not found.
import { describe, expect, it } from "vitest";
import { isAppError } from "../../errors";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createAccount } from "../accounts/create-account";
import { updateAccountSettings } from "../accounts/update-account-settings";
import { createAsset } from "../assets/create-asset";
import { createDriver } from "../drivers/create-driver";
import { createRoute } from "../routes/create-route";
import { updateRouteWithLinks } from "../tracking-links/update-route-with-links";
import { formatLocalDate, zonedParts } from "../time/zoned-time";
import { createTrackingLink } from "../tracking-links/create-tracking-link";
import { findTrackingLink } from "../tracking-links/find-tracking-link";
import { cancelRun } from "./cancel-run";
import { createRun } from "./create-run";
import { deleteRun } from "./delete-run";
import { getRun } from "./get-run";
import { listRuns } from "./list-runs";
import { restoreRun } from "./restore-run";
import { updateRun } from "./update-run";

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, status: error.status, errors: error.errors ?? [] };
    throw error;
  }
  throw new Error("expected a failure");
}

describe.each(databaseKinds())("runs on %s", (kind) => {
  useTestDatabase(kind);

  async function setup() {
    const account = await createAccount({ name: `Schools ${Math.random()}` });
    const accountId = account.id;
    const spare = await createAsset({ accountId, name: "Spare bus", plate: "SPR 1" });
    const driver = await createDriver({ accountId, name: "Jonas" });
    const route = await createRoute({ accountId, routeNumber: "12", days: "Mon-Fri", startTime: "07:15", endTime: "08:30" });
    return { accountId, spare, driver, route };
  }

  it("adds a run for a date written either way, with this day's vehicle, driver, times and notice", async () => {
    const { accountId, spare, driver, route } = await setup();
    const run = await createRun({ accountId, routeId: route.id, date: "1/9/2026", startTime: "7.30", assetId: spare.id, driverId: driver.id, notice: " Late start " });
    expect(run).toMatchObject({
      route_id: route.id,
      date: "2026-09-01",
      weekday: 2,
      off_day: false,
      start_time: "07:30",
      end_time: null, // the route's
      vehicle: { id: spare.id, name: "Spare bus", plate: "SPR 1" },
      driver: { id: driver.id, name: "Jonas" },
      notice: "Late start",
      status: "scheduled",
    });
    expect(await getRun({ accountId, runId: run.id })).toEqual(run);
    // a Saturday is off the route's days: shown, not refused
    expect(await createRun({ accountId, routeId: route.id, date: "2026-09-05" })).toMatchObject({ weekday: 6, off_day: true });

    const back = await updateRun({ accountId, runId: run.id, startTime: "", assetId: null, driverId: null, notice: null });
    expect(back).toMatchObject({ start_time: null, vehicle: null, driver: null, notice: null, date: "2026-09-01" });
    expect(await updateRun({ accountId, runId: run.id, date: "2026-09-02", endTime: "3:30 pm" })).toMatchObject({ date: "2026-09-02", end_time: "15:30" });
  });

  it("keeps one run per route and date: 409 RUN_DATE_TAKEN under the date", async () => {
    const { accountId, route } = await setup();
    await createRun({ accountId, routeId: route.id, date: "2026-09-01" });
    const other = await createRun({ accountId, routeId: route.id, date: "2026-09-02" });
    const taken = { code: "RUN_DATE_TAKEN", status: 409, errors: [{ field: "date", message: "route 12 already has a run on 2026-09-01; edit that run instead" }] };
    expect(await failure(createRun({ accountId, routeId: route.id, date: "01/09/2026" }))).toEqual(taken);
    expect(await failure(updateRun({ accountId, runId: other.id, date: "2026-09-01" }))).toEqual(taken);
    // another route may run that day
    const route14 = await createRoute({ accountId, routeNumber: "14" });
    await expect(createRun({ accountId, routeId: route14.id, date: "2026-09-01" })).resolves.toMatchObject({ date: "2026-09-01" });
  });

  it("refuses dates and times it cannot read, and an end before the start that applies that day", async () => {
    const { accountId, route } = await setup();
    expect((await failure(createRun({ accountId, routeId: route.id, date: "09/31/2026", startTime: "0715", notice: "x".repeat(501) }))).errors).toEqual([
      { field: "date", message: 'date "09/31/2026" is not a day of the calendar' },
      { field: "startTime", message: expect.stringMatching(/^start time "0715" is not a clock time: HH:MM/) },
      { field: "notice", message: "must be at most 500 characters" },
    ]);
    expect((await failure(createRun({ accountId, routeId: route.id, date: "" }))).errors).toEqual([
      { field: "date", message: expect.stringMatching(/^date must be a date: YYYY-MM-DD/) },
    ]);
    // the route ends at 08:30: a run starting at 09:00 needs its own end
    expect((await failure(createRun({ accountId, routeId: route.id, date: "2026-09-01", startTime: "09:00" }))).errors).toEqual([
      { field: "endTime", message: expect.stringMatching(/must be after the start time 09:00/) },
    ]);
    await expect(createRun({ accountId, routeId: route.id, date: "2026-09-01", startTime: "09:00", endTime: "10:00" })).resolves.toMatchObject({ start_time: "09:00" });
  });

  it("cancels and restores a run, keeping its notice", async () => {
    const { accountId, route } = await setup();
    const run = await createRun({ accountId, routeId: route.id, date: "2026-09-01", notice: "Snow" });
    expect(await cancelRun({ accountId, runId: run.id })).toMatchObject({ status: "cancelled", notice: "Snow" });
    expect(await getRun({ accountId, runId: run.id })).toMatchObject({ status: "cancelled" });
    expect(await restoreRun({ accountId, runId: run.id })).toMatchObject({ status: "scheduled", notice: "Snow" });
    expect(await deleteRun({ accountId, runId: run.id })).toEqual({ id: run.id });
    expect((await failure(getRun({ accountId, runId: run.id }))).code).toBe("RUN_NOT_FOUND");
  });

  it("lists upcoming runs soonest first and past runs latest first, by the account's calendar", async () => {
    const { accountId, route } = await setup();
    await updateAccountSettings({ accountId, timeZone: "Pacific/Auckland" });
    for (const date of ["2026-08-30", "2026-08-31", "2026-09-01", "2026-09-02", "2026-09-03"]) await createRun({ accountId, routeId: route.id, date });
    // 2026-08-31 20:00 UTC is already 1 September in Auckland
    const now = Date.UTC(2026, 7, 31, 20, 0);
    const first = await listRuns({ accountId, routeId: route.id, limit: 2 }, now);
    expect(first).toMatchObject({ today: "2026-09-01", data: [{ date: "2026-09-01" }, { date: "2026-09-02" }] });
    expect(await listRuns({ accountId, routeId: route.id, limit: 2, cursor: first.next_cursor }, now)).toMatchObject({ data: [{ date: "2026-09-03" }], next_cursor: null });
    const past = await listRuns({ accountId, routeId: route.id, period: "past", limit: 1 }, now);
    expect(past.data.map((r) => r.date)).toEqual(["2026-08-31"]);
    expect((await listRuns({ accountId, routeId: route.id, period: "past", cursor: past.next_cursor }, now)).data.map((r) => r.date)).toEqual(["2026-08-30"]);
    expect((await failure(listRuns({ accountId, routeId: route.id, cursor: "bogus" }, now))).errors).toEqual([{ field: "cursor", message: "not a cursor from this list" }]);
  });

  it("moves the route's tracking links onto today's run's vehicle, and back when it is cancelled or deleted", async () => {
    const { accountId, spare, route } = await setup();
    const bus = await createAsset({ accountId, name: "Bus 12" });
    await updateRouteWithLinks({ accountId, routeId: route.id, assetId: bus.id });
    const link = await createTrackingLink({ accountId, routeId: route.id });
    const followed = async () => (await findTrackingLink({ accountId, linkId: link.id }))!.assetId;
    expect(await followed()).toBe(bus.id);

    const today = formatLocalDate(zonedParts(Date.now(), "UTC")); // the account's zone
    const run = await createRun({ accountId, routeId: route.id, date: today, assetId: spare.id });
    expect(await followed()).toBe(spare.id);
    await cancelRun({ accountId, runId: run.id });
    expect(await followed()).toBe(bus.id);
    await restoreRun({ accountId, runId: run.id });
    expect(await followed()).toBe(spare.id);
    await updateRun({ accountId, runId: run.id, assetId: null });
    expect(await followed()).toBe(bus.id);
    await updateRun({ accountId, runId: run.id, assetId: spare.id });
    await deleteRun({ accountId, runId: run.id });
    expect(await followed()).toBe(bus.id);
    // the route's own vehicle changed in the dashboard
    await updateRouteWithLinks({ accountId, routeId: route.id, assetId: spare.id });
    expect(await followed()).toBe(spare.id);
  });

  it("answers not found for another account's runs, routes, vehicles and drivers", async () => {
    const mine = await setup();
    const theirs = await setup();
    const run = await createRun({ accountId: theirs.accountId, routeId: theirs.route.id, date: "2026-09-01" });
    const accountId = mine.accountId;
    for (const [call, code] of [
      [() => getRun({ accountId, runId: run.id }), "RUN_NOT_FOUND"],
      [() => updateRun({ accountId, runId: run.id, notice: "mine now" }), "RUN_NOT_FOUND"],
      [() => cancelRun({ accountId, runId: run.id }), "RUN_NOT_FOUND"],
      [() => restoreRun({ accountId, runId: run.id }), "RUN_NOT_FOUND"],
      [() => deleteRun({ accountId, runId: run.id }), "RUN_NOT_FOUND"],
      [() => createRun({ accountId, routeId: theirs.route.id, date: "2026-09-02" }), "ROUTE_NOT_FOUND"],
      [() => listRuns({ accountId, routeId: theirs.route.id }), "ROUTE_NOT_FOUND"],
      [() => createRun({ accountId, routeId: mine.route.id, date: "2026-09-02", assetId: theirs.spare.id }), "ASSET_NOT_FOUND"],
      [() => createRun({ accountId, routeId: mine.route.id, date: "2026-09-02", driverId: theirs.driver.id }), "DRIVER_NOT_FOUND"],
    ] as const) {
      expect((await failure(call())).code).toBe(code);
    }
    expect(await getRun({ accountId: theirs.accountId, runId: run.id })).toMatchObject({ status: "scheduled", notice: null });
  });
});
