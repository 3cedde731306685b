// The runs of an account a node follows now: every route's days from yesterday to today in the account's time zone
// (a day with an imported run is that run; a day the weekly schedule implies counts too, as the occurrences endpoint
// lists it), each with its plan for the state machine and the vehicle driving it: the run's own vehicle, else the
// route's (a run's vehicle is "for this day only", and changing it mid-run moves the run to the new vehicle).
import type { SqlClient } from "../../db/client";
import { routeDays, type CalendarRun } from "../routes/route-calendar";
import { addDays, formatLocalDate, zonedInstant, zonedParts, type LocalDate } from "../time/zoned-time";
import { RUN_PROGRESS_RULES, type RunPlan } from "./run-progress";

export const RUN_WINDOWS = {
  /** a run starts when its vehicle moves from this long before its start time on (ms) */
  startWindowMs: 30 * 60_000,
  /** an in-progress run is finished this long after its end time (ms): school runs are often late */
  endGraceMs: 30 * 60_000,
} as const;

export interface FollowedStop {
  id: number;
  sequence: number;
  name: string;
  /** its position, or null: not located (the ETA model takes the stops as they are: run-eta.ts) */
  latitude: number | null;
  longitude: number | null;
  /** the stop's planned time that day (epoch ms), or null: it has none */
  plannedAt: number | null;
}

export interface FollowedRun {
  /** `${routeId}:${date}`: one progress per route and day */
  key: string;
  accountId: number;
  routeId: number;
  routeNumber: string;
  routeName: string | null;
  /** YYYY-MM-DD in the account's time zone */
  date: string;
  /** the account's time zone and that day's local midnight (epoch ms): the ETA model's time of day */
  timeZone: string;
  dayStart: number;
  runId: number | null;
  /** the vehicle driving it, or null: none assigned, nothing to follow */
  assetId: number | null;
  /** that vehicle's name (the run webhooks carry it) */
  assetName: string | null;
  plan: RunPlan;
  stops: FollowedStop[];
}

export async function loadFollowedRuns(sql: SqlClient, accountId: number, now: number): Promise<FollowedRun[]> {
  const [account] = await sql.query<{ time_zone: string }>(`SELECT time_zone FROM accounts WHERE id = $1`, [accountId]);
  if (!account) return [];
  const timeZone = account.time_zone;
  const today = zonedParts(now, timeZone);
  const from = addDays(today, -1);
  const routes = await readRoutes(sql, accountId, [formatLocalDate(from), formatLocalDate(today)]);
  // the same few local times recur on every route (midnight, the usual start and end times): each is worked out once,
  // the zone's rules (Intl) being the costly part of reading an account's runs
  const instants = new Map<string, number>();
  const instant = (date: LocalDate, minute: number) => {
    const key = `${date.year}-${date.month}-${date.day}:${minute}`;
    let known = instants.get(key);
    if (known === undefined) instants.set(key, (known = zonedInstant(date, minute, timeZone)));
    return known;
  };
  const followed: FollowedRun[] = [];
  for (const route of routes) {
    if (route.stops.length === 0) continue;
    const runs = new Map<string, CalendarRun & { id: number; assetId: number | null; asset: { name: string } | null }>(route.runs.map((run) => [run.date, run]));
    for (const day of routeDays(route, runs, from, today)) {
      const date = formatLocalDate(day.date);
      const run = day.source === "run" ? runs.get(date)! : null;
      const at = (minute: number) => instant(day.date, minute);
      const startAt = day.startMinute === null ? null : at(day.startMinute);
      const endAt = day.endMinute === null ? null : at(day.endMinute);
      followed.push({
        key: `${route.id}:${date}`,
        accountId,
        routeId: route.id,
        routeNumber: route.routeNumber,
        routeName: route.name,
        date,
        timeZone,
        dayStart: at(0),
        runId: run?.id ?? null,
        assetId: run?.assetId ?? route.assetId,
        assetName: (run?.assetId ? run.asset?.name : route.asset?.name) ?? null,
        plan: {
          stops: route.stops.map((stop) => ({
            id: stop.id,
            sequence: stop.sequence,
            latitude: stop.latitude,
            longitude: stop.longitude,
            radiusM: stop.radiusM ?? RUN_PROGRESS_RULES.defaultRadiusM,
          })),
          watchFrom: startAt === null ? at(0) : startAt - RUN_WINDOWS.startWindowMs,
          finishBy: endAt === null ? instant(addDays(day.date, 1), 0) : endAt + RUN_WINDOWS.endGraceMs, // no end time: the day's end
          cancelled: day.status === "cancelled",
        },
        stops: route.stops.map((stop) => ({
          id: stop.id,
          sequence: stop.sequence,
          name: stop.name,
          latitude: stop.latitude,
          longitude: stop.longitude,
          plannedAt: stop.clockMinute !== null ? at(stop.clockMinute) : stop.offsetMinutes !== null && startAt !== null ? startAt + stop.offsetMinutes * 60_000 : null,
        })),
      });
    }
  }
  return followed;
}

