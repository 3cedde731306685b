// Local calendar days of an account's time zone as report keys ("2026-10-25") and their instants. A day runs from
// its local midnight to the next one, so a day with a daylight saving change is 23 or 25 hours long.
import { addDays, formatLocalDate, parseLocalDate, zonedInstant, zonedParts } from "../../time/zoned-time";

export function localDayOf(instant: number, timeZone: string): string {
  return formatLocalDate(zonedParts(instant, timeZone));
}

export function nextDay(day: string, days = 1): string {
  return formatLocalDate(addDays(parseLocalDate(day)!, days));
}

/** [start, end) of a local day, epoch ms */
export function dayBounds(day: string, timeZone: string): { start: number; end: number } {
  const date = parseLocalDate(day);
  if (!date) throw new Error(`not a local date: ${day}`);
  return { start: zonedInstant(date, 0, timeZone), end: zonedInstant(addDays(date, 1), 0, timeZone) };
}

/** the local days a half-open range [from, to) touches, in order */
export function daysCovering(from: number, to: number, timeZone: string): string[] {
  if (to <= from) return [];
  const days: string[] = [];
  const last = localDayOf(to - 1, timeZone);
  for (let day = localDayOf(from, timeZone); day <= last; day = nextDay(day)) days.push(day);
  return days;
}
