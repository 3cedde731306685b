// History inputs and DTOs and the time range every position list takes (REST, dashboard). History items carry the
// spec's ten live fields under their live names (camelCase) plus altitude, satellites, address and the named IO
// data. Trips, REST resources in snake_case like the other resources, are in modules/trips/trips.schema.ts.
import { z } from "zod";
import type { NamedIoValue } from "../../tracker/record";
import type { StatusName } from "./vehicle-status";

export const MAX_HISTORY_RANGE_DAYS = 31;

const ZIsoTime = z.iso.datetime({ offset: true, message: "must be an ISO 8601 time with a zone, e.g. 2026-11-22T08:00:00Z" });

export const ZTimeRangeQuery = z
  .object({
    from: ZIsoTime.optional().meta({ description: "Start (inclusive); default: 24 hours before `to`." }),
    to: ZIsoTime.optional().meta({ description: "End (inclusive); default: now." }),
    cursor: z.string().optional().meta({ description: "`next_cursor` of the previous page." }),
    limit: z.coerce.number().int().min(1).max(1000).optional().meta({ description: "Page size, 1 to 1000 (default 500)." }),
  })
  .transform((q, ctx) => {
    const to = q.to ? Date.parse(q.to) : Date.now();
    const from = q.from ? Date.parse(q.from) : to - 24 * 60 * 60_000;
    if (from > to) ctx.addIssue({ code: "custom", path: ["from"], message: "must not be after `to`" });
    if (to - from > MAX_HISTORY_RANGE_DAYS * 24 * 60 * 60_000) {
      ctx.addIssue({ code: "custom", path: ["to"], message: `the range may span at most ${MAX_HISTORY_RANGE_DAYS} days` });
    }
    return { from, to, cursor: q.cursor, limit: q.limit ?? 500 };
  });

export type TimeRangeQuery = z.output<typeof ZTimeRangeQuery>;

const ZIoValue = z.union([z.number(), z.string(), z.boolean()]);

export const ZHistoryItem = z
  .object({
    assetId: z.number().int(),
    trackerImei: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    speed: z.number().meta({ description: "km/h" }),
    course: z.number().meta({ description: "degrees from north" }),
    dateUpdated: z.number().int().meta({ description: "fix time, epoch ms" }),
    dateMoved: z.number().int().meta({ description: "fix time of the newest moving record up to this one, epoch ms" }),
    wsSeq: z
      .number()
      .int()
      .nullable()
      .meta({ description: "live sequence; null for buffered records that arrived after newer ones (never live)" }),
    status: z.object({ name: z.enum(["Moving", "Parked"]), color: z.string() }),
    altitude: z.number().int().meta({ description: "metres" }),
    satellites: z.number().int(),
    ignition: z.boolean().nullable(),
    odometer: z.number().nullable().meta({ description: "metres" }),
    address: z.object({ street: z.string().nullable(), town: z.string().nullable(), country: z.string().nullable() }),
    io: z.record(z.string(), ZIoValue).meta({ description: "named IO values (CAN data with the can prefix)" }),
  })
  .meta({ id: "HistoryPosition" });

export type HistoryItem = z.output<typeof ZHistoryItem>;

export const ZHistoryPage = z
  .object({ data: z.array(ZHistoryItem), next_cursor: z.string().nullable() })
  .meta({ id: "HistoryPage" });

// Dashboard shapes (tRPC): client components import them from here, never from a router file.

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

/** One history fix as playback needs it. */
export interface TrackPoint {
  t: number; // fix time, epoch ms
  lat: number;
  lng: number;
  speed: number; // km/h
  course: number;
  ignition: boolean | null;
}

/** One IO or CAN value of the newest position, with its unit. */
export interface Reading {
  name: string;
  value: NamedIoValue;
  unit: string | null;
  /** the protocol's group of the value (Teltonika: permanent, eventual, obd, can, tachograph, ble) */
  group: string | null;
  /** false for CAN values reset to zero at ignition off (not a measurement) */
  measured: boolean;
  /** the protocol's own id of the element (Teltonika "AVL 66"), for installers; null when it has none */
  protocolId: string | null;
  /** the top of a level's scale (GSM signal 0..5 or 0..4); null for values that are not levels */
  levelMax: number | null;
}

export interface LatestReadings {
  dateUpdated: number | null;
  readings: Reading[];
}
