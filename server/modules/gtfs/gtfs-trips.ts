// The account's routes and runs as GTFS trips: which trip runs on which day, and its stop times. One function for the
// static feed (gtfs.zip) and the realtime feed, so a TripUpdate always names a trip, stops and sequences the static
// feed has. Pure: rows in, trips out. The id scheme and why (docs/gtfs.md):
//
//   route_id  = the route's id            stop_id = the stop's id (stops belong to one route)
//   trip_id   = "route-{route id}": the weekly schedule's trip, on every day the schedule implies without a run row
//             = "run-{run id}":     an imported run (its own times; a day off the weekly schedule too)
//   service_id = the trip id: the weekly trip's service is calendar.txt's weekday pattern (from effective_from on)
//                minus the dates that have a run row (calendar_dates.txt, exception_type 2); a run's service is its
//                one date (calendar_dates.txt, exception_type 1). A cancelled run removes the weekly trip that day
//                and adds none.
//
// Times are GTFS times: minutes from "noon minus 12 h" of the service day (local midnight but on a daylight saving
// change day), and past 24:00 for a run that crosses midnight.
import { isScheduledDay, type RouteCalendar } from "../routes/route-calendar";
import { addDays, compareLocalDates, formatLocalDate, parseLocalDate, zonedInstant, type LocalDate } from "../time/zoned-time";
import type { StopKind } from "../values/parse-stop-kind";

export interface GtfsStopRow {
  id: number;
  sequence: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
  clockMinute: number | null;
  offsetMinutes: number | null;
  kind: StopKind;
}

export interface GtfsRouteRow extends RouteCalendar {
  id: number;
  routeNumber: string;
  name: string | null;
  /** in route order */
  stops: GtfsStopRow[];
}

export interface GtfsRunRow {
  id: number;
  routeId: number;
  /** YYYY-MM-DD */
  date: string;
  status: "scheduled" | "cancelled";
  startMinute: number | null;
  endMinute: number | null;
}

export interface GtfsStopTime {
  stopId: number;
  /** the stop's place along the route (stop_times.stop_sequence; the same in the realtime feed) */
  sequence: number;
  /** GTFS minutes of the service day (may pass 1440), or null: none, consumers interpolate */
  minute: number | null;
  /** true when the time is the stop's own (a clock time, or minutes after the start), false when it is estimated */
  exact: boolean;
  kind: StopKind;
}

export interface GtfsTrip {
  tripId: string;
  routeId: number;
  serviceId: string;
  /** the last stop's name */
  headsign: string;
  stopTimes: GtfsStopTime[];
}

export interface GtfsService {
  serviceId: string;
  /** the weekly pattern: ISO weekdays, from `start` to `end` (YYYY-MM-DD) */
  weekly: { days: number[]; start: string; end: string } | null;
  /** dates added (a run's day) */
  added: string[];
  /** dates removed from the weekly pattern (a day with a run row) */
  removed: string[];
}

export interface GtfsSchedule {
  trips: GtfsTrip[];
  services: GtfsService[];
}

export const weeklyTripId = (routeId: number) => `route-${routeId}`;
export const runTripId = (runId: number) => `run-${runId}`;

const located = (stop: GtfsStopRow) => stop.latitude !== null && stop.longitude !== null;

/** stops.txt holds the stops with a position (GTFS requires one): the others are left out of every trip */
export function feedStops<S extends GtfsStopRow>(stops: S[]): S[] {
  return stops.filter(located);
}

/**
 * A day's stop times from the route's stops and the day's start and end (minutes of the day): a stop's own clock time,
 * else the start plus its minutes. GTFS needs times at the first and last stop: where they have none of their own,
 * the start and end stand in. Times never go back along the trip: a clock time earlier than the one before is the
 * next day's (a run across midnight). Null when the day cannot be a GTFS trip: fewer than two located stops, or no
 * time for its first or last one.
 */
