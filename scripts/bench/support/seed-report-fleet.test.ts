// The reports benchmark's figures mean something only if its fleet is what docs/reports-speed.md says it is: checked
// here on a small fleet (3 vehicles × 7 days), on both databases.
import { beforeAll, describe, expect, it } from "vitest";
import { haversineMeters } from "../../../server/modules/positions/geo";
import { databaseKinds, useTestDatabase } from "../../../server/testing/test-database";
import { FLEET_FROM, seedReportFleet, type ReportFleet } from "./seed-report-fleet";

describe.each(databaseKinds())("report bench fleet on %s", (kind) => {
  const t = useTestDatabase(kind);
  let fleet: ReportFleet;
  const rows = <T>(text: string, params: unknown[] = []) => t.database.sql.query<T>(text, params);
  beforeAll(async () => {
    fleet = await seedReportFleet(t.database.sql, { vehicles: 3, days: 7 });
  }, 60_000);

  it("has a position a minute for every vehicle and day, in the account's time zone", async () => {
    expect(fleet.positions).toBe(3 * 7 * 1440);
    const [account] = await rows<{ time_zone: string }>(`SELECT time_zone FROM accounts WHERE id = $1`, [fleet.accountId]);
    expect(account!.time_zone).toBe("Europe/Berlin");
    const [span] = await rows<{ first: Date; last: Date }>(`SELECT min(fix_time) AS first, max(fix_time) AS last FROM positions`);
    expect(new Date(span!.first).toISOString()).toBe(FLEET_FROM.toISOString());
    expect(new Date(span!.last).getTime()).toBe(FLEET_FROM.getTime() + (7 * 1440 - 1) * 60_000);
  });

  it("drives four trips on weekdays, two on Saturday and none on Sunday", async () => {
    // 2026-09-01 is a Tuesday: local days Tue … Mon
    const perDay = await rows<{ day: string; trips: number }>(
      `SELECT to_char(started_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD') AS day, count(*)::int AS trips
       FROM trips WHERE asset_id = $1 GROUP BY 1 ORDER BY 1`,
      [fleet.assetIds[0]],
    );
    expect(perDay).toEqual([
      { day: "2026-09-01", trips: 4 },
      { day: "2026-09-02", trips: 4 },
      { day: "2026-09-03", trips: 4 },
      { day: "2026-09-04", trips: 4 },
      { day: "2026-09-05", trips: 2 },
      { day: "2026-09-07", trips: 4 },
    ]);
    expect(fleet.trips).toBe(3 * 22);
  });

  it("makes trips whose distance is the odometer's and that end where the next one starts", async () => {
    const trips = await rows<{ id: number; asset_id: number; distance_m: number; start_lat: number; end_lat: number; points: number; positions: number; odometer_m: number }>(
      `SELECT t.id, t.asset_id, t.distance_m, t.start_lat, t.end_lat, jsonb_array_length(t.trail) AS points,
         (SELECT count(*)::int FROM positions p WHERE p.trip_id = t.id) AS positions,
         (SELECT max(p.odometer) - min(p.odometer) FROM positions p WHERE p.trip_id = t.id) AS odometer_m
       FROM trips t ORDER BY t.asset_id, t.started_at`,
    );
    for (const trip of trips) {
      expect(trip.distance_m).toBe(trip.odometer_m);
      expect(trip.distance_m).toBeGreaterThan(5_000);
      expect(trip.points).toBe(trip.positions);
    }
    for (let i = 1; i < trips.length; i++) {
      if (trips[i]!.asset_id === trips[i - 1]!.asset_id) expect(trips[i]!.start_lat).toBeCloseTo(trips[i - 1]!.end_lat, 9);
    }
    // every day ends at home: the last trip of a day brings the vehicle back to where the first started
    const [home] = await rows<{ spread: number }>(
      `SELECT max(latitude) - min(latitude) AS spread FROM positions WHERE asset_id = $1 AND extract(hour FROM fix_time AT TIME ZONE 'Europe/Berlin') = 3`,
      [fleet.assetIds[0]],
    );
    expect(home!.spread).toBeLessThan(1e-9);
  });

  it("reports a CAN odometer that only grows and agrees with the GPS track", async () => {
    const [can] = await rows<{ backwards: number; can_rows: number; tracker_rows: number; mismatched: number }>(
      `SELECT
         count(*) FILTER (WHERE odometer < previous)::int AS backwards,
         count(*) FILTER (WHERE avl_io ? '87')::int AS can_rows,
         count(*) FILTER (WHERE avl_io ? '16')::int AS tracker_rows,
         count(*) FILTER (WHERE coalesce((avl_io->>'87')::float8, (avl_io->>'16')::float8) <> odometer)::int AS mismatched
       FROM (SELECT odometer, avl_io, lag(odometer) OVER (PARTITION BY asset_id ORDER BY fix_time) AS previous FROM positions) p`,
    );
    expect(can).toEqual({ backwards: 0, can_rows: 2 * 7 * 1440, tracker_rows: 7 * 1440, mismatched: 0 });
    // the straight road: GPS distance over a trip matches its odometer distance within 1%
    const [trip] = await rows<{ id: number; distance_m: number }>(`SELECT id, distance_m FROM trips ORDER BY id LIMIT 1`);
    const points = await rows<{ latitude: number; longitude: number }>(`SELECT latitude, longitude FROM positions WHERE trip_id = $1 ORDER BY fix_time`, [trip!.id]);
    let gps = 0;
    for (let i = 1; i < points.length; i++) gps += haversineMeters(points[i - 1]!.latitude, points[i - 1]!.longitude, points[i]!.latitude, points[i]!.longitude);
    expect(Math.abs(gps - trip!.distance_m) / trip!.distance_m).toBeLessThan(0.01);
  });

  it("idles with the ignition on before each trip and parks with it off", async () => {
    const states = await rows<{ ignition: boolean; moving: boolean; n: number }>(
      `SELECT ignition, moving, count(*)::int AS n FROM positions WHERE asset_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
      [fleet.assetIds[0]],
    );
    // 22 trips, each with two idling minutes before it starts moving
    expect(states.find((s) => s.ignition && !s.moving)!.n).toBe(22 * 2);
    expect(states.find((s) => !s.ignition && s.moving)).toBeUndefined();
  });
});

