// The runs of an account a node follows now: every route's days from yesterday to today in the account's time zone
// (a day with an imported run is that run; a day the weekly schedule implies counts too, as the occurrences endpoint
// lists it), each with its plan for the state machine and the vehicle driving it: the run's own vehicle, else the
// route's (a run's vehicle is "for this day only", and changing it mid-run moves the run to the new vehicle).
import type { Db } from "../../db/client";
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

export async function loadFollowedRuns(prisma: Db, accountId: number, now: number): Promise<FollowedRun[]> {
  const account = await prisma.account.findUnique({ where: { id: accountId }, select: { timeZone: true } });
  if (!account) return [];
  const timeZone = account.timeZone;
  const today = zonedParts(now, timeZone);
  const from = addDays(today, -1);
  const dates = [formatLocalDate(from), formatLocalDate(today)];
  const routes = await prisma.route.findMany({
    where: { accountId },
    select: {
      id: true,
      routeNumber: true,
      name: true,
      assetId: true,
      asset: { select: { name: true } },
      days: true,
      startMinute: true,
      endMinute: true,
      effectiveFrom: true,
      stops: { orderBy: { sequence: "asc" }, select: { id: true, sequence: true, name: true, latitude: true, longitude: true, radiusM: true, clockMinute: true, offsetMinutes: true } },
      runs: { where: { date: { in: dates } }, select: { id: true, date: true, status: true, startMinute: true, endMinute: true, assetId: true, asset: { select: { name: true } } } },
    },
  });
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
