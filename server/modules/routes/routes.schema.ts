// School routes and their stops as the dashboard edits them: the use cases' inputs and the DTOs they answer with.
// Days, times, dates, coordinates, stop times and kinds go through the import's value parsers (modules/values), so
// a form accepts every form an import row does ("Mon-Fri", "7.15", "3:30 pm", "01/09/2026", "54,6872") and refuses
// with the same words. DTOs give the values back in one written form that reads back unchanged.
import { z } from "zod";
import { AppError } from "../../errors";
import { optionalText } from "../parse-input";
import { parseClockTime } from "../values/parse-clock-time";
import { parseCoordinate } from "../values/parse-coordinate";
import { parseDays } from "../values/parse-days";
import { parseImportDate } from "../values/parse-import-date";
import { parseStopKind, type StopKind } from "../values/parse-stop-kind";
import { parseStopTime } from "../values/parse-stop-time";
import { parseStopRadius } from "../values/parse-stop-radius";
import { optionalParsedText } from "../values/parsed-field";
import { formatClockMinutes } from "../time/zoned-time";
import { formatDays } from "./format-days";

export type { StopKind };
export const STOP_KINDS = ["both", "pick_up", "drop_off"] as const satisfies readonly StopKind[];

export const ROUTE_LIMITS = {
  /** stops added through the dashboard (an import is bounded by its row limit) */
  maxStops: 200,
} as const;

const ZId = z.number().int().positive();
/** a vehicle or driver chosen in a form: null for none */
const ZChoice = z.number({ error: "must be chosen from the list" }).int().positive().nullable();

const ZRouteNumber = z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters");
const ZRouteName = optionalText(z.string().max(120, "must be at most 120 characters"));
/** "" or null: no days set */
const ZDays = optionalParsedText((text) => parseDays(text)).transform((days) => days ?? []);
const clock = (field: string) => optionalParsedText((text) => parseClockTime(text, field));
const ZEffectiveFrom = optionalParsedText((text) => parseImportDate(text, "effective from"));

const routeFields = {
  name: ZRouteName,
  assetId: ZChoice,
  driverId: ZChoice,
  days: ZDays,
  startTime: clock("start time"),
  endTime: clock("end time"),
  effectiveFrom: ZEffectiveFrom,
};

export const ZCreateRoute = z.object({
  accountId: ZId,
  routeNumber: ZRouteNumber,
  name: routeFields.name.optional(),
  assetId: routeFields.assetId.optional(),
  driverId: routeFields.driverId.optional(),
  days: routeFields.days.optional(),
  startTime: routeFields.startTime.optional(),
  endTime: routeFields.endTime.optional(),
  effectiveFrom: routeFields.effectiveFrom.optional(),
});
export type CreateRouteInput = z.input<typeof ZCreateRoute>;

/** undefined fields stay as they are; null or "" clears one */
export const ZUpdateRoute = z.object({
  accountId: ZId,
  routeId: ZId,
  routeNumber: ZRouteNumber.optional(),
  name: routeFields.name.optional(),
  assetId: routeFields.assetId.optional(),
  driverId: routeFields.driverId.optional(),
  days: routeFields.days.optional(),
  startTime: routeFields.startTime.optional(),
  endTime: routeFields.endTime.optional(),
  effectiveFrom: routeFields.effectiveFrom.optional(),
});
export type UpdateRouteInput = z.input<typeof ZUpdateRoute>;

export const ZRouteRef = z.object({ accountId: ZId, routeId: ZId });

export const ZListRoutes = z.object({
  accountId: ZId,
  cursor: z.string().nullish(),
  limit: z.number().int().min(1).max(500).default(100),
});
export type ListRoutesInput = z.input<typeof ZListRoutes>;

/** a coordinate as typed (text, decimal comma allowed) or a number; "" or null: none */
const coordinate = (axis: "lat" | "lng") =>
  z
    .union([z.string().max(40, "must be at most 40 characters"), z.number()], { error: "must be a number" })
    .nullable()
    .transform((value, ctx) => {
      const result = parseCoordinate(value, axis);
      if (result.ok) return result.value;
      ctx.addIssue({ code: "custom", message: result.reason });
      return z.NEVER;
    });

