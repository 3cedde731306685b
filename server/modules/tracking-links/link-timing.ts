// When a tracking link may be watched (pure: instants in, answers out). A link can have
//   - a start (`startsAt`): before it the link is "not started", i.e. outside its schedule;
//   - a weekly window in the account's time zone (days, start and end clock times), optionally up to a last day
//     (`until`): outside the window it is outside its schedule, and when the last window ends it expires
//     (schedule_ended);
//   - a time limit (`expiresAt`): it expires then (time_expired);
//   - a run window (a passenger's own link only): the window around its route's run in progress or next
//     (passenger-link-windows.ts); outside it, or when no run lies ahead, the link is outside its schedule.
// The scheduler asks `nextBoundary` when to look again; the public API asks `isWithinSchedule` and `timedExpiry`.
import {
  addDays,
  compareLocalDates,
  isoWeekday,
  parseLocalDate,
  zonedInstant,
  zonedParts,
  type LocalDate,
} from "../time/zoned-time";

export interface WeeklySchedule {
  /** ISO weekdays, 1 Monday .. 7 Sunday */
  days: number[];
  /** minutes from local midnight; start < end <= 1440 */
  start: number;
  end: number;
  /** last day of the schedule (YYYY-MM-DD, local), or null for no end */
  until: string | null;
}

/** instants: watchable from `start` (inclusive) to `end` (exclusive) */
export interface RunWindow {
  start: number;
  end: number;
}

export interface LinkTiming {
  timeZone: string;
  startsAt: number | null;
  expiresAt: number | null;
  schedule: WeeklySchedule | null;
  /**
   * absent: the link is not bound to runs; otherwise it is watchable only within this window, and never when it is
   * null (no run ahead). Applies on top of the start and the schedule.
   */
  runWindow?: RunWindow | null;
}

export type TimedExpiryReason = "time_expired" | "schedule_ended";

/** how far ahead the window search looks: a week covers every weekday of a weekly schedule */
const SEARCH_DAYS = 8;

export function isWithinSchedule(timing: LinkTiming, now: number): boolean {
  if (timing.startsAt !== null && now < timing.startsAt) return false;
  if (timing.runWindow !== undefined && !(timing.runWindow && now >= timing.runWindow.start && now < timing.runWindow.end)) return false;
  const schedule = timing.schedule;
  if (!schedule) return true;
  const local = zonedParts(now, timing.timeZone);
  if (!schedule.days.includes(local.isoWeekday)) return false;
  if (schedule.until !== null) {
    const until = parseLocalDate(schedule.until);
    if (until && compareLocalDates(local, until) > 0) return false;
  }
  const minute = local.hour * 60 + local.minute;
  return minute >= schedule.start && minute < schedule.end;
}

/** the instant the schedule's last window ends, or null when it has no last day (or no day of it is scheduled) */
export function scheduleEndsAt(schedule: WeeklySchedule, timeZone: string): number | null {
  if (schedule.until === null || schedule.days.length === 0) return null;
  const until = parseLocalDate(schedule.until);
  if (!until) return null;
  for (let back = 0; back < 7; back++) {
    const day = addDays(until, -back);
    if (schedule.days.includes(isoWeekday(day))) return zonedInstant(day, schedule.end, timeZone);
  }
  return null;
}

/** the expiry that time alone has brought about by `now`, if any (the earlier of the two when both have) */
export function timedExpiry(timing: LinkTiming, now: number): { reason: TimedExpiryReason; at: number } | null {
  const candidates: Array<{ reason: TimedExpiryReason; at: number }> = [];
  if (timing.expiresAt !== null) candidates.push({ reason: "time_expired", at: timing.expiresAt });
  const ends = timing.schedule ? scheduleEndsAt(timing.schedule, timing.timeZone) : null;
  if (ends !== null) candidates.push({ reason: "schedule_ended", at: ends });
  const due = candidates.filter((candidate) => candidate.at <= now).sort((a, b) => a.at - b.at);
  return due[0] ?? null;
}

/**
 * The first instant after `now` at which the link's schedule state or timed expiry can change, or null when nothing
 * timed lies ahead. The scheduler looks at the link again then.
 */
export function nextBoundary(timing: LinkTiming, now: number): number | null {
  const candidates: number[] = [];
  if (timing.startsAt !== null) candidates.push(timing.startsAt);
  if (timing.expiresAt !== null) candidates.push(timing.expiresAt);
  if (timing.runWindow) candidates.push(timing.runWindow.start, timing.runWindow.end);
  const schedule = timing.schedule;
  if (schedule && schedule.days.length > 0) {
    const ends = scheduleEndsAt(schedule, timing.timeZone);
    if (ends !== null) candidates.push(ends);
    const today: LocalDate = zonedParts(now, timing.timeZone);
    for (let ahead = 0; ahead < SEARCH_DAYS; ahead++) {
      const day = addDays(today, ahead);
      if (!schedule.days.includes(isoWeekday(day))) continue;
      candidates.push(zonedInstant(day, schedule.start, timing.timeZone), zonedInstant(day, schedule.end, timing.timeZone));
    }
  }
  const ahead = candidates.filter((at) => at > now);
  return ahead.length > 0 ? Math.min(...ahead) : null;
}

/** the next instant the link is within its schedule at or after `now` (for "tracking resumes at ..."), or null */
export function nextWindowStart(timing: LinkTiming, now: number): number | null {
  if (isWithinSchedule(timing, now)) return now;
  let at = now;
  // boundaries are at most a few a day: a fortnight of them is plenty to find the next opening
  for (let step = 0; step < 32; step++) {
    const next = nextBoundary(timing, at);
    if (next === null) return null;
    if (isWithinSchedule(timing, next)) return next;
    at = next;
  }
  return null;
}
