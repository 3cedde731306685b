// Trips report: the trips the ingest pipeline closed (server/modules/trips/trip-detector.ts) that START inside the
// range, with what the positions at their two ends say. Read per asset in keyset batches, with the first and last
// stored fix of each trip found by index (no trip's positions are scanned, so a month of a fleet stays fast).
//   distance: the CAN odometer's difference between the trip's first and last fix when both carry it, it is not
//     negative and is plausible (fix-pair-rules.ts); else the tracker odometer's by the same tests; else the GPS
//     distance the trip detector summed over every fix with jumps left out ("gps"). An odometer that went backwards
//     inside the trip falls back to GPS (never a negative distance); one that stood still while GPS moved too.
//   driver: the iButton key (IO 78) at the trip's start, named by the asset's authorised drivers (the driver's name,
//     else the key's own name, else the key's last 4 digits); else the tachograph card (canDriver1Id); else the
//     driver card name (driverName).
//   fuel: the CAN fuel-used counter's difference, when plausible.
//   ongoing: the trip is still open; its end is the newest fix so far.
import { Prisma } from "../../../generated/prisma/client";
import { db } from "../../../db/client";
import type { NamedIoValue } from "../../../tracker/record";
import { PAIR_RULES, pairDistance, pairFuel } from "../rollups/fix-pair-rules";
import { namedIoOf, odometerKm, toReportFix, trackerProtocols, type PositionRowForReport } from "../rollups/report-fix";
import type { ReportRow } from "../report-model";
import { addressOf, iso, round, type KeyedRow, type ReportAsset, type ReportContext, type RowSource } from "./report-context";
import type { RowKey } from "./report-cursor";

const BATCH = 500;

interface TripRow {
  id: number;
  started_at: Date;
  ended_at: Date | null;
  start_lat: number;
  start_lng: number;
  end_lat: number | null;
  end_lng: number | null;
  distance_m: number;
  max_speed: number;
}

type End = PositionRowForReport & { street: string | null; town: string | null; country: string | null };

const END_COLUMNS = Prisma.sql`p.fix_time, p.latitude, p.longitude, p.speed, p.ignition, p.odometer, p.avl_io, p.io,
  p.tracker_id, p.street, p.town, p.country`;

function maskKey(keyId: string): string {
  return `${"•".repeat(Math.max(0, keyId.length - 4))}${keyId.slice(-4)}`;
}

async function driverNames(assetId: number): Promise<Map<string, string>> {
  const keys = await db().authorisedDriver.findMany({
    where: { assetId },
    select: { keyId: true, name: true, driver: { select: { name: true } } },
  });
  return new Map(keys.map((key) => [key.keyId.toUpperCase(), key.driver?.name ?? key.name ?? maskKey(key.keyId)]));
}

function driverOf(io: Record<string, NamedIoValue>, names: Map<string, string>): string | null {
  const key = io.iButton;
  if (typeof key === "string" && /[1-9a-f]/i.test(key)) return names.get(key.toUpperCase()) ?? maskKey(key.toUpperCase());
  if (typeof io.canDriver1Id === "string" && io.canDriver1Id !== "") return io.canDriver1Id;
  if (typeof io.driverName === "string" && io.driverName !== "") return io.driverName;
  return null;
}