/** "07:25" / "7.25 am" (a clock time) or "15" (minutes after the route's start); "" or null: no time */
const ZStopTime = optionalParsedText((text) => parseStopTime(text));
/** pick-up, drop-off or both; "" or null: both (as an import reads it) */
const ZStopKind = z
  .string()
  .max(20, "must be pick-up, drop-off or both")
  .nullable()
  .transform((value, ctx) => {
    const result = parseStopKind(value);
    if (result.ok) return result.value;
    ctx.addIssue({ code: "custom", message: result.reason });
    return z.NEVER;
  });

/** whole metres (text or a number); "" or null: the default radius */
const ZStopRadius = z
  .union([z.string().max(20, "must be whole metres"), z.number()], { error: "must be whole metres" })
  .nullable()
  .transform((value, ctx) => {
    const result = parseStopRadius(value);
    if (result.ok) return result.value;
    ctx.addIssue({ code: "custom", message: result.reason });
    return z.NEVER;
  });

const stopFields = {
  name: z.string().trim().min(1, "must not be empty: passengers are matched to stops by name").max(120, "must be at most 120 characters"),
  address: optionalText(z.string().max(200, "must be at most 200 characters")),
  latitude: coordinate("lat"),
  longitude: coordinate("lng"),
  time: ZStopTime,
  kind: ZStopKind,
  radiusM: ZStopRadius,
};

export const ZAddRouteStop = z.object({
  accountId: ZId,
  routeId: ZId,
  name: stopFields.name,
  address: stopFields.address.optional(),
  latitude: stopFields.latitude.optional(),
  longitude: stopFields.longitude.optional(),
  time: stopFields.time.optional(),
  kind: stopFields.kind.optional(),
  radiusM: stopFields.radiusM.optional(),
  /** 1-based place along the route; default: after the last stop */
  position: z.number().int("must be a whole number").min(1, "must be at least 1").optional(),
});
export type AddRouteStopInput = z.input<typeof ZAddRouteStop>;

/** undefined fields stay as they are */
export const ZUpdateRouteStop = z.object({
  accountId: ZId,
  stopId: ZId,
  name: stopFields.name.optional(),
  address: stopFields.address.optional(),
  latitude: stopFields.latitude.optional(),
  longitude: stopFields.longitude.optional(),
  time: stopFields.time.optional(),
  kind: stopFields.kind.optional(),
  radiusM: stopFields.radiusM.optional(),
});
export type UpdateRouteStopInput = z.input<typeof ZUpdateRouteStop>;

export const ZStopRef = z.object({ accountId: ZId, stopId: ZId });

export const ZReorderRouteStops = z.object({
  accountId: ZId,
  routeId: ZId,
  /** every stop of the route once, in the new order */
  stopIds: z.array(ZId).max(1_000),
});
export type ReorderRouteStopsInput = z.input<typeof ZReorderRouteStops>;

export function routeNotFound(routeId: number): AppError {
  return new AppError("ROUTE_NOT_FOUND", `route ${routeId} not found`);
}

export function stopNotFound(stopId: number): AppError {
  return new AppError("STOP_NOT_FOUND", `stop ${stopId} not found`);
}

export function routeNumberTaken(routeNumber: string): AppError {
  const message = `route ${routeNumber} already exists in this account; route numbers are unique`;
  return new AppError("ROUTE_NUMBER_TAKEN", `Route ${routeNumber} already exists in this account.`, [{ field: "routeNumber", message }]);
}

export interface RouteVehicleDto {
  id: number;
  name: string;
  plate: string | null;
}

export interface RouteDriverDto {
  id: number;
  name: string;
}

export interface RouteDto {
  id: number;
  route_number: string;
  name: string | null;
  vehicle: RouteVehicleDto | null;
  driver: RouteDriverDto | null;
  /** ISO weekdays, 1 Monday .. 7 Sunday */
  days: number[];
  /** "Mon–Fri", "Mon, Wed, Fri", "Daily"; "" when no days are set */
  days_text: string;
  /** "HH:MM" in the account's time zone */
  start_time: string | null;
  end_time: string | null;
  /** YYYY-MM-DD */
  effective_from: string | null;
  stop_count: number;
  passenger_count: number;
  run_count: number;
  /** tracking links that follow the route (deleted with it) */
  link_count: number;
  created_at: string;
  updated_at: string;
}

