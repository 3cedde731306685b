// Stops report: the time an asset stood between trips (trips-report.ts), cut to the range: before its first trip
// (from the range's start, when the asset had reported by then), between consecutive trips, and after its last one
// (to the range's end or the newest fix, whichever is first; none while a trip is still open). Place and address are
// the stored fix at the stop's start (the trip's last fix; for the first stop, the newest fix before the range).
// ignition_on_s: the time inside the stop during which the ignition was on, each fix's state held until the next fix
// (summed in the database, so a stop's positions are never shipped).

import { db } from "../../../db/client";
import { addressOf, iso, round, type KeyedRow, type ReportAsset, type ReportContext, type RowSource } from "./report-context";
import type { RowKey } from "./report-cursor";

interface TripSpan {
  started_at: Date;
  ended_at: Date | null;
}

interface Place {
  fix_time: Date;
  latitude: number;
  longitude: number;
  street: string | null;
  town: string | null;
  country: string | null;
}

async function placeAt(assetId: number, at: Date): Promise<Place | null> {
  const rows = await db().$queryRaw<Place[]>`
    SELECT fix_time, latitude, longitude, street, town, country FROM positions
    WHERE asset_id = ${assetId} AND flag IS NULL AND fix_time <= ${at} ORDER BY fix_time DESC LIMIT 1`;
  return rows[0] ?? null;
}

async function ignitionOnSeconds(assetId: number, start: Date, end: Date): Promise<number> {
  const rows = await db().$queryRaw<{ s: number | null }[]>`
    SELECT sum(extract(epoch FROM (LEAST(x.next_time, ${end}::timestamptz) - GREATEST(x.fix_time, ${start}::timestamptz))))::float8 AS s
    FROM (
      SELECT fix_time, ignition, lead(fix_time) OVER (ORDER BY fix_time) AS next_time FROM positions
      WHERE asset_id = ${assetId} AND flag IS NULL AND fix_time < ${end}
        AND fix_time >= COALESCE((SELECT max(fix_time) FROM positions
                                  WHERE asset_id = ${assetId} AND flag IS NULL AND fix_time <= ${start}), ${start}::timestamptz)
    ) x
    WHERE x.ignition AND x.next_time IS NOT NULL AND x.next_time > ${start}::timestamptz`;
  return Math.max(0, Math.round(rows[0]?.s ?? 0));
}

export const stopsReport: RowSource = {
  async *rows(context: ReportContext, asset: ReportAsset, after: RowKey | null): AsyncIterable<KeyedRow> {
    const { from, to } = context.request;
    const now = Date.now();
    // the trip running at the range's start (if any) and every trip starting inside it
    const trips = await db().$queryRaw<TripSpan[]>`
      SELECT started_at, ended_at FROM trips
      WHERE asset_id = ${asset.id} AND started_at < ${to} AND (ended_at IS NULL OR ended_at > ${from})
      ORDER BY started_at`;
    const newest = await placeAt(asset.id, new Date(Math.min(to.getTime(), now)));
    const end = Math.min(to.getTime(), newest ? Math.max(newest.fix_time.getTime(), from.getTime()) : from.getTime());
    const stops: { start: number; end: number }[] = [];
    let cursor = from.getTime();
    let open = false;
    for (const trip of trips) {
      if (trip.started_at.getTime() > cursor) stops.push({ start: cursor, end: trip.started_at.getTime() });
      if (trip.ended_at === null) {
        open = true;
        break;
      }
      cursor = Math.max(cursor, trip.ended_at.getTime());
    }
    if (!open && end > cursor) stops.push({ start: cursor, end });
    for (const stop of stops) {
      if (after !== null && typeof after === "number" && stop.start <= after) continue;
      const place = await placeAt(asset.id, new Date(stop.start));
      // before the asset's first record there is no stop, only no data
      if (!place) continue;
      const ignition = await ignitionOnSeconds(asset.id, new Date(stop.start), new Date(stop.end));
      yield {
        key: stop.start,
        row: {
          asset_id: asset.id,
          asset_name: asset.name,
          arrival: iso(stop.start),
          departure: iso(stop.end),
          duration_s: Math.round((stop.end - stop.start) / 1000),
          address: addressOf(place),
          lat: round(place.latitude, 6),
          lng: round(place.longitude, 6),
          ignition_on_s: ignition,
        },
      };
    }
  },
};