export const tripsReport: RowSource = {
  async *rows(context: ReportContext, asset: ReportAsset, after: RowKey | null): AsyncIterable<KeyedRow> {
    const { from, to } = context.request;
    let cursor = typeof after === "number" ? new Date(after) : null;
    let names: Map<string, string> | null = null;
    for (;;) {
      const trips = await db().$queryRaw<TripRow[]>`
        SELECT id, started_at, ended_at, start_lat, start_lng, end_lat, end_lng, distance_m, max_speed FROM trips
        WHERE asset_id = ${asset.id} AND started_at >= ${from} AND started_at < ${to}
          ${cursor ? Prisma.sql`AND started_at > ${cursor}` : Prisma.empty}
        ORDER BY started_at LIMIT ${BATCH}`;
      if (trips.length === 0) return;
      const ends = await db().$queryRaw<(End & { trip_id: number; end: boolean })[]>`
        SELECT t.id AS trip_id, false AS "end", ${END_COLUMNS}
        FROM trips t JOIN LATERAL (
          SELECT * FROM positions p WHERE p.asset_id = t.asset_id AND p.flag IS NULL AND p.fix_time >= t.started_at
          ORDER BY p.fix_time LIMIT 1) p ON true
        WHERE t.id IN (${Prisma.join(trips.map((trip) => trip.id))})
        UNION ALL
        SELECT t.id, true, ${END_COLUMNS}
        FROM trips t JOIN LATERAL (
          SELECT * FROM positions p WHERE p.asset_id = t.asset_id AND p.flag IS NULL
            AND p.fix_time <= COALESCE(t.ended_at, 'infinity'::timestamptz)
          ORDER BY p.fix_time DESC LIMIT 1) p ON true
        WHERE t.id IN (${Prisma.join(trips.map((trip) => trip.id))})`;
      const protocols = await trackerProtocols(ends.map((end) => end.tracker_id));
      names ??= await driverNames(asset.id);
      for (const trip of trips) {
        const first = ends.find((end) => end.trip_id === trip.id && !end.end) ?? null;
        const last = ends.find((end) => end.trip_id === trip.id && end.end) ?? null;
        yield { key: trip.started_at.getTime(), row: tripRow(asset, trip, first, last, protocols, names) };
      }
      if (trips.length < BATCH) return;
      cursor = trips.at(-1)!.started_at;
    }
  },
};

function tripRow(
  asset: ReportAsset,
  trip: TripRow,
  first: End | null,
  last: End | null,
  protocols: Map<number, string>,
  names: Map<string, string>,
): ReportRow {
  const startIo = first ? namedIoOf(first, protocols) : {};
  const a = first ? toReportFix(first, startIo) : null;
  const b = last ? toReportFix(last, namedIoOf(last, protocols)) : null;
  const start = trip.started_at.getTime();
  const end = trip.ended_at?.getTime() ?? b?.time ?? start;
  let metres = trip.distance_m;
  let source: "can" | "tracker" | "gps" = "gps";
  if (a && b && b.time > a.time) {
    const step = pairDistance(a, b);
    const frozen = step.metres === 0 && trip.distance_m > PAIR_RULES.frozenOdometerM;
    if (step.source !== "gps" && !frozen) {
      metres = step.metres;
      source = step.source;
    }
  }
  const durationS = Math.max(0, Math.round((end - start) / 1000));
  const distanceKm = round(metres / 1000, 3);
  const fuel = a && b ? pairFuel(a, b) : null;
  return {
    asset_id: asset.id,
    asset_name: asset.name,
    start_time: iso(start),
    end_time: iso(end),
    duration_s: durationS,
    start_address: first ? addressOf(first) : null,
    end_address: last ? addressOf(last) : null,
    start_lat: trip.start_lat,
    start_lng: trip.start_lng,
    end_lat: trip.end_lat ?? last?.latitude ?? null,
    end_lng: trip.end_lng ?? last?.longitude ?? null,
    start_odometer_km: a ? nullableRound(odometerKm(a), 3) : null,
    end_odometer_km: b ? nullableRound(odometerKm(b), 3) : null,
    distance_km: distanceKm,
    distance_source: source,
    max_speed_kmh: trip.max_speed,
    avg_speed_kmh: durationS > 0 ? round(distanceKm / (durationS / 3600), 1) : 0,
    driver: driverOf(startIo, names),
    fuel_used_l: fuel === null ? null : round(fuel, 2),
    ongoing: trip.ended_at === null,
  };
}

function nullableRound(value: number | null, decimals: number): number | null {
  return value === null ? null : round(value, decimals);
}
