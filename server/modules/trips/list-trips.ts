import { db } from "../../db/client";
import { AppError } from "../../errors";
import { decodeCursor, encodeCursor } from "../paging";
import type { TimeRangeQuery } from "../positions/positions.schema";
import type { TripDto } from "./trips.schema";

/** Trips of one asset overlapping the range (including one in progress), oldest first, a page at a time. */
export async function listTrips(input: {
  accountId: number;
  assetId: number;
  range: TimeRangeQuery;
}): Promise<{ data: TripDto[]; next_cursor: string | null }> {
  const { accountId, assetId, range } = input;
  const asset = await db().asset.findFirst({ where: { id: assetId, accountId }, select: { id: true } });
  if (!asset) throw new AppError("ASSET_NOT_FOUND", `asset ${assetId} not found`);
  // ordered by start time, which is also the cursor: an asset's trips never start at the same fix. (Ids do not
  // follow start times: each node reserves trip ids in blocks.)
  const after = range.cursor ? decodeCursor(range.cursor) : null;
  const rows = await db().trip.findMany({
    where: {
      assetId,
      startedAt: { lte: new Date(range.to), ...(after !== null && { gt: new Date(after) }) },
      OR: [{ endedAt: null }, { endedAt: { gte: new Date(range.from) } }],
    },
    orderBy: { startedAt: "asc" },
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
    next_cursor: rows.length > range.limit ? encodeCursor(page[page.length - 1]!.startedAt.getTime()) : null,
  };
}
