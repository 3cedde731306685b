// When a schedule runs and what it covers, in the account's time zone (DST-safe: instants come from zoned-time.ts,
// which resolves a wall time skipped by a clock change forward and a repeated one to its first occurrence).
// daily: every day at HH:MM, covering the previous local day; weekly: on an ISO weekday, covering the previous ISO
// week (Monday to Monday); monthly: on a day 1..28, covering the previous calendar month.
import { addDays, parseClockMinutes, zonedInstant, zonedParts, type LocalDate } from "../../time/zoned-time";

export interface ScheduleTiming {
  frequency: "daily" | "weekly" | "monthly";
  weekday: number | null;
  dayOfMonth: number | null;
  localTime: string;
}

/** the first run strictly after `after` (epoch ms) */
export function nextRunAt(schedule: ScheduleTiming, after: number, timeZone: string): Date {
  const minutes = parseClockMinutes(schedule.localTime) ?? 0;
  const today = zonedParts(after, timeZone);
  // a month and a bit always holds a matching day
  for (let offset = 0; offset <= 62; offset++) {
    const date = addDays(today, offset);
    if (!matches(schedule, date)) continue;
    const instant = zonedInstant(date, minutes, timeZone);
    if (instant > after) return new Date(instant);
  }
  throw new Error("no run day within 62 days"); // unreachable for valid schedules
}

function matches(schedule: ScheduleTiming, date: LocalDate): boolean {
  if (schedule.frequency === "weekly") return isoWeekdayOf(date) === schedule.weekday;
  if (schedule.frequency === "monthly") return date.day === schedule.dayOfMonth;
  return true;
}

function isoWeekdayOf(date: LocalDate): number {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** the range a run scheduled at `runAt` covers: the previous local day, ISO week or month, [from, to) */
export function scheduledRange(frequency: ScheduleTiming["frequency"], runAt: number, timeZone: string): { from: Date; to: Date } {
  const local = zonedParts(runAt, timeZone);
  const day: LocalDate = { year: local.year, month: local.month, day: local.day };
  let start: LocalDate;
  let end: LocalDate;
  if (frequency === "daily") {
    end = day;
    start = addDays(day, -1);
  } else if (frequency === "weekly") {
    end = addDays(day, 1 - local.isoWeekday); // this week's Monday
    start = addDays(end, -7);
  } else {
    end = { year: day.year, month: day.month, day: 1 };
    start = day.month === 1 ? { year: day.year - 1, month: 12, day: 1 } : { year: day.year, month: day.month - 1, day: 1 };
  }
  return { from: new Date(zonedInstant(start, 0, timeZone)), to: new Date(zonedInstant(end, 0, timeZone)) };
}
