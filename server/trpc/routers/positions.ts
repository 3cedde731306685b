// Positions for the dashboard: the live stream of the account's vehicles (SSE subscription), history and trips of one
// asset for playback, and the latest IO/CAN readings with units. Rules (account scoping, ranges) are the use cases'
// and the shapes live in positions.schema.ts; the live stream's rule is here because it is a projection of hub
// events: only the caller's account, only the fields the map shows.
import { z } from "zod";
import { AppError } from "../../errors";
import { hubEvents } from "../hub-iterator";
import { visibleAssetIds } from "../../modules/asset-scope/asset-scope";
import { groupTagWhere } from "../../modules/asset-scope/group-asset-filter";
import type { LivePosition } from "../../modules/positions/live-position";
import { listPositionHistory } from "../../modules/positions/list-position-history";
import { listTrips } from "../../modules/trips/list-trips";
import { getLatestReadings } from "../../modules/positions/get-latest-readings";
import { ZTimeRangeQuery, type MapPosition, type TrackPoint } from "../../modules/positions/positions.schema";
import type { TripDto } from "../../modules/trips/trips.schema";
import { createTrpcRouter, requirePermission } from "../trpc";

export function toMapPosition(p: LivePosition): MapPosition {
  return {
    assetId: p.assetId,
    latitude: p.latitude,
    longitude: p.longitude,
    speed: p.speed,
    course: p.course,
    ignition: p.ignition,
    dateUpdated: p.dateUpdated,
    wsSeq: p.wsSeq,
    status: { name: p.status.name, label: p.status.label, color: p.status.color },
    address: p.geoPoint ? { street: p.geoPoint.street, town: p.geoPoint.town, country: p.geoPoint.country } : null,
  };
}

/**
 * Positions events of one account, as an async iterable that ends (and unsubscribes) when `signal` aborts. `assetIds`
 * (null: all) keeps only those assets: a group-limited member's, or the live map's group / tag filter.
 */
export function accountPositions(accountId: number, signal: AbortSignal | undefined, assetIds: ReadonlySet<number> | null = null): AsyncGenerator<MapPosition> {
  // the newest fixes matter: when a stalled client's queue is full, older ones are superseded
  const wanted = (p: LivePosition) => p.accountId === accountId && (assetIds === null || assetIds.has(p.assetId));
  return hubEvents({ event: "position", map: (p) => (wanted(p) ? toMapPosition(p) : null), maxQueued: MAX_QUEUED, signal });
}

/** the live map's filters: the assets of a group (with its subgroups) and/or of a tag, as assets.list takes them */
const ZLiveFilters = z.object({ groupId: z.number().int().positive().optional(), tagId: z.number().int().positive().optional() });

const MAX_QUEUED = 1000;

/** Playback reads the whole range at once, page after page, up to this many fixes (a day every 3 s is 28,800). */
export const MAX_TRACK_POINTS = 30_000;
const MAX_TRIPS = 500;

const ZAssetId = z.number().int().positive();
/** the live map's filter: only the vehicles of a group (with its subgroups) and/or with a tag */
const ZRange = z.object({ assetId: ZAssetId, from: z.string().max(40).optional(), to: z.string().max(40).optional() });

function parseRange(input: { from?: string; to?: string }, limit: number) {
  const parsed = ZTimeRangeQuery.safeParse({ from: input.from, to: input.to, limit });
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({ field: issue.path.map(String).join(".") || "range", message: issue.message }));
    throw new AppError("VALIDATION_FAILED", errors.map((e) => `${e.field}: ${e.message}`).join("; "), errors);
  }
  return parsed.data;
}

export const positionsRouter = createTrpcRouter({
  /** the account's positions as they arrive; re-fetch the asset list after (re)connecting, the stream has no replay */
  // Only the assets the member sees (docs/fleet-records.md "Groups as scopes"), narrowed by groupId / tagId; the set is
  // taken when the subscription starts (the map re-subscribes when its filter changes and after every reconnect).
  live: requirePermission("assets.read")
    .input(ZLiveFilters)
    .subscription(async function* ({ ctx, input, signal }) {
      const filters = await groupTagWhere(ctx.account.id, { groupId: input.groupId, tagId: input.tagId });
      yield* accountPositions(ctx.account.id, signal, await visibleAssetIds(ctx.scope, filters));
    }),

  /** fixes of one asset in the range (default: the last 24 hours), oldest first */
  history: requirePermission("assets.read")
    .input(ZRange)
    .query(async ({ ctx, input }) => {
      const range = parseRange(input, 1000);
      const points: TrackPoint[] = [];
      let cursor: string | undefined;
      do {
        const page = await listPositionHistory({ accountId: ctx.account.id, assetId: input.assetId, range: { ...range, cursor } });
        for (const p of page.data) {
          points.push({ t: p.dateUpdated, lat: p.latitude, lng: p.longitude, speed: p.speed, course: p.course, ignition: p.ignition });
        }
        cursor = page.next_cursor ?? undefined;
      } while (cursor && points.length < MAX_TRACK_POINTS);
      return { from: range.from, to: range.to, points: points.slice(0, MAX_TRACK_POINTS), truncated: cursor !== undefined };
    }),

  /** trips overlapping the range, oldest first, with their thinned trails */
  trips: requirePermission("assets.read")
    .input(ZRange)
    .query(async ({ ctx, input }) => {
      const range = parseRange(input, 500);
      const trips: TripDto[] = [];
      let cursor: string | undefined;
      do {
        const page = await listTrips({ accountId: ctx.account.id, assetId: input.assetId, range: { ...range, cursor } });
        trips.push(...page.data);
        cursor = page.next_cursor ?? undefined;
      } while (cursor && trips.length < MAX_TRIPS);
      return trips;
    }),

  readings: requirePermission("assets.read")
    .input(z.object({ assetId: ZAssetId }))
    .query(({ ctx, input }) => getLatestReadings({ accountId: ctx.account.id, assetId: input.assetId })),
});