export function tripStopTimes(stops: GtfsStopRow[], startMinute: number | null, endMinute: number | null): GtfsStopTime[] | null {
  const inFeed = feedStops(stops);
  if (inFeed.length < 2) return null;
  let previous = -Infinity;
  const times = inFeed.map((stop, index): GtfsStopTime => {
    let minute = stop.clockMinute ?? (stop.offsetMinutes !== null && startMinute !== null ? startMinute + stop.offsetMinutes : null);
    const exact = minute !== null;
    if (minute === null && index === 0) minute = startMinute;
    if (minute === null && index === inFeed.length - 1) minute = endMinute;
    if (minute !== null) {
      while (minute < previous) minute += 1440;
      previous = minute;
    }
    return { stopId: stop.id, sequence: stop.sequence, minute, exact, kind: stop.kind };
  });
  if (times[0]!.minute === null || times.at(-1)!.minute === null) return null;
  return times;
}

/** the instant of a GTFS time of a service day: noon minus 12 hours, plus the minutes (GTFS "Field types: Time") */
export function gtfsInstant(date: LocalDate, minute: number, timeZone: string): number {
  return zonedInstant(date, 12 * 60, timeZone) - 12 * 3_600_000 + minute * 60_000;
}

/** the trip a day of a route runs as: its run's, else the weekly schedule's; null when it cannot be a GTFS trip */
export function tripOfDay(route: GtfsRouteRow, run: Pick<GtfsRunRow, "id" | "startMinute" | "endMinute"> | null): GtfsTrip | null {
  const start = run ? (run.startMinute ?? route.startMinute) : route.startMinute;
  const end = run ? (run.endMinute ?? route.endMinute) : route.endMinute;
  const stopTimes = tripStopTimes(route.stops, start, end);
  if (!stopTimes) return null;
  const tripId = run ? runTripId(run.id) : weeklyTripId(route.id);
  const last = route.stops.find((stop) => stop.id === stopTimes.at(-1)!.stopId)!;
  return { tripId, routeId: route.id, serviceId: tripId, headsign: last.name, stopTimes };
}

/**
 * Every trip and service of the routes from `from` to `to` (both included): each route's weekly trip when it has days
 * and can be timed, and each run that is not cancelled. `runs` are those of the routes in that range.
 */
export function gtfsSchedule(routes: GtfsRouteRow[], runs: GtfsRunRow[], from: LocalDate, to: LocalDate): GtfsSchedule {
  const trips: GtfsTrip[] = [];
  const services: GtfsService[] = [];
  const runsOf = new Map<number, GtfsRunRow[]>();
  for (const run of runs) {
    const list = runsOf.get(run.routeId);
    if (list) list.push(run);
    else runsOf.set(run.routeId, [run]);
  }
  for (const route of routes) {
    const routeRuns = (runsOf.get(route.id) ?? []).sort((a, b) => a.date.localeCompare(b.date));
    const weekly = route.days.length > 0 ? tripOfDay(route, null) : null;
    const effective = route.effectiveFrom ? parseLocalDate(route.effectiveFrom) : null;
    const start = effective && compareLocalDates(effective, from) > 0 ? effective : from;
    if (weekly && compareLocalDates(start, to) <= 0) {
      trips.push(weekly);
      services.push({
        serviceId: weekly.serviceId,
        weekly: { days: [...route.days].sort(), start: formatLocalDate(start), end: formatLocalDate(to) },
        added: [],
        // a day with a run row is that run (or nothing, when it is cancelled), never the weekly trip
        removed: routeRuns.filter((run) => isScheduledDay(route, parseLocalDate(run.date)!)).map((run) => run.date),
      });
    }
    for (const run of routeRuns) {
      if (run.status === "cancelled") continue;
      const trip = tripOfDay(route, run);
      if (!trip) continue;
      trips.push(trip);
      services.push({ serviceId: trip.serviceId, weekly: null, added: [run.date], removed: [] });
    }
  }
  return { trips, services };
}

/** the feed's days: yesterday (a run after midnight is still yesterday's) to `days` ahead, in the account's zone */
export function feedWindow(today: LocalDate, days: number): { from: LocalDate; to: LocalDate } {
  return { from: addDays(today, -1), to: addDays(today, days) };
}