export interface RouteStopDto {
  id: number;
  /** 1-based order along the route */
  sequence: number;
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  /** "07:25" (a clock time) or "15" (minutes after the route's start), as a form takes it back; null: none */
  time: string | null;
  time_kind: "clock" | "offset" | null;
  kind: StopKind;
  /** the arrival radius in metres the stop sets, or null: the default (75 m; docs/run-progress.md) */
  radius_m: number | null;
  /** passengers picked up or dropped off here (deleting the stop clears their stop) */
  passenger_count: number;
}

export interface RouteDetailDto extends RouteDto {
  stops: RouteStopDto[];
}

export const routeSelect = {
  id: true,
  routeNumber: true,
  name: true,
  days: true,
  startMinute: true,
  endMinute: true,
  effectiveFrom: true,
  createdAt: true,
  updatedAt: true,
  asset: { select: { id: true, name: true, plate: true } },
  driver: { select: { id: true, name: true } },
  _count: { select: { stops: true, passengers: true, runs: true, trackingLinks: true } },
} as const;

interface RouteRow {
  id: number;
  routeNumber: string;
  name: string | null;
  days: number[];
  startMinute: number | null;
  endMinute: number | null;
  effectiveFrom: string | null;
  createdAt: Date;
  updatedAt: Date;
  asset: RouteVehicleDto | null;
  driver: RouteDriverDto | null;
  _count: { stops: number; passengers: number; runs: number; trackingLinks: number };
}

export const clockText = (minutes: number | null) => (minutes === null ? null : formatClockMinutes(minutes));

