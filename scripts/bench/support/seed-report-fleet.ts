// The fleet the reports benchmark reads: an account in Europe/Berlin, `vehicles` assets with Teltonika trackers,
// and a position every 60 s for `days` days from 2026-09-01 00:00 local (a month without a daylight-saving change,
// so a local day is 1,440 minutes), plus the closed trips those positions make. At 100 vehicles × 30 days that is
// 4,320,000 positions, the size issue 21 sets its targets on.
//
// The rows are generated inside the database (INSERT … SELECT over generate_series, a few vehicles per statement),
// the same SQL on PostgreSQL and on the embedded database, so no row travels through this process. Each vehicle k
// (0-based) has a daily pattern:
//   - parked at home at night; on weekdays four trips: out at 07:00, on at 10:30, back at 13:00, home at 16:30 (each
//     shifted by (7k mod 50) minutes); on Saturdays the first and the last; on Sundays none;
//   - two minutes of idling (ignition on, standing) before each trip starts;
//   - speed within a trip rises and falls over its duration (20-96 km/h); an outward trip and its return have the
//     same profile, so the vehicle comes back to where it started;
//   - it drives along one bearing from home (a straight road), so GPS distance equals the odometer's;
//   - odometer (positions.odometer, metres) = the sum of the minutes' distances; four vehicles in five report it as
//     CAN mileage (AVL IO 87 canTotalMileage) with CAN fuel used (83), the fifth as the tracker's own odometer (16);
//   - ignition (239), movement (240), GSM signal (21) and external voltage (66) in avl_io, as Teltonika sends them;
//   - a street and town on the parked positions of three vehicles in four (the fourth has no address, as with no
//     geocoder answer).
// Trips are the rows the ingest pipeline would have closed: from the first idling minute to the last driving minute,
// distance from the odometer, the trail as [lng, lat, epoch ms] per minute; positions carry their trip_id.
import type { SqlClient } from "../../../server/db/client";

/** 2026-09-01 00:00 in Europe/Berlin (CEST, UTC+2) */
export const FLEET_FROM = new Date("2026-08-31T22:00:00.000Z");
export const FLEET_TIME_ZONE = "Europe/Berlin";
/** the ISO weekday (1 Monday … 7 Sunday) of FLEET_FROM's local day: 2026-09-01 is a Tuesday */
const FIRST_ISO_WEEKDAY = 2;
/** vehicles per INSERT statement: bounded so the embedded database's memory stays small */
const VEHICLES_PER_STATEMENT = 5;

export interface ReportFleet {
  accountId: number;
  accountName: string;
  assetIds: number[];
  from: Date;
  to: Date;
  timeZone: string;
  vehicles: number;
  days: number;
  positions: number;
  trips: number;
}

export interface SeedOptions {
  vehicles: number;
  days: number;
  /** told after each statement: vehicles done so far */
  onProgress?: (vehiclesDone: number) => void;
}

