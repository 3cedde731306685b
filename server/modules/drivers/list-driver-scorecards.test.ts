// Driver scorecards on every database kind, from real rows: trips with their first fix's iButton key, the asset's
// authorised drivers, an account in a zone far from UTC (periods start at the local Monday's or 1st's midnight), the
// trend over the periods before, stored behaviour events counted by kind for the key their record carried, drivers
// with no driving listed last, and a member limited to a group seeing that
// group's drivers only.
import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { changeGroupAssets } from "../asset-groups/change-group-assets";
import { createAssetGroup } from "../asset-groups/create-asset-group";
import { createAccount } from "../accounts/create-account";
import { scopeOfGroups, wholeFleet } from "../asset-scope/asset-scope";
import { makeTrackedAsset } from "../../testing/fleet-entry-fixtures";
import { makeMember } from "../../testing/http-fixtures";
import { callerFor } from "../../testing/trpc-fixtures";
import { setMemberGroups } from "../users/set-member-groups";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createDriver } from "./create-driver";
import { listDriverScorecards, periodStarts } from "./list-driver-scorecards";

const ZONE = "America/New_York"; // UTC-5 in winter: a local Monday starts at 05:00 UTC
const MIN = 60_000;
// "now": Wednesday 2026-11-25 12:00 local; the week shown is Monday 23 to Sunday 29 November
const NOW = Date.parse("2026-11-25T17:00:00Z");

type Vehicle = { id: number; trackerId: number };

/** a closed trip of `km` scoring `score`, its first fix carrying `key` (IO 78 as the tracker sends it) */
async function trip(v: Vehicle, startIso: string, km: number, score: number, key: string | null) {
  const start = new Date(startIso);
  await db().position.create({
    data: {
      assetId: v.id, trackerId: v.trackerId, fixTime: start, receivedAt: start, latitude: 40.7, longitude: -74,
      altitude: 10, speed: 30, course: 0, satellites: 9, priority: 0, eventIoId: 0, ignition: true, moving: true,
      avlIo: key === null ? { 239: 1 } : { 239: 1, 78: key },
    },
  });
  await db().trip.create({
    data: {
      assetId: v.id, startedAt: start, endedAt: new Date(start.getTime() + 30 * MIN), startLat: 40.7, startLng: -74,
      distanceM: km * 1000, score, trail: [],
    },
  });
}

/** a stored behaviour event of the asset with the key its record carried */
async function event(accountId: number, v: Vehicle, atIso: string, type: "harsh_braking" | "idling" | "harsh_cornering", driverKey: string | null) {
  await db().driverBehaviorEvent.create({ data: { accountId, assetId: v.id, type, at: new Date(atIso), score: 60, severity: "low", driverKey } });
}

async function authorise(accountId: number, v: Vehicle, keyId: string, driverId: number, position = 0) {
  await db().authorisedDriver.create({ data: { accountId, assetId: v.id, keyId, driverId, position } });
}

describe("scorecard periods", () => {
  it("weeks start on the local Monday and months on the local 1st, stepping back by the offset", () => {
    const weeks = periodStarts("week", 0, NOW, ZONE);
    expect(weeks).toHaveLength(8);
    expect(weeks.at(-2)).toEqual({ year: 2026, month: 11, day: 23 });
    expect(weeks.at(-1)).toEqual({ year: 2026, month: 11, day: 30 });
    expect(weeks[0]).toEqual({ year: 2026, month: 10, day: 12 });
    expect(periodStarts("week", 2, NOW, ZONE).at(-2)).toEqual({ year: 2026, month: 11, day: 9 });
    const months = periodStarts("month", 11, NOW, ZONE);
    expect(months.at(-2)).toEqual({ year: 2025, month: 12, day: 1 });
    expect(months.at(-1)).toEqual({ year: 2026, month: 1, day: 1 });
    expect(months[0]).toEqual({ year: 2025, month: 6, day: 1 });
    // 01:00 UTC on Monday is still Sunday in New York: the week before
    expect(periodStarts("week", 0, Date.parse("2026-11-23T01:00:00Z"), ZONE).at(-2)).toEqual({ year: 2026, month: 11, day: 16 });
  });
});