export function toRouteDto(row: RouteRow): RouteDto {
  return {
    id: row.id,
    route_number: row.routeNumber,
    name: row.name,
    vehicle: row.asset,
    driver: row.driver,
    days: row.days,
    days_text: formatDays(row.days),
    start_time: clockText(row.startMinute),
    end_time: clockText(row.endMinute),
    effective_from: row.effectiveFrom,
    stop_count: row._count.stops,
    passenger_count: row._count.passengers,
    run_count: row._count.runs,
    link_count: row._count.trackingLinks,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const stopSelect = {
  id: true,
  sequence: true,
  name: true,
  address: true,
  latitude: true,
  longitude: true,
  clockMinute: true,
  offsetMinutes: true,
  kind: true,
  radiusM: true,
} as const;

interface StopRow {
  id: number;
  sequence: number;
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  clockMinute: number | null;
  offsetMinutes: number | null;
  kind: StopKind;
  radiusM: number | null;
}

export function toRouteStopDto(row: StopRow, passengerCount: number): RouteStopDto {
  const time = row.clockMinute !== null ? formatClockMinutes(row.clockMinute) : row.offsetMinutes !== null ? String(row.offsetMinutes) : null;
  return {
    id: row.id,
    sequence: row.sequence,
    name: row.name,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    time,
    time_kind: row.clockMinute !== null ? "clock" : row.offsetMinutes !== null ? "offset" : null,
    kind: row.kind,
    radius_m: row.radiusM,
    passenger_count: passengerCount,
  };
}

// ---- the public-tracking API: a route's occurrences (GET /routes/{id}/occurrences; the spec shows no shape, this one
// is ours, docs/passengers.md) and the day's run a route-based link's viewers see ---------------------------------

const ZLocalDate = z.string().meta({ description: "YYYY-MM-DD, a day in the account's time zone" });
const ZClock = z.string().nullable().meta({ description: "HH:MM in the account's time zone; null when neither run nor route has one" });

export const OCCURRENCE_LIMITS = {
  /** days listed when `to` is not given: two school weeks from `from` */
  defaultDays: 14,
  /** longest range, in days (a school term's quarter) */
  maxDays: 92,
} as const;

const ZInstant = z.string().nullable().meta({ description: "ISO 8601 with the account's time zone offset; null: not (yet)" });

/** how a followed day went, stop by stop (docs/run-progress.md); the spec shows no shape, this one is ours */
export const ZRunProgress = z
  .object({
    status: z.enum(["scheduled", "in_progress", "finished", "cancelled"]),
    started_at: ZInstant,
    finished_at: ZInstant.meta({ description: "when it finished or was cancelled" }),
    stops: z.array(
      z.object({
        id: z.number().int(),
        sequence: z.number().int(),
        name: z.string(),
        planned_time: ZClock.meta({ description: "HH:MM: the stop's clock time, or the run's start plus its minutes; null: none" }),
        status: z.enum(["pending", "arrived", "departed", "skipped"]),
        arrived_at: ZInstant,
        departed_at: ZInstant,
        skipped_at: ZInstant,
        eta: ZInstant.meta({
          description:
            "the estimated arrival (docs/run-progress.md, ETA), as last stored with the run's state (at most a minute old); null when the stop is done, has no position, or the run is not in progress",
        }),
        eta_uncertainty_s: z.number().int().nullable().meta({ description: "how far either side of eta the arrival may fall, in seconds; null with eta" }),
      }),
    ),
  })
  .meta({ id: "RunProgress" });
export type RunProgressDto = z.infer<typeof ZRunProgress>;

export const ZOccurrence = z
  .object({
    date: ZLocalDate,
    run_id: z.number().int().nullable().meta({ description: "the imported run of that day; null for a day the weekly schedule implies" }),
    status: z.enum(["scheduled", "cancelled"]),
    start_time: ZClock,
    end_time: ZClock,
    vehicle: z.object({ id: z.number().int(), name: z.string(), plate: z.string().nullable() }).nullable(),
    driver: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    notice: z.string().nullable().meta({ description: "the run's notice, shown to passengers on the route's links" }),
    source: z.enum(["run", "schedule"]).meta({ description: "run: an imported run; schedule: implied by the route's days and effective_from" }),
    progress: ZRunProgress.nullable().meta({ description: "the day as it was driven, once its vehicle reported in the run's window; null before" }),
  })
  .meta({ id: "RouteOccurrence" });
export type Occurrence = z.infer<typeof ZOccurrence>;

export const ZOccurrenceList = z
  .object({
    data: z.array(ZOccurrence).meta({ description: "one entry per day the route runs, by date" }),
    next_cursor: z.null().meta({ description: "always null: a range of at most 92 days is answered whole" }),
    from: ZLocalDate,
    to: ZLocalDate,
    time_zone: z.string().meta({ description: "the account's IANA time zone, in which dates and times are given" }),
  })
  .meta({ id: "RouteOccurrences" });
export type OccurrenceList = z.infer<typeof ZOccurrenceList>;

/** one imported run in full (GET /runs/{id}): its day as the occurrences list it, the route, and always a progress */
export const ZRunInFull = z
  .object({
    id: z.number().int(),
    route: z.object({ id: z.number().int(), route_number: z.string(), name: z.string().nullable() }),
    date: ZLocalDate,
    status: z.enum(["scheduled", "cancelled"]).meta({ description: "the plan; how it was driven is progress.status" }),
    start_time: ZClock,
    end_time: ZClock,
    vehicle: z.object({ id: z.number().int(), name: z.string(), plate: z.string().nullable() }).nullable(),
    driver: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    notice: z.string().nullable(),
    progress: ZRunProgress.meta({
      description: "the run as driven; before its vehicle reported in its window: scheduled (cancelled for a cancelled run), every stop pending",
    }),
    time_zone: z.string().meta({ description: "the account's IANA time zone, in which the date and times are given" }),
  })
  .meta({ id: "RunInFull" });
export type RunInFull = z.infer<typeof ZRunInFull>;

export const ZOccurrenceQuery = z.object({
  from: z.string().optional().meta({ description: "first day, YYYY-MM-DD; default today in the account's time zone" }),
  to: z.string().optional().meta({ description: "last day, YYYY-MM-DD; default 13 days after `from`; at most 92 days in all" }),
});

/** what a route-based link's viewer sees of the day's run (GET /api/public/tracking/{uuid}/run) */
export const ZPublicRun = z
  .object({
    date: ZLocalDate,
    status: z.enum(["scheduled", "cancelled"]),
    start_time: ZClock,
    end_time: ZClock,
    notice: z.string().nullable(),
  })
  .meta({ id: "PublicRun" });
export type PublicRun = z.infer<typeof ZPublicRun>;
