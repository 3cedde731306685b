// What the pipeline carries from one packet of an asset to the next (ordering cursor, odometer, dateMoved, the open
// trip), kept in memory and loaded from asset_states and trips the first time an asset reports after a start.
// Loads are batched: a reconnecting fleet costs one query per few hundred assets.
import type { SqlClient } from "../../db/client";
import { BatchLoader } from "../batch-loader";
import type { AssetCarry } from "./enrich";
import type { OpenTrip } from "../../modules/trips/trip-detector";

export interface AssetRuntime {
  cursor: AssetCarry;
  /** savedAt: when the open trip was last written (it is written back at most once a minute while it runs) */
  trip: (OpenTrip & { savedAt: number }) | null;
}

interface RuntimeRow {
  asset_id: number;
  fix_ms: number | null;
  moved_ms: number | null;
  odometer: number | null;
  latitude: number | null;
  longitude: number | null;
  speed: number | null;
  trip_id: number | null;
  started_ms: number | null;
  start_lat: number | null;
  start_lng: number | null;
  distance_m: number | null;
  max_speed: number | null;
  score: number | null;
  harsh_events: number | null;
  trail: OpenTrip["trail"] | null;
}

const epochMs = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

const LOAD_RUNTIMES = `
SELECT a.id AS asset_id, ${epochMs("s.fix_time")} AS fix_ms, ${epochMs("s.date_moved")} AS moved_ms, s.odometer,
       (s.payload->>'latitude')::float8 AS latitude, (s.payload->>'longitude')::float8 AS longitude,
       (s.payload->>'speed')::float8 AS speed,
       t.id AS trip_id, ${epochMs("t.started_at")} AS started_ms, t.start_lat, t.start_lng, t.distance_m, t.max_speed,
       t.score, t.harsh_events, t.trail
FROM unnest($1::int[]) AS a(id)
LEFT JOIN asset_states s ON s.asset_id = a.id
LEFT JOIN trips t ON t.id = s.open_trip_id AND t.ended_at IS NULL`;

export function createAssetRuntimeLoader(sql: SqlClient, now: () => number): BatchLoader<number, AssetRuntime | null> {
  return new BatchLoader(async (assetIds: number[]) => {
    const rows = await sql.query<RuntimeRow>(LOAD_RUNTIMES, [assetIds]);
    return new Map(rows.map((row) => [Number(row.asset_id), toRuntime(row, now())]));
  }, null);
}

function toRuntime(row: RuntimeRow, now: number): AssetRuntime {
  const fixMs = row.fix_ms === null ? null : Math.round(Number(row.fix_ms));
  let trip: AssetRuntime["trip"] = null;
  if (row.trip_id !== null && row.started_ms !== null) {
    trip = {
      id: Number(row.trip_id),
      startedAt: Math.round(Number(row.started_ms)),
      distanceM: Number(row.distance_m ?? 0),
      durationS: 0,
      maxSpeed: Number(row.max_speed ?? 0),
      score: Number(row.score ?? 100),
      harshEvents: Number(row.harsh_events ?? 0),
      trail: row.trail ?? [],
      endLat: row.latitude ?? Number(row.start_lat),
      endLng: row.longitude ?? Number(row.start_lng),
      lastTime: fixMs ?? Math.round(Number(row.started_ms)),
      lastSpeed: row.speed ?? 0,
      stoppedSince: null,
      overspeedMs: 0,
      savedAt: now,
    };
  }
  return {
    cursor: {
      lastFixTime: fixMs ?? 0,
      dateMoved: row.moved_ms === null ? null : Math.round(Number(row.moved_ms)),
      odometer: row.odometer === null ? null : Number(row.odometer),
      lastLatitude: row.latitude,
      lastLongitude: row.longitude,
    },
    trip,
  };
}