/** the positions of vehicles `k` (parallel arrays of asset id, tracker id and k), generated in the database */
const INSERT_POSITIONS = `
INSERT INTO positions (asset_id, tracker_id, fix_time, received_at, ws_seq, latitude, longitude, altitude, speed,
  course, satellites, priority, event_io_id, ignition, moving, odometer, street, town, country, avl_io, trip_id)
SELECT asset_id, tracker_id, t, t + interval '2 seconds', k::bigint * 1000000 + n + 1,
  home_lat + disp_km * cos(radians(bearing)) / 111.32,
  home_lng + disp_km * sin(radians(bearing)) / (111.32 * cos(radians(home_lat))),
  35 + k % 10, speed,
  CASE WHEN dir < 0 THEN (bearing + 180) % 360 ELSE bearing END,
  9 + n % 5, 0, 0, ignition, speed > 0, odometer_m,
  CASE WHEN speed = 0 AND k % 4 <> 3 THEN (CASE WHEN disp_km < 0.5 THEN 'Wohnweg ' || (k + 1) ELSE 'Gewerbepark ' || (k % 9 + 1) END) END,
  CASE WHEN speed = 0 AND k % 4 <> 3 THEN 'Berlin' END,
  CASE WHEN speed = 0 AND k % 4 <> 3 THEN 'DE' END,
  CASE WHEN k % 5 = 0
    THEN jsonb_build_object('239', ignition::int, '240', (speed > 0)::int, '21', 4, '66', CASE WHEN ignition THEN 14100 ELSE 12600 END,
      '16', odometer_m)
    ELSE jsonb_build_object('239', ignition::int, '240', (speed > 0)::int, '21', 4, '66', CASE WHEN ignition THEN 14100 ELSE 12600 END,
      '87', odometer_m, '83', 100000 + round(speed_sum * 0.08 * 10 / 60)::bigint)
  END,
  CASE WHEN trip_no IS NOT NULL THEN (k * $5::int + n / 1440) * 4 + trip_no END
FROM (
  SELECT s.*, 52.52 + (k % 10 - 5) * 0.01 AS home_lat, 13.405 + (k / 10 - 5) * 0.015 AS home_lng, (k * 37) % 360 AS bearing,
    50000000 + k * 1234567 + round(sum(speed) OVER w * 1000.0 / 60)::bigint AS odometer_m,
    sum(speed) OVER w AS speed_sum,
    coalesce(sum(dir * speed) OVER w, 0) / 60.0 AS disp_km
  FROM (
    SELECT v.asset_id, v.tracker_id, v.k, g.n, $4::timestamptz + make_interval(mins => g.n) AS t,
      tr.j AS trip_no, coalesce(tr.dir, 0) AS dir, tr.j IS NOT NULL AS ignition,
      CASE WHEN tr.i >= 0 THEN round(20 + (v.k % 5) * 4 + 60 * sin(pi() * (tr.i + 0.5) / tr.dur))::int ELSE 0 END AS speed
    FROM unnest($1::int[], $2::int[], $3::int[]) AS v(asset_id, tracker_id, k)
    CROSS JOIN generate_series(0, $5::int * 1440 - 1) AS g(n)
    LEFT JOIN LATERAL (
      SELECT j, dir, g.n % 1440 - st AS i, dur
      FROM (VALUES (1, 420, 25 + v.k % 20, 1), (2, 630, 20 + v.k % 15, 1), (3, 780, 20 + v.k % 15, -1), (4, 990, 25 + v.k % 20, -1))
        AS x(j, st0, dur, dir), LATERAL (SELECT st0 + (v.k * 7) % 50 AS st) y
      WHERE g.n % 1440 >= st - 2 AND g.n % 1440 < st + dur
        AND (($6::int + g.n / 1440 - 1) % 7 + 1 BETWEEN 1 AND 5 OR (($6::int + g.n / 1440 - 1) % 7 + 1 = 6 AND j IN (1, 4)))
    ) tr ON true
  ) s
  WINDOW w AS (PARTITION BY asset_id ORDER BY n)
) q`;

/** the trips those positions make, one row per trip_id */
const INSERT_TRIPS = `
INSERT INTO trips (id, asset_id, started_at, ended_at, start_lat, start_lng, end_lat, end_lng, distance_m, max_speed,
  trail, score, harsh_events)
SELECT trip_id, asset_id, min(fix_time), max(fix_time),
  (array_agg(latitude ORDER BY fix_time))[1], (array_agg(longitude ORDER BY fix_time))[1],
  (array_agg(latitude ORDER BY fix_time DESC))[1], (array_agg(longitude ORDER BY fix_time DESC))[1],
  max(odometer) - min(odometer), max(speed),
  jsonb_agg(jsonb_build_array(longitude, latitude, (extract(epoch FROM fix_time) * 1000)::bigint) ORDER BY fix_time),
  100 - asset_id % 7, 0
FROM positions
WHERE asset_id = ANY($1::int[]) AND trip_id IS NOT NULL
GROUP BY trip_id, asset_id`;

