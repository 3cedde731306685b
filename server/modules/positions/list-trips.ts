import { db } from "../../db/client";
import { AppError } from "../../errors";
import { decodeCursor, encodeCursor } from "../cursor";
import type { TimeRangeQuery, TripDto } from "./positions.schema";

/** Trips of one asset overlapping the range (including one in progress), oldest first, a page at a time. */
export async function listTrips(input: {
  accountId: number;
  assetId: number;
  range: TimeRangeQuery;
}): Promise<{ data: TripDto[]; next_cursor: string | null }> {
  const { accountId, assetId, range } = input;
  const asset = await db().asset.findFirst({ where: { id: assetId, accountId }, select: { id: true } });
  if (!asset) throw new AppError("ASSET_NOT_FOUND", `asset ${assetId} not found`);
  const afterId = range.cursor ? decodeCursor(range.cursor) : 0;
  const rows = await db().trip.findMany({
    where: {
      assetId,
      id: { gt: afterId },
      startedAt: { lte: new Date(range.to) },
      OR: [{ endedAt: null }, { endedAt: { gte: new Date(range.from) } }],
    },
    orderBy: { id: "asc" }, // ids grow with start time: trips of one asset start one after another
    take: range.limit + 1,
  });
  const page = rows.slice(0, range.limit);
  return {
    data: page.map((trip) => ({
      id: trip.id,
      asset_id: trip.assetId,
      started_at: trip.startedAt.toISOString(),
      ended_at: trip.endedAt?.toISOString() ?? null,
      start: { latitude: trip.startLat, longitude: trip.startLng },
      end: trip.endLat !== null && trip.endLng !== null ? { latitude: trip.endLat, longitude: trip.endLng } : null,
      distance_m: Math.round(trip.distanceM),
      duration_s: Math.round(((trip.endedAt ?? new Date()).getTime() - trip.startedAt.getTime()) / 1000),
      max_speed_kmh: trip.maxSpeed,
      score: trip.score,
      harsh_events: trip.harshEvents,
      trail: trip.trail as TripDto["trail"],
    })),
    next_cursor: rows.length > range.limit ? encodeCursor(page[page.length - 1]!.id) : null,
  };
}
