// Passengers' own links on every database kind (review N6): watchable only from 30 minutes before their route's run
// to 30 minutes after it, on days the route runs (an imported run that is not cancelled, or a day of its weekly
// schedule), and outside their schedule otherwise (info flag, location 403, the scheduler's flips announced once);
// dark while the passenger has opted out; expired once the route has stopped running, and then handed out under a
// new address; and rotated by the team, which ends the old address at once.
import { describe, expect, it } from "vitest";
import { log } from "../../log";
import { appFailure } from "../../testing/app-failure";
import { useRecordingHub } from "../../testing/recording-hub";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createAccount } from "../accounts/create-account";
import { createAsset } from "../assets/create-asset";
import { importRows } from "../imports/import-rows";
import { parseClockMinutes, parseLocalDate, zonedInstant } from "../time/zoned-time";
import { createTrackingLink } from "../tracking-links/create-tracking-link";
import { findTrackingLinkByUuid } from "../tracking-links/find-tracking-link";
import { getLinkInfo } from "../tracking-links/get-link-info";
import { getPublicLocation } from "../tracking-links/get-public-location";
import { startLinkScheduler } from "../tracking-links/link-scheduler";
import { refreshRouteLinks } from "../tracking-links/refresh-route-links";
import { issueViewerSession } from "../tracking-links/viewer-sessions";
import { clearPassengerOptOut } from "./clear-passenger-opt-out";
import { ensurePassengerLink } from "./ensure-passenger-links";
import { optOutThroughLink } from "./opt-out-passenger";
import { rotatePassengerLink } from "./rotate-passenger-link";

const TIME_ZONE = "Europe/Vilnius";

/** the instant the account's clocks show `time` on `date` */
function at(date: string, time: string): number {
  return zonedInstant(parseLocalDate(date)!, parseClockMinutes(time)!, TIME_ZONE);
}