interface RouteRow {
  id: number;
  routeNumber: string;
  name: string | null;
  assetId: number | null;
  asset: { name: string } | null;
  days: number[];
  startMinute: number | null;
  endMinute: number | null;
  effectiveFrom: string | null;
  stops: { id: number; sequence: number; name: string; latitude: number | null; longitude: number | null; radiusM: number | null; clockMinute: number | null; offsetMinutes: number | null }[];
  runs: { id: number; date: string; status: "scheduled" | "cancelled"; startMinute: number | null; endMinute: number | null; assetId: number | null; asset: { name: string } | null }[];
}

/**
 * the account's routes with their stops in order and their runs on `dates`: three plain statements, the tracker reading
 * them every minute per account (Prisma's nested read cost it more CPU than the rest of that minute's work)
 */
async function readRoutes(sql: SqlClient, accountId: number, dates: string[]): Promise<RouteRow[]> {
  const [routes, stops, runs] = await Promise.all([
    sql.query<{ id: number; route_number: string; name: string | null; asset_id: number | null; asset_name: string | null; days: number[]; start_minute: number | null; end_minute: number | null; effective_from: string | null }>(
      `SELECT r.id, r.route_number, r.name, r.asset_id, a.name AS asset_name, r.days, r.start_minute, r.end_minute, r.effective_from
       FROM routes r LEFT JOIN assets a ON a.id = r.asset_id WHERE r.account_id = $1 ORDER BY r.id`,
      [accountId],
    ),
    sql.query<{ route_id: number; id: number; sequence: number; name: string; latitude: number | null; longitude: number | null; radius_m: number | null; clock_minute: number | null; offset_minutes: number | null }>(
      `SELECT s.route_id, s.id, s.sequence, s.name, s.latitude, s.longitude, s.radius_m, s.clock_minute, s.offset_minutes
       FROM route_stops s JOIN routes r ON r.id = s.route_id WHERE r.account_id = $1 ORDER BY s.route_id, s.sequence, s.id`,
      [accountId],
    ),
    sql.query<{ route_id: number; id: number; date: string; status: "scheduled" | "cancelled"; start_minute: number | null; end_minute: number | null; asset_id: number | null; asset_name: string | null }>(
      `SELECT u.route_id, u.id, u.date, u.status::text AS status, u.start_minute, u.end_minute, u.asset_id, a.name AS asset_name
       FROM runs u JOIN routes r ON r.id = u.route_id LEFT JOIN assets a ON a.id = u.asset_id
       WHERE r.account_id = $1 AND u.date = ANY($2::text[])`,
      [accountId, dates],
    ),
  ]);
  const byId = new Map<number, RouteRow>();
  for (const route of routes) {
    byId.set(route.id, {
      id: route.id,
      routeNumber: route.route_number,
      name: route.name,
      assetId: route.asset_id,
      asset: route.asset_id === null || route.asset_name === null ? null : { name: route.asset_name },
      days: route.days,
      startMinute: route.start_minute,
      endMinute: route.end_minute,
      effectiveFrom: route.effective_from,
      stops: [],
      runs: [],
    });
  }
  for (const stop of stops) {
    byId.get(stop.route_id)?.stops.push({
      id: stop.id,
      sequence: stop.sequence,
      name: stop.name,
      latitude: stop.latitude,
      longitude: stop.longitude,
      radiusM: stop.radius_m,
      clockMinute: stop.clock_minute,
      offsetMinutes: stop.offset_minutes,
    });
  }
  for (const run of runs) {
    byId.get(run.route_id)?.runs.push({
      id: run.id,
      date: run.date,
      status: run.status,
      startMinute: run.start_minute,
      endMinute: run.end_minute,
      assetId: run.asset_id,
      asset: run.asset_id === null || run.asset_name === null ? null : { name: run.asset_name },
    });
  }
  return [...byId.values()];
}