/** each asset's newest position as its state (what the live views and the reports' completeness read) */
const INSERT_STATES = `
INSERT INTO asset_states (asset_id, position_id, fix_time, received_at, ws_seq, date_moved, odometer, open_trip_id, payload)
SELECT p.asset_id, p.id, p.fix_time, p.received_at, p.ws_seq,
  (SELECT max(m.fix_time) FROM positions m WHERE m.asset_id = p.asset_id AND m.speed > 0), p.odometer, NULL,
  jsonb_build_object('assetId', p.asset_id, 'latitude', p.latitude, 'longitude', p.longitude, 'speed', p.speed,
    'course', p.course, 'dateUpdated', (extract(epoch FROM p.fix_time) * 1000)::bigint, 'ignition', p.ignition,
    'moving', p.moving, 'odometer', p.odometer)
FROM unnest($1::int[]) AS a(id)
CROSS JOIN LATERAL (SELECT * FROM positions WHERE asset_id = a.id ORDER BY fix_time DESC LIMIT 1) p`;

/**
 * Creates the account, assets, trackers, positions, trips and asset states of the fleet in an empty, migrated
 * database. Returns what the benchmark needs to ask for reports.
 */
export async function seedReportFleet(sql: SqlClient, options: SeedOptions): Promise<ReportFleet> {
  const { vehicles, days } = options;
  const accountName = "Reports Bench";
  const [account] = await sql.query<{ id: number }>(
    `INSERT INTO accounts (key, name, time_zone, updated_at) VALUES ('reports-bench', $1, $2, now()) RETURNING id`,
    [accountName, FLEET_TIME_ZONE],
  );
  const accountId = account!.id;
  const assets = await sql.query<{ id: number }>(
    `INSERT INTO assets (account_id, name, plate, updated_at)
     SELECT $1, 'Van ' || lpad(g::text, 3, '0'), 'B-FL ' || (1000 + g), now() FROM generate_series(1, $2::int) g
     RETURNING id`,
    [accountId, vehicles],
  );
  const assetIds = assets.map((a) => a.id).sort((a, b) => a - b);
  const trackers = await sql.query<{ id: number; asset_id: number }>(
    `INSERT INTO trackers (account_id, asset_id, imei, updated_at)
     SELECT $1, a.id, '3520940' || lpad(a.id::text, 8, '0'), now() FROM unnest($2::int[]) AS a(id)
     RETURNING id, asset_id`,
    [accountId, assetIds],
  );
  const trackerOf = new Map(trackers.map((t) => [t.asset_id, t.id]));

  for (let first = 0; first < vehicles; first += VEHICLES_PER_STATEMENT) {
    const ks = Array.from({ length: Math.min(VEHICLES_PER_STATEMENT, vehicles - first) }, (_, i) => first + i);
    const ids = ks.map((k) => assetIds[k]!);
    await sql.query(INSERT_POSITIONS, [ids, ids.map((id) => trackerOf.get(id)!), ks, FLEET_FROM, days, FIRST_ISO_WEEKDAY]);
    await sql.query(INSERT_TRIPS, [ids]);
    await sql.query(INSERT_STATES, [ids]);
    options.onProgress?.(first + ks.length);
  }
  await sql.query(`SELECT setval(pg_get_serial_sequence('trips', 'id'), (SELECT max(id) FROM trips))`, []);
  const [counts] = await sql.query<{ positions: string; trips: string }>(
    `SELECT (SELECT count(*) FROM positions) AS positions, (SELECT count(*) FROM trips) AS trips`,
    [],
  );
  return {
    accountId,
    accountName,
    assetIds,
    from: FLEET_FROM,
    to: new Date(FLEET_FROM.getTime() + days * 86_400_000),
    timeZone: FLEET_TIME_ZONE,
    vehicles,
    days,
    positions: Number(counts!.positions),
    trips: Number(counts!.trips),
  };
}
