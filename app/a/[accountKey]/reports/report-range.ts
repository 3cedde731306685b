// The Reports page's range presets, computed in the ACCOUNT's time zone (not the browser's): a fleet in Vilnius looked
// at from Lisbon still reports Vilnius days. Every range is half-open [from, to) between local midnights, so a day
// with a daylight saving change is 23 or 25 hours long and nothing is lost or counted twice. Weeks are ISO weeks
// (Monday first), as mileage's week period. Nothing here reads the clock: callers pass `now`.
import {
  addDays,
  compareLocalDates,
  formatLocalDate,
  parseLocalDate,
  zonedInstant,
  zonedParts,
  type LocalDate,
} from "@/server/modules/time/zoned-time";

export const RANGE_PRESETS = ["today", "yesterday", "this_week", "last_week", "this_month", "last_month", "custom"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const RANGE_PRESET_LABELS: Record<RangePreset, string> = {
  today: "Today",
  yesterday: "Yesterday",
  this_week: "This week",
  last_week: "Last week",
  this_month: "This month",
  last_month: "Last month",
  custom: "Custom",
};

/** a range of whole local days: `firstDay` to `lastDay` inclusive, and the instants that bound it */
export interface LocalRange {
  firstDay: string;
  lastDay: string;
  from: Date;
  to: Date;
}

/** the local days `first`..`last` (inclusive) as the half-open instant range [first 00:00, day after last 00:00) */
export function rangeOfDays(first: LocalDate, last: LocalDate, timeZone: string): LocalRange {
  return {
    firstDay: formatLocalDate(first),
    lastDay: formatLocalDate(last),
    from: new Date(zonedInstant(first, 0, timeZone)),
    to: new Date(zonedInstant(addDays(last, 1), 0, timeZone)),
  };
}

function lastDayOfMonth(year: number, month: number): LocalDate {
  return { year, month, day: new Date(Date.UTC(year, month, 0)).getUTCDate() };
}

/** the range a preset names at `now`; null for "custom" (the user gives the days) */
export function presetRange(preset: RangePreset, now: Date, timeZone: string): LocalRange | null {
  const parts = zonedParts(now.getTime(), timeZone);
  const today: LocalDate = { year: parts.year, month: parts.month, day: parts.day };
  const monday = addDays(today, 1 - parts.isoWeekday);
  switch (preset) {
    case "today":
      return rangeOfDays(today, today, timeZone);
    case "yesterday": {
      const yesterday = addDays(today, -1);
      return rangeOfDays(yesterday, yesterday, timeZone);
    }
    case "this_week":
      return rangeOfDays(monday, addDays(monday, 6), timeZone);
    case "last_week":
      return rangeOfDays(addDays(monday, -7), addDays(monday, -1), timeZone);
    case "this_month":
      return rangeOfDays({ ...today, day: 1 }, lastDayOfMonth(today.year, today.month), timeZone);
    case "last_month": {
      const year = today.month === 1 ? today.year - 1 : today.year;
      const month = today.month === 1 ? 12 : today.month - 1;
      return rangeOfDays({ year, month, day: 1 }, lastDayOfMonth(year, month), timeZone);
    }
    case "custom":
      return null;
  }
}

/** a custom range from two "YYYY-MM-DD" inputs (both days included); a message when they do not make a range */
export function customRange(firstDay: string, lastDay: string, timeZone: string): LocalRange | { error: string } {
  const first = parseLocalDate(firstDay);
  const last = parseLocalDate(lastDay);
  if (!first || !last) return { error: "Choose the first and the last day." };
  if (compareLocalDates(first, last) > 0) return { error: "The first day must not be after the last day." };
  return rangeOfDays(first, last, timeZone);
}

/** today's local date in the zone, as "YYYY-MM-DD" (the date inputs' default) */
export function localToday(now: Date, timeZone: string): string {
  const parts = zonedParts(now.getTime(), timeZone);
  return formatLocalDate(parts);
}