describe.each(databaseKinds())("passengers' own links on %s", (kind) => {
  const t = useTestDatabase(kind);
  const { events: announced, settle } = useRecordingHub("tracking-link.changed");

  /** a school whose route M1 runs Mon-Fri 07:10-08:05 from Monday 2 September 2030 */
  async function school(route: Record<string, unknown> = { days: "Mon-Fri", start_time: "07:10", end_time: "08:05", effective_from: "2030-09-02" }) {
    const account = await createAccount({ name: `Hill School ${Math.random()}` });
    await t.db.account.update({ where: { id: account.id }, data: { timeZone: TIME_ZONE } });
    await createAsset({ accountId: account.id, name: "Bus 1", plate: "HIL-001" });
    const user = await t.db.user.create({ data: { email: `office-${crypto.randomUUID()}@example.test`, name: "Office" }, select: { id: true } });
    const rows = async (target: "routes" | "runs" | "passengers", list: unknown[]) => {
      const { result } = await importRows({ accountId: account.id, userId: user.id, source: "api", body: { target, rows: list } });
      expect(result.errors).toEqual([]);
      return result;
    };
    const routeId = (await rows("routes", [{ route_number: "M1", route_name: "Morning loop", vehicle: "HIL-001", ...route }])).created_ids[0]!;
    const passenger = async (name: string) => (await rows("passengers", [{ route_number: "M1", passenger_name: name }])).created_ids[0]!;
    return { accountId: account.id, routeId, rows, passenger };
  }

  it("is within its schedule only around the route's runs: not before, after, on a cancelled day or a day without a run", async () => {
    const { accountId, routeId, rows, passenger } = await school();
    await rows("runs", [
      { route_number: "M1", date: "2030-09-04", status: "cancelled" }, // Wednesday
      { route_number: "M1", date: "2030-09-07", start_time: "09:00", end_time: "10:00" }, // a Saturday outing
    ]);
    const link = await ensurePassengerLink({ accountId, passengerId: await passenger("Ada") });
    const routeLink = await createTrackingLink({ accountId, routeId }); // an ordinary route link has no run windows
    const flags = async (date: string, time: string) => {
      const now = at(date, time);
      await refreshRouteLinks(routeId, now);
      const info = await getLinkInfo({ uuid: link.uuid }, now);
      expect(info).toMatchObject({ is_active: true, is_expired: false });
      return { passenger: info.is_within_schedule, route: (await getLinkInfo({ uuid: routeLink.uuid }, now)).is_within_schedule };
    };
    expect(await flags("2030-09-03", "03:00")).toEqual({ passenger: false, route: true }); // Tuesday night
    expect(await flags("2030-09-03", "06:39")).toEqual({ passenger: false, route: true }); // the window opens 06:40
    expect(await flags("2030-09-03", "06:40")).toEqual({ passenger: true, route: true });
    expect(await flags("2030-09-03", "07:30")).toEqual({ passenger: true, route: true });
    expect(await flags("2030-09-03", "08:34")).toEqual({ passenger: true, route: true }); // until 30 min after 08:05
    expect(await flags("2030-09-03", "08:35")).toEqual({ passenger: false, route: true });
    expect(await flags("2030-09-04", "07:30")).toEqual({ passenger: false, route: true }); // the run is cancelled
    expect(await flags("2030-09-07", "09:30")).toEqual({ passenger: true, route: true }); // a run off the weekly days
    expect(await flags("2030-09-08", "07:30")).toEqual({ passenger: false, route: true }); // Sunday: no run
    expect(await flags("2030-09-01", "07:30")).toEqual({ passenger: false, route: true }); // before effective_from

    // no position outside: location answers 403 OUTSIDE_SCHEDULE
    await refreshRouteLinks(routeId, at("2030-09-03", "06:00"));
    const record = (await findTrackingLinkByUuid(link.uuid))!;
    expect(await appFailure(getPublicLocation(record, at("2030-09-03", "06:00")))).toEqual({ code: "OUTSIDE_SCHEDULE", fields: [] });
    await refreshRouteLinks(routeId, at("2030-09-03", "07:00"));
    expect(await getPublicLocation((await findTrackingLinkByUuid(link.uuid))!, at("2030-09-03", "07:00"))).toEqual({ location: null, stop: null });
  });

  it("opens and closes with the scheduler, each flip announced once, and moves on to the next run that is not cancelled", async () => {
    const { accountId, routeId, rows, passenger } = await school();
    await rows("runs", [{ route_number: "M1", date: "2030-09-04", status: "cancelled" }]);
    const link = await ensurePassengerLink({ accountId, passengerId: await passenger("Ben") });
    const stored = () => t.db.trackingLink.findUniqueOrThrow({ where: { id: link.id }, select: { withinSchedule: true, nextCheckAt: true } });
    const scheduler = startLinkScheduler({ logger: log("test"), autostart: false });
    await scheduler.tick(at("2030-09-03", "06:00")); // also the minute's refresh of route links: the window is found
    await scheduler.tick(at("2030-09-03", "06:00"));
    expect(await stored()).toEqual({ withinSchedule: false, nextCheckAt: new Date(at("2030-09-03", "06:40")) });
    await settle();
    announced.length = 0;

    // (the scheduler serves every link in the database; only this one's are counted)
    const flips = async () => (await settle(), announced.filter((event) => event.linkId === link.id).length);
    await scheduler.tick(at("2030-09-03", "06:40"));
    expect(await stored()).toEqual({ withinSchedule: true, nextCheckAt: new Date(at("2030-09-03", "08:35")) });
    expect(await flips()).toBe(1);
    await scheduler.tick(at("2030-09-03", "08:35"));
    expect((await stored()).withinSchedule).toBe(false);
    expect(await flips()).toBe(2);

    // the next window: Thursday's, since Wednesday's run is cancelled
    await refreshRouteLinks(routeId, at("2030-09-03", "08:36"));
    await scheduler.tick(at("2030-09-03", "08:36"));
    expect(await stored()).toEqual({ withinSchedule: false, nextCheckAt: new Date(at("2030-09-05", "06:40")) });
    await scheduler.stop();
  });

  it("shows a run without times all its day, and nothing on the days around it", async () => {
    const { accountId, routeId, rows, passenger } = await school({});
    await rows("runs", [{ route_number: "M1", date: "2030-09-05" }]);
    const link = await ensurePassengerLink({ accountId, passengerId: await passenger("Cai") });
    const within = async (date: string, time: string) => {
      await refreshRouteLinks(routeId, at(date, time));
      return (await getLinkInfo({ uuid: link.uuid }, at(date, time))).is_within_schedule;
    };
    expect(await within("2030-09-04", "23:59")).toBe(false);
    expect(await within("2030-09-05", "00:00")).toBe(true);
    expect(await within("2030-09-05", "23:59")).toBe(true);
    expect(await within("2030-09-06", "00:00")).toBe(false);
  });

  it("shows nothing while the passenger has opted out, and again once the team clears it", async () => {
    const { accountId, passenger } = await school({ days: "Daily" }); // a daily route without times: watchable all day
    const passengerId = await passenger("Dan");
    const link = await ensurePassengerLink({ accountId, passengerId });
    expect((await getLinkInfo({ uuid: link.uuid })).is_within_schedule).toBe(true);
    await settle();
    announced.length = 0;

    await optOutThroughLink({ passengerId });
    expect((await getLinkInfo({ uuid: link.uuid })).is_within_schedule).toBe(false);
    await settle();
    expect(announced.filter((event) => event.linkId === link.id)).toHaveLength(1);
    await clearPassengerOptOut({ accountId, passengerId });
    expect((await getLinkInfo({ uuid: link.uuid })).is_within_schedule).toBe(true);
  });

  it("expires once the route has not run for 30 days, and the next welcome or copy hands out a new address", async () => {
    const { accountId, routeId, rows, passenger } = await school({}); // runs only, no weekly days
    await rows("runs", [{ route_number: "M1", date: "2030-09-03", start_time: "07:00", end_time: "08:00" }]);
    const passengerId = await passenger("Eve");
    const link = await ensurePassengerLink({ accountId, passengerId });
    const young = await ensurePassengerLink({ accountId, passengerId: await passenger("Fay") });
    // Fay's link was made only days before: it is not idle yet
    await t.db.trackingLink.update({ where: { id: young.id }, data: { createdAt: new Date(at("2030-09-20", "12:00")) } });

    await refreshRouteLinks(routeId, at("2030-10-02", "12:00")); // 29 days without a run
    expect(await getLinkInfo({ uuid: link.uuid }, at("2030-10-02", "12:00"))).toMatchObject({ is_expired: false, is_within_schedule: false });
    await settle();
    announced.length = 0;
    expect(await refreshRouteLinks(routeId, at("2030-10-04", "12:00"))).toBe(1);
    await settle();
    expect(announced.map((event) => event.uuid)).toEqual([link.uuid]);
    expect(await getLinkInfo({ uuid: link.uuid }, at("2030-10-04", "12:00"))).toMatchObject({ is_active: true, is_expired: true });
    expect(await t.db.trackingLink.findUniqueOrThrow({ where: { id: link.id }, select: { expiredReason: true } })).toEqual({ expiredReason: "schedule_ended" });
    expect((await getLinkInfo({ uuid: young.uuid }, at("2030-10-04", "12:00"))).is_expired).toBe(false);

    // the ended address stays ended; the passenger gets a new one
    const renewed = await ensurePassengerLink({ accountId, passengerId });
    expect(renewed.id).toBe(link.id);
    expect(renewed.uuid).not.toBe(link.uuid);
    expect(await findTrackingLinkByUuid(link.uuid)).toBeNull();
    expect((await getLinkInfo({ uuid: renewed.uuid }, at("2030-10-04", "12:00"))).is_expired).toBe(false);
  });

  it("rotates a passenger's link: a new address, the old one unknown at once, its sessions ended, the welcome to be sent again", async () => {
    const { accountId, passenger } = await school({ days: "Daily" });
    const passengerId = await passenger("Gus");
    const link = await ensurePassengerLink({ accountId, passengerId });
    await issueViewerSession((await findTrackingLinkByUuid(link.uuid))!, null);
    await t.db.passenger.update({ where: { id: passengerId }, data: { welcomeSentAt: new Date() } });
    await settle();
    announced.length = 0;

    const rotated = await rotatePassengerLink({ accountId, passengerId });
    expect(rotated).toEqual({ id: link.id, uuid: expect.any(String), url: expect.stringMatching(new RegExp(`/t/${rotated.uuid}$`)) });
    expect(rotated.uuid).not.toBe(link.uuid);
    expect(await appFailure(getLinkInfo({ uuid: link.uuid }))).toEqual({ code: "LINK_NOT_FOUND", fields: [] });
    expect((await getLinkInfo({ uuid: rotated.uuid })).is_within_schedule).toBe(true);
    expect(await t.db.viewerSession.count({ where: { linkId: link.id } })).toBe(0);
    expect(await t.db.passenger.findUniqueOrThrow({ where: { id: passengerId }, select: { welcomeSentAt: true } })).toEqual({ welcomeSentAt: null });
    await settle();
    // the old address is announced: every gateway ends its viewers
    expect(announced.map((event) => event.uuid)).toContain(link.uuid);
    expect(await ensurePassengerLink({ accountId, passengerId })).toEqual(rotated);

    // a passenger without a link gets their first; another account's passenger is not found
    const fresh = await passenger("Hal");
    expect(await t.db.trackingLink.count({ where: { passengerId: fresh } })).toBe(0);
    expect((await rotatePassengerLink({ accountId, passengerId: fresh })).uuid).toBe((await ensurePassengerLink({ accountId, passengerId: fresh })).uuid);
    const other = await school();
    expect(await appFailure(rotatePassengerLink({ accountId: other.accountId, passengerId }))).toEqual({ code: "PASSENGER_NOT_FOUND", fields: [] });
  });
});
