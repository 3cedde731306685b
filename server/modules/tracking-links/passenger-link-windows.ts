// When a passenger's own link shows the vehicle (review N6: a forwarded welcome message must not show where the bus
// is parked at night, at weekends or on a cancelled day). A passenger's link is watchable only in the window around
// one of its route's runs: from RUN_WINDOW.beforeMinutes before the run's start to RUN_WINDOW.afterMinutes after its
// end, on the days the route runs (routeDays: an imported run that is not cancelled, or a day the weekly schedule
// implies without a run row, as the occurrences endpoint lists them). A run without a start time opens at the local
// midnight that begins its day, one without an end time closes at the midnight that ends it. Outside every window
// the link answers as outside its schedule. The window of the run in progress or of the next one is kept in the link
// (refresh-route-links.ts) so that every reader (info, location, the channel, the scheduler) judges it with the link.
//
// And when it ends: a passenger's link expires (schedule_ended) once its route has not run for
// PASSENGER_LINK_IDLE_DAYS days and has no run in the next RUN_WINDOW.lookaheadDays days (a term's end, a route
// that was stopped); the next send-welcome or "Copy link" gives the passenger a new link. Pure: dates in, instants
// out.
import type { RunWindow } from "./link-timing";
import { routeDays, type CalendarRun, type RouteCalendar } from "../routes/route-calendar";
import { addDays, zonedInstant, zonedParts, type LocalDate } from "../time/zoned-time";

export const RUN_WINDOW = {
  /** minutes before a run's start that its passengers' links open (the wait at the stop) */
  beforeMinutes: 30,
  /** minutes after a run's end that they stay open (a late bus finishing its round) */
  afterMinutes: 30,
  /** days after today searched for the next run; a week covers every day of a weekly schedule */
  lookaheadDays: 7,
} as const;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** the days (yesterday to today + lookahead, local) whose runs may hold the window at `now` */
export function windowSearchRange(now: number, timeZone: string): { from: LocalDate; to: LocalDate } {
  const today = zonedParts(now, timeZone);
  // yesterday: a late run's window may reach past midnight
  return { from: addDays(today, -1), to: addDays(today, RUN_WINDOW.lookaheadDays) };
}

/**
 * The window of the route's run in progress at `now`, else of its next run within the lookahead, or null. `runs`
 * are the route's imported runs by date (YYYY-MM-DD) covering windowSearchRange. Windows that touch or overlap
 * (runs close together) are one window, so the link does not blink closed between them.
 */
export function passengerRunWindow(route: RouteCalendar, runs: ReadonlyMap<string, CalendarRun>, timeZone: string, now: number): RunWindow | null {
  const { from, to } = windowSearchRange(now, timeZone);
  const windows = routeDays(route, runs, from, to)
    .filter((day) => day.status !== "cancelled")
    .map((day) => ({
      start: day.startMinute === null ? zonedInstant(day.date, 0, timeZone) : zonedInstant(day.date, day.startMinute, timeZone) - RUN_WINDOW.beforeMinutes * MINUTE_MS,
      end: day.endMinute === null ? zonedInstant(day.date, 1440, timeZone) : zonedInstant(day.date, day.endMinute, timeZone) + RUN_WINDOW.afterMinutes * MINUTE_MS,
    }))
    .sort((a, b) => a.start - b.start);
  let current: RunWindow | null = null;
  for (const window of windows) {
    if (current && window.start <= current.end) {
      current.end = Math.max(current.end, window.end);
      continue;
    }
    if (current && current.end > now) return current;
    current = { ...window };
  }
  return current && current.end > now ? current : null;
}

/** the first local day whose runs count as recent for the idle expiry (runs from it to yesterday are looked at) */
export function idleSearchStart(now: number, timeZone: string, idleDays: number): LocalDate {
  return addDays(zonedParts(now, timeZone), -idleDays);
}

/**
 * True when a passenger's link has ended for want of runs: no window now or ahead (`window` null), no run that is
 * not cancelled from idleSearchStart to yesterday in `recentRuns`, and the link itself at least `idleDays` old.
 */
export function isIdleExpired(input: {
  window: RunWindow | null;
  route: RouteCalendar;
  recentRuns: ReadonlyMap<string, CalendarRun>;
  timeZone: string;
  linkCreatedAt: number;
  idleDays: number;
  now: number;
}): boolean {
  if (input.window !== null) return false;
  if (input.now - input.linkCreatedAt < input.idleDays * DAY_MS) return false;
  const from = idleSearchStart(input.now, input.timeZone, input.idleDays);
  const yesterday = addDays(zonedParts(input.now, input.timeZone), -1);
  return routeDays(input.route, input.recentRuns, from, yesterday).every((day) => day.status === "cancelled");
}
