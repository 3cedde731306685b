// The days a route runs: a day with an imported run is that run (also a cancelled one, and a day off the weekly
// schedule); a day without one runs when the route's weekly schedule names its weekday, from effective_from on. A
// run's empty times are the route's. The occurrences endpoint lists these days; a passenger's link is watchable
// around them (passenger-link-windows.ts). Pure: dates in, days out.
import { addDays, compareLocalDates, formatLocalDate, isoWeekday, parseLocalDate, type LocalDate } from "../time/zoned-time";

export interface RouteCalendar {
  /** ISO weekdays of the weekly schedule */
  days: number[];
  startMinute: number | null;
  endMinute: number | null;
  /** YYYY-MM-DD, or null: the weekly schedule applies from any day */
  effectiveFrom: string | null;
}

export interface CalendarRun {
  status: "scheduled" | "cancelled";
  startMinute: number | null;
  endMinute: number | null;
}

export interface RouteDay {
  date: LocalDate;
  status: "scheduled" | "cancelled";
  /** minutes from local midnight, the run's else the route's; null when neither has one */
  startMinute: number | null;
  endMinute: number | null;
  source: "run" | "schedule";
}

/** true when the weekly schedule alone makes the route run on `day` */
export function isScheduledDay(route: Pick<RouteCalendar, "days" | "effectiveFrom">, day: LocalDate): boolean {
  if (!route.days.includes(isoWeekday(day))) return false;
  const effectiveFrom = route.effectiveFrom ? parseLocalDate(route.effectiveFrom) : null;
  return !effectiveFrom || compareLocalDates(day, effectiveFrom) >= 0;
}

/** the route's days from `from` to `to` (both included), by date; `runs` by date (YYYY-MM-DD) */
export function routeDays(route: RouteCalendar, runs: ReadonlyMap<string, CalendarRun>, from: LocalDate, to: LocalDate): RouteDay[] {
  const days: RouteDay[] = [];
  for (let day = from; compareLocalDates(day, to) <= 0; day = addDays(day, 1)) {
    const run = runs.get(formatLocalDate(day));
    if (run) {
      days.push({
        date: day,
        status: run.status,
        startMinute: run.startMinute ?? route.startMinute,
        endMinute: run.endMinute ?? route.endMinute,
        source: "run",
      });
    } else if (isScheduledDay(route, day)) {
      days.push({ date: day, status: "scheduled", startMinute: route.startMinute, endMinute: route.endMinute, source: "schedule" });
    }
  }
  return days;
}