describe.each(databaseKinds())("driver scorecards on %s", (kind) => {
  useTestDatabase(kind);

  async function fleet() {
    const { id: accountId, key: accountKey } = await createAccount({ name: "Scorecards" });
    await db().account.update({ where: { id: accountId }, data: { timeZone: ZONE } });
    const north = await makeTrackedAsset(accountId, "North van");
    const south = await makeTrackedAsset(accountId, "South van");
    const ana = await createDriver({ accountId, name: "Ana" });
    const ben = await createDriver({ accountId, name: "Ben" });
    const cai = await createDriver({ accountId, name: "Cai" });
    const dee = await createDriver({ accountId, name: "Dee" }); // authorised in the north, never drives
    const eve = await createDriver({ accountId, name: "Eve" }); // authorised nowhere
    await authorise(accountId, north, "00000000000000A1", ana.id, 0);
    await authorise(accountId, north, "00000000000000B2", ben.id, 1);
    await authorise(accountId, north, "00000000000000D4", dee.id, 2);
    await authorise(accountId, south, "00000000000000C3", cai.id, 0);
    const group = await createAssetGroup({ accountId, body: { name: "North" } });
    await changeGroupAssets({ accountId, groupId: group.id, change: "add", assetIds: [north.id] });
    return { accountId, accountKey, north, south, ana, ben, cai, dee, eve, groupId: group.id };
  }

  it("ranks by the distance-weighted trip score in the local week, with the trend and the drivers who did not drive", async () => {
    const f = await fleet();
    // this week (from Monday 23 November 00:00 New York = 05:00 UTC)
    await trip(f.north, "2026-11-23T05:00:00Z", 30, 90, "00000000000000a1"); // Ana, the first minute of the week
    await trip(f.north, "2026-11-24T14:00:00Z", 10, 50, "00000000000000A1"); // Ana: (30×90 + 10×50) / 40 = 80
    await trip(f.north, "2026-11-24T16:00:00Z", 20, 70, "00000000000000B2"); // Ben: 70
    await trip(f.south, "2026-11-25T13:00:00Z", 5, 95, "00000000000000C3"); // Cai: 95
    await trip(f.north, "2026-11-24T18:00:00Z", 50, 10, null); // no key: nobody's
    await trip(f.north, "2026-11-24T19:00:00Z", 50, 10, "0000000000000FFF"); // a key no driver has
    // last week: 04:59 UTC on Monday is Sunday 23:59 in New York
    await trip(f.north, "2026-11-23T04:59:00Z", 10, 60, "00000000000000A1"); // Ana
    await trip(f.north, "2026-11-17T12:00:00Z", 10, 75, "00000000000000B2"); // Ben
    // four weeks before this one: Ana only
    await trip(f.north, "2026-10-27T12:00:00Z", 10, 40, "00000000000000A1");

    // behaviour events: Ana's key twice braking hard and idling once this week, once cornering last week (Sunday night
    // in New York); Ben's key on the south van, where no list gives it to him; a record without a key
    await event(f.accountId, f.north, "2026-11-23T05:10:00Z", "harsh_braking", "00000000000000a1");
    await event(f.accountId, f.north, "2026-11-24T14:10:00Z", "harsh_braking", "00000000000000A1");
    await event(f.accountId, f.north, "2026-11-24T14:20:00Z", "idling", "00000000000000A1");
    await event(f.accountId, f.north, "2026-11-23T04:59:00Z", "harsh_cornering", "00000000000000A1");
    await event(f.accountId, f.south, "2026-11-24T14:20:00Z", "harsh_braking", "00000000000000B2");
    await event(f.accountId, f.north, "2026-11-24T14:30:00Z", "harsh_braking", null);

    const cards = await listDriverScorecards({ scope: wholeFleet(f.accountId), period: "week", now: NOW });
    expect(cards).toMatchObject({ period: "week", offset: 0, time_zone: ZONE, range: { from: "2026-11-23", to: "2026-11-29" } });
    expect(cards.trend_ranges).toHaveLength(6);
    expect(cards.trend_ranges[0]).toEqual({ from: "2026-10-12", to: "2026-10-18" });
    expect(cards.trend_ranges.at(-1)).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(cards.drivers.map((card) => [card.driver.name, card.rank, card.score])).toEqual([
      ["Cai", 1, 95],
      ["Ana", 2, 80],
      ["Ben", 3, 70],
      ["Dee", null, null],
      ["Eve", null, null],
    ]);
    expect(cards.drivers[1]).toMatchObject({
      trips: 2, distance_km: 40, driving_s: 3600,
      events: { harsh_braking: 2, harsh_acceleration: 0, harsh_cornering: 0, overspeed: 0, idling: 1 },
      events_per_100km: { total: 7.5, harsh_braking: 5, harsh_acceleration: 0, harsh_cornering: 0, overspeed: 0, idling: 2.5 },
      trend: [null, null, 40, null, null, 60], change: 20,
    });
    expect(cards.drivers[2]).toMatchObject({ trend: [null, null, null, null, null, 75], change: -5, events: { harsh_braking: 0 } });
    expect(cards.drivers[0]).toMatchObject({ trend: [null, null, null, null, null, null], change: null });
    expect(cards.drivers[3]).toMatchObject({ trips: 0, distance_km: 0, events_per_100km: { total: null }, trend: [null, null, null, null, null, null] });

    // one week back: Ana 60 and Ben 75
    const before = await listDriverScorecards({ scope: wholeFleet(f.accountId), period: "week", offset: 1, now: NOW });
    expect(before.range).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(before.drivers.find((card) => card.driver.name === "Ana")).toMatchObject({ events: { harsh_cornering: 1, harsh_braking: 0 }, events_per_100km: { total: 10 } });
    expect(before.drivers.map((card) => [card.driver.name, card.rank, card.score])).toEqual([
      ["Ben", 1, 75],
      ["Ana", 2, 60],
      ["Cai", null, null],
      ["Dee", null, null],
      ["Eve", null, null],
    ]);

    // the month: November in New York, so the Sunday-night trip of 23 November 04:59 UTC (22 November local) is in it
    const month = await listDriverScorecards({ scope: wholeFleet(f.accountId), period: "month", now: NOW });
    expect(month.range).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    // Ana: (30×90 + 10×50 + 10×60) / 50 = 76; October's 40 is the trend's last
    expect(month.drivers.find((card) => card.driver.name === "Ana")).toMatchObject({
      rank: 2, score: 76, trips: 3, trend: [null, null, null, null, null, 40], change: 36,
      events: { harsh_braking: 2, harsh_cornering: 1, idling: 1 }, events_per_100km: { total: 8 },
    });
  });

  it("shows a member limited to a group the drivers of that group's vehicles only, through the use case and tRPC", async () => {
    const f = await fleet();
    await trip(f.north, "2026-11-24T14:00:00Z", 10, 80, "00000000000000A1");
    await trip(f.south, "2026-11-24T14:00:00Z", 10, 99, "00000000000000C3");
    const limited = await listDriverScorecards({ scope: await scopeOfGroups(f.accountId, [f.groupId]), now: NOW });
    expect(limited.drivers.map((card) => [card.driver.name, card.rank])).toEqual([
      ["Ana", 1],
      ["Ben", null],
      ["Dee", null],
    ]);
    const nothing = await listDriverScorecards({ scope: { accountId: f.accountId, groupIds: [] }, now: NOW });
    expect(nothing.drivers).toEqual([]);
    // the dashboard's procedure takes the member's own scope: a viewer limited to North sees North's drivers
    const viewer = await makeMember(f.accountId, "viewer");
    await setMemberGroups({ accountId: f.accountId, userId: viewer.id, groupIds: [f.groupId] });
    const seen = await callerFor(viewer.id).drivers.scorecards({ accountKey: f.accountKey, period: "month" });
    expect(seen.drivers.map((card) => card.driver.name).sort()).toEqual(["Ana", "Ben", "Dee"]);
    // the whole fleet ranks the south's driver first
    const all = await listDriverScorecards({ scope: wholeFleet(f.accountId), now: NOW });
    expect(all.drivers.map((card) => card.driver.name)).toEqual(["Cai", "Ana", "Ben", "Dee", "Eve"]);
  });
});
