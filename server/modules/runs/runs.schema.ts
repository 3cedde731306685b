// Runs (one day's trip on a route, one per route and date) as the dashboard edits them. The date and times are read
// by the import's parsers ("2026-09-01" or "01/09/2026"; "7.15", "3:30 pm"); a time, vehicle or driver left empty
// is the route's own for that day, as in a runs import.
import { z } from "zod";
import { AppError } from "../../errors";
import { optionalText } from "../parse-input";
import { parseClockTime } from "../values/parse-clock-time";
import { parseImportDate } from "../values/parse-import-date";
import { optionalParsedText, parsedText } from "../values/parsed-field";
import type { RouteDriverDto, RouteVehicleDto } from "../routes/routes.schema";
import { clockText } from "../routes/routes.schema";
import { isoWeekday, parseLocalDate } from "../time/zoned-time";

export const RUN_STATUSES = ["scheduled", "cancelled"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** which runs of a route a list shows: from today on (soonest first) or before today (latest first) */
export const RUN_PERIODS = ["upcoming", "past"] as const;
export type RunPeriod = (typeof RUN_PERIODS)[number];

const ZId = z.number().int().positive();
const ZChoice = z.number({ error: "must be chosen from the list" }).int().positive().nullable();
const ZDate = parsedText((text) => parseImportDate(text, "date"));
const clock = (field: string) => optionalParsedText((text) => parseClockTime(text, field));
/** shown to passengers on the run's link */
const ZNotice = optionalText(z.string().max(500, "must be at most 500 characters"));

export const ZCreateRun = z.object({
  accountId: ZId,
  routeId: ZId,
  date: ZDate,
  startTime: clock("start time").optional(),
  endTime: clock("end time").optional(),
  assetId: ZChoice.optional(),
  driverId: ZChoice.optional(),
  notice: ZNotice.optional(),
});
export type CreateRunInput = z.input<typeof ZCreateRun>;

/** undefined fields stay as they are; null or "" clears one (back to the route's) */
export const ZUpdateRun = z.object({
  accountId: ZId,
  runId: ZId,
  date: ZDate.optional(),
  startTime: clock("start time").optional(),
  endTime: clock("end time").optional(),
  assetId: ZChoice.optional(),
  driverId: ZChoice.optional(),
  notice: ZNotice.optional(),
});
export type UpdateRunInput = z.input<typeof ZUpdateRun>;

export const ZRunRef = z.object({ accountId: ZId, runId: ZId });

export const ZListRuns = z.object({
  accountId: ZId,
  routeId: ZId,
  period: z.enum(RUN_PERIODS, { error: "must be upcoming or past" }).default("upcoming"),
  cursor: z.string().max(100).nullish(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type ListRunsInput = z.input<typeof ZListRuns>;

export function runNotFound(runId: number): AppError {
  return new AppError("RUN_NOT_FOUND", `run ${runId} not found`);
}

export function runDateTaken(routeNumber: string, date: string): AppError {
  const message = `route ${routeNumber} already has a run on ${date}; edit that run instead`;
  return new AppError("RUN_DATE_TAKEN", `Route ${routeNumber} already has a run on ${date}.`, [{ field: "date", message }]);
}

export interface RunDto {
  id: number;
  route_id: number;
  /** YYYY-MM-DD, the day in the account's time zone */
  date: string;
  /** ISO weekday of the date, 1 Monday .. 7 Sunday */
  weekday: number;
  /** true when the route does not normally run on that weekday (it has days set and this is not one) */
  off_day: boolean;
  /** this day's own times, vehicle and driver; null: the route's */
  start_time: string | null;
  end_time: string | null;
  vehicle: RouteVehicleDto | null;
  driver: RouteDriverDto | null;
  notice: string | null;
  status: RunStatus;
  created_at: string;
  updated_at: string;
}

export const runSelect = {
  id: true,
  routeId: true,
  date: true,
  startMinute: true,
  endMinute: true,
  notice: true,
  status: true,
  createdAt: true,
  updatedAt: true,
  asset: { select: { id: true, name: true, plate: true } },
  driver: { select: { id: true, name: true } },
  route: { select: { days: true } },
} as const;

interface RunRow {
  id: number;
  routeId: number;
  date: string;
  startMinute: number | null;
  endMinute: number | null;
  notice: string | null;
  status: RunStatus;
  createdAt: Date;
  updatedAt: Date;
  asset: RouteVehicleDto | null;
  driver: RouteDriverDto | null;
  route: { days: number[] };
}

export function toRunDto(row: RunRow): RunDto {
  const date = parseLocalDate(row.date);
  const weekday = date ? isoWeekday(date) : 0;
  return {
    id: row.id,
    route_id: row.routeId,
    date: row.date,
    weekday,
    off_day: row.route.days.length > 0 && !row.route.days.includes(weekday),
    start_time: clockText(row.startMinute),
    end_time: clockText(row.endMinute),
    vehicle: row.asset,
    driver: row.driver,
    notice: row.notice,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
