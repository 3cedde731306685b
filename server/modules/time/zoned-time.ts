// Wall-clock time in an IANA time zone (an account's), from the platform's own Intl data (Node ships full ICU): the
// local date and time of an instant, the instant of a local wall time, and ISO 8601 text with the zone's offset.
// Nothing here reads the clock; callers pass instants (epoch ms).

export interface LocalDate {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
}

export interface ZonedParts extends LocalDate {
  hour: number; // 0..23
  minute: number;
  second: number;
  /** ISO weekday: 1 Monday .. 7 Sunday */
  isoWeekday: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** true for a time zone name this platform knows ("Europe/Vilnius", "UTC") */
export function isTimeZone(value: string): boolean {
  try {
    formatter(value);
    return true;
  } catch {
    return false;
  }
}

export function zonedParts(instant: number, timeZone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const date = { year: parts.year!, month: parts.month!, day: parts.day! };
  return { ...date, hour: parts.hour!, minute: parts.minute!, second: parts.second!, isoWeekday: isoWeekday(date) };
}

/** the zone's offset from UTC at `instant`, in minutes (east positive: Vilnius in winter is +120) */
export function offsetMinutes(instant: number, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / MINUTE_MS);
}

/**
 * The instant at which the zone's clocks show `minuteOfDay` (0..1440) on `date`. As Temporal's "compatible"
 * disambiguation: a wall time repeated by a daylight saving change resolves to its first occurrence, and one skipped
 * by it is pushed forward by the length of the gap (03:30 on a 03:00 -> 04:00 night is 04:30).
 */
export function zonedInstant(date: LocalDate, minuteOfDay: number, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minuteOfDay * MINUTE_MS;
  // the offsets a day either side are those before and after any change near this wall time
  const candidates = [wall - DAY_MS, wall + DAY_MS].map((probe) => wall - offsetMinutes(probe, timeZone) * MINUTE_MS);
  const shows = (instant: number) => instant + offsetMinutes(instant, timeZone) * MINUTE_MS === wall;
  const exact = candidates.filter(shows);
  return exact.length > 0 ? Math.min(...exact) : Math.max(...candidates);
}

/** ISO 8601 with the zone's offset, whole seconds: 2026-11-24T09:15:00+02:00 */
export function isoWithOffset(instant: number, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  const offset = offsetMinutes(instant, timeZone);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return (
    `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

export function isoWeekday(date: LocalDate): number {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay(); // 0 Sunday
  return weekday === 0 ? 7 : weekday;
}

/** "2026-11-24" -> a date; null when it is not a real calendar date in that form */
export function parseLocalDate(value: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const check = addDays(date, 0);
  return check.year === date.year && check.month === date.month && check.day === date.day ? date : null;
}

export function formatLocalDate(date: LocalDate): string {
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

export function compareLocalDates(a: LocalDate, b: LocalDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** "07:30" -> 450; "24:00" -> 1440 (the end of the day); null for anything else */
export function parseClockMinutes(value: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

export function formatClockMinutes(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}
