// Both feeds ask the database the same few times for one run as for 200 (no query per run, route or vehicle): the
// realtime feed five times, the static feed three, counted through a reader over the real database.
import { describe, expect, it } from "vitest";
import { makeAccount } from "../../testing/http-fixtures";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { formatLocalDate, zonedParts } from "../time/zoned-time";
import { decodeGtfsRealtime } from "../../testing/gtfs-realtime-decoder";
import { zipEntries } from "../../testing/zip-entries";
import { exportGtfsStatic } from "./export-gtfs-static";
import { encodeFeedMessage } from "./gtfs-realtime-encode";
import { gtfsRealtimeFeed } from "./gtfs-realtime-feed-of-account";
import { countingReader } from "../../testing/counting-reader";


describe.each(databaseKinds())("the feeds' queries on %s", (kind) => {
  const t = useTestDatabase(kind);

  /** an account with `count` routes, each run today by its own bus, in progress: half imported runs, half schedule days */
  async function fleet(count: number, now: number) {
    const account = await makeAccount("Many Runs");
    const local = zonedParts(now, "UTC");
    const date = formatLocalDate(local);
    const minute = local.hour * 60 + local.minute;
    const startMinute = Math.max(0, minute - 10);
    const assets = await t.db.asset.createManyAndReturn({ data: Array.from({ length: count }, (_, i) => ({ accountId: account.id, name: `Bus ${i}` })), select: { id: true } });
    const routes = await t.db.route.createManyAndReturn({
      data: assets.map((asset, i) => ({ accountId: account.id, routeNumber: `R${i}`, assetId: asset.id, days: [1, 2, 3, 4, 5, 6, 7], startMinute, endMinute: Math.min(1439, minute + 50) })),
      select: { id: true, assetId: true },
    });
    await t.db.routeStop.createMany({
      data: routes.flatMap((route) => [0, 1, 2].map((n) => ({ routeId: route.id, sequence: n + 1, name: `Stop ${n + 1}`, latitude: 54.7, longitude: 25.3 + n / 100, offsetMinutes: n * 10 }))),
    });
    const stops = await t.db.routeStop.findMany({ where: { routeId: { in: routes.map((r) => r.id) } }, orderBy: { sequence: "asc" }, select: { id: true, routeId: true } });
    const runs = await t.db.run.createManyAndReturn({
      data: routes.filter((_, i) => i % 2 === 0).map((route) => ({ accountId: account.id, routeId: route.id, date })),
      select: { id: true, routeId: true },
    });
    const runOf = new Map(runs.map((run) => [run.routeId, run.id]));
    await t.db.runProgress.createMany({
      data: routes.map((route) => ({
        accountId: account.id,
        routeId: route.id,
        date,
        runId: runOf.get(route.id) ?? null,
        assetId: route.assetId,
        status: "in_progress" as const,
        startedAt: new Date(now - 5 * 60_000),
        state: {
          stops: stops
            .filter((stop) => stop.routeId === route.id)
            .map((stop, n) => ({ stopId: stop.id, status: n === 0 ? "departed" : "pending", arrivedAt: n === 0 ? now - 6 * 60_000 : null, departedAt: n === 0 ? now - 5 * 60_000 : null, skippedAt: null })),
          last: { at: now - 10_000 },
        },
      })),
    });
    await t.db.assetState.createMany({
      data: assets.map((asset, i) => ({ assetId: asset.id, positionId: BigInt(i + 1), fixTime: new Date(now - 10_000), receivedAt: new Date(now), wsSeq: 1n, payload: { latitude: 54.7, longitude: 25.31, speed: 30, course: 90, dateUpdated: now - 10_000, odometer: null } })),
    });
    return account;
  }

  it("reads five times for the realtime feed and three for the static one, for 1 run as for 200", async () => {
    const now = Date.now();
    const one = await fleet(1, now);
    const many = await fleet(200, now);
    const realtime = async (accountId: number) => {
      const { reader, count } = countingReader(t.db, ["account", "runProgress", "route", "run", "asset"]);
      const feed = await gtfsRealtimeFeed({ accountId, etas: null }, now, reader);
      return { entities: decodeGtfsRealtime(encodeFeedMessage(feed)).entity.length, queries: count() };
    };
    const statics = async (accountId: number) => {
      const { reader, count } = countingReader(t.db, ["account", "runProgress", "route", "run", "asset"]);
      const feed = await exportGtfsStatic({ accountId, publisherUrl: "https://fleet.example.test" }, now, reader);
      const trips = zipEntries(feed.zip).get("trips.txt")!.toString().trim().split("\r\n").length - 1;
      return { trips, queries: count() };
    };
    expect([await realtime(one.id), await realtime(many.id)]).toEqual([
      { entities: 2, queries: 5 },
      { entities: 400, queries: 5 },
    ]);
    // each route's weekly trip, and the runs of half of them
    expect([await statics(one.id), await statics(many.id)]).toEqual([
      { trips: 2, queries: 3 },
      { trips: 300, queries: 3 },
    ]);
  }, 120_000);
});
