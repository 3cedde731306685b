// Positions for the dashboard: the live stream of the account's vehicles (SSE subscription), history and trips of one
// asset for playback, and the latest IO/CAN readings with units. Rules (account scoping, ranges) are the use cases';
// the live stream's rule is here because it is a projection of hub events: only the caller's account, only the
// fields the map shows.
import { z } from "zod";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { hubEvents } from "../hub-events";
import type { LivePosition } from "../../modules/positions/live-position";
import { listPositionHistory } from "../../modules/positions/list-position-history";
import { listTrips } from "../../modules/positions/list-trips";
import { ZTimeRangeQuery, type TripDto } from "../../modules/positions/positions.schema";
import type { StatusName } from "../../modules/positions/vehicle-status";
import { IO_ELEMENTS, type IoGroup } from "../../tracker/protocols/teltonika/io-elements";
import type { NamedIoValue } from "../../tracker/protocols/teltonika/io-values";
import { createTrpcRouter, requirePermission } from "../trpc";

/** What the live map needs of a position; nothing else of the detailed payload leaves the server on this stream. */
export interface MapPosition {
  assetId: number;
  latitude: number;
  longitude: number;
  speed: number; // km/h
  course: number; // degrees from north
  ignition: boolean | null;
  dateUpdated: number; // fix time, epoch ms
  wsSeq: number;
  status: { name: StatusName; label: string; color: string };
  address: { street: string | null; town: string | null; country: string | null } | null;
}

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

/** Positions events of one account, as an async iterable that ends (and unsubscribes) when `signal` aborts. */
export function accountPositions(accountId: number, signal: AbortSignal | undefined): AsyncGenerator<MapPosition> {
  // the newest fixes matter: when a stalled client's queue is full, older ones are superseded
  return hubEvents({ event: "position", map: (p) => (p.accountId === accountId ? toMapPosition(p) : null), maxQueued: MAX_QUEUED, signal });
}

const MAX_QUEUED = 1000;

/** One history fix as playback needs it. */
export interface TrackPoint {
  t: number; // fix time, epoch ms
  lat: number;
  lng: number;
  speed: number; // km/h
  course: number;
  ignition: boolean | null;
}

/** Playback reads the whole range at once, page after page, up to this many fixes (a day every 3 s is 28,800). */
export const MAX_TRACK_POINTS = 30_000;
const MAX_TRIPS = 500;

export interface Reading {
  name: string;
  value: NamedIoValue;
  unit: string | null;
  group: IoGroup | null;
  /** false for CAN values reset to zero at ignition off (not a measurement) */
  measured: boolean;
}

/** published IO name -> unit and group, from the Teltonika AVL table */
const IO_BY_NAME: ReadonlyMap<string, { unit: string | null; group: IoGroup }> = new Map(
  [...IO_ELEMENTS.values()].map((def) => [def.name, { unit: def.unit ?? null, group: def.group }]),
);

/** the newest position's IO and CAN values with units (the asset's AssetState payload) */
async function latestReadings(accountId: number, assetId: number) {
  const asset = await db().asset.findFirst({
    where: { id: assetId, accountId },
    select: { id: true, state: { select: { payload: true } } },
  });
  if (!asset) throw new AppError("ASSET_NOT_FOUND", `asset ${assetId} not found`);
  const payload = asset.state?.payload as LivePosition | undefined;
  if (!payload) return { dateUpdated: null, readings: [] as Reading[] };
  const notMeasured = new Set(payload.notMeasured ?? []);
  const readings: Reading[] = Object.entries({ ...payload.ioData, ...payload.sensors })
    .map(([name, value]) => {
      const def = IO_BY_NAME.get(name);
      return { name, value, unit: def?.unit ?? null, group: def?.group ?? null, measured: !notMeasured.has(name) };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return { dateUpdated: payload.dateUpdated, readings };
}

const ZAssetId = z.number().int().positive();
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
  live: requirePermission("assets.read").subscription(({ ctx, signal }) => accountPositions(ctx.account.id, signal)),

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
    .query(({ ctx, input }) => latestReadings(ctx.account.id, input.assetId)),
});
