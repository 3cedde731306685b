// Reminder arithmetic (docs/fleet-records.md "Service reminders", "Renewal reminders"), pure: no database, no clock.
// A service reminder is due by distance (km), engine hours and/or time, whichever comes first, counted from its
// baseline (the newest service logged, or the reminder's start); each interval has its own due-soon threshold.
// Time is calendar arithmetic on the account's LOCAL dates, so daylight saving changes never move a due date: a
// month after 15 March is 15 April, and the instant a date begins is found with the zone's rules (zonedInstant).
//
// Rules, decided here and documented:
// - a meter interval is overdue once the reading reaches the due value, due soon from `due - threshold`;
// - a time interval is due soon from `due date - threshold` through the due date itself (due today counts as due
//   soon, even without a threshold), overdue from the day after;
// - the reminder's status is the worst of its intervals (overdue > due_soon > ok); `snoozed` replaces it while the
//   local date is before `snoozed_until`, whatever it is;
// - the forecast is the earliest date any interval is expected to come due: a time interval's due date, a meter's
//   from the remaining distance or hours at the recent daily usage (none without usage).
import { addDays, compareLocalDates, type LocalDate, zonedInstant, zonedParts } from "../time/zoned-time";

export const REMINDER_STATUSES = ["ok", "due_soon", "overdue", "snoozed"] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];
export type DueState = "ok" | "due_soon" | "overdue";

export const TIME_UNITS = ["day", "week", "month", "year"] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];
export interface TimeSpan {
  value: number; // whole units, >= 1 (a threshold may be 0)
  unit: TimeUnit;
}

export interface ServiceSchedule {
  distanceKm: number | null;
  distanceDueSoonKm: number | null;
  engineHours: number | null;
  engineDueSoonHours: number | null;
  time: TimeSpan | null;
  timeDueSoon: TimeSpan | null;
}

/** where the intervals are counted from: the newest service (or the reminder's start) */
export interface Baseline {
  date: LocalDate;
  odometerKm: number | null;
  engineHours: number | null;
}

/** the vehicle's latest known meters and its recent daily usage */
export interface Meters {
  odometerKm: number | null;
  engineHours: number | null;
  kmPerDay: number | null;
  engineHoursPerDay: number | null;
}

export interface MeterDue {
  due: number;
  dueSoonFrom: number;
  current: number | null;
  /** due - current; negative once overdue; null without a reading */
  remaining: number | null;
  state: DueState;
  forecastOn: LocalDate | null;
}

export interface TimeDue {
  dueOn: LocalDate;
  dueSoonOn: LocalDate;
  /** whole days from today to the due date; negative once overdue */
  remainingDays: number;
  state: DueState;
}

export interface ServiceEvaluation {
  status: ReminderStatus;
  /** the status without the snooze */
  dueState: DueState;
  distance: MeterDue | null;
  engine: MeterDue | null;
  time: TimeDue | null;
  /** the earliest date an interval is expected to come due; null when nothing can be forecast or it is overdue */
  forecastOn: LocalDate | null;
}

const DAY_MS = 86_400_000;
const RANK: Record<DueState, number> = { ok: 0, due_soon: 1, overdue: 2 };

export function worstState(states: DueState[]): DueState {
  return states.reduce<DueState>((worst, state) => (RANK[state] > RANK[worst] ? state : worst), "ok");
}

/** whole days from a to b (b - a) */
export function daysBetween(a: LocalDate, b: LocalDate): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

/**
 * Calendar arithmetic: days and weeks move the date, months and years move the month and keep the day, clamped to
 * the month's last day (31 January + 1 month = 28 or 29 February; 29 February + 1 year = 28 February).
 */
export function addSpan(date: LocalDate, span: TimeSpan, sign: 1 | -1 = 1): LocalDate {
  if (span.unit === "day") return addDays(date, sign * span.value);
  if (span.unit === "week") return addDays(date, sign * 7 * span.value);
  const months = sign * span.value * (span.unit === "year" ? 12 : 1);
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(date.day, last) };
}

/** the account's local date at an instant */
export function localToday(now: number, timeZone: string): LocalDate {
  const { year, month, day } = zonedParts(now, timeZone);
  return { year, month, day };
}

/** the instant a local date begins in the zone (what "due on" means as a time) */
export function startOfLocalDate(date: LocalDate, timeZone: string): number {
  return zonedInstant(date, 0, timeZone);
}

function meterDue(input: {
  interval: number | null;
  threshold: number | null;
  base: number | null;
  current: number | null;
  perDay: number | null;
  today: LocalDate;
}): MeterDue | null {
  const { interval, base, current } = input;
  if (interval === null || interval <= 0) return null;
  // no baseline reading: counted from zero (a reminder made before the vehicle ever reported)
  const due = (base ?? 0) + interval;
  const dueSoonFrom = due - Math.min(Math.max(input.threshold ?? 0, 0), interval);
  if (current === null) return { due, dueSoonFrom, current: null, remaining: null, state: "ok", forecastOn: null };
  const remaining = due - current;
  const state: DueState = current >= due ? "overdue" : current >= dueSoonFrom && dueSoonFrom < due ? "due_soon" : "ok";
  return { due, dueSoonFrom, current, remaining, state, forecastOn: forecastDate(remaining, input.perDay, input.today) };
}

/** the date a meter is expected to reach its due value at `perDay`; today once reached; null without usage */
export function forecastDate(remaining: number, perDay: number | null, today: LocalDate): LocalDate | null {
  if (remaining <= 0) return today;
  if (perDay === null || !(perDay > 0)) return null;
  return addDays(today, Math.ceil(remaining / perDay));
}

export function timeDue(input: { base: LocalDate; every: TimeSpan; dueSoon: TimeSpan | null; today: LocalDate }): TimeDue {
  const dueOn = addSpan(input.base, input.every);
  const soon = input.dueSoon && input.dueSoon.value > 0 ? addSpan(dueOn, input.dueSoon, -1) : dueOn;
  const dueSoonOn = compareLocalDates(soon, input.base) < 0 ? input.base : soon;
  const remainingDays = daysBetween(input.today, dueOn);
  const state: DueState = remainingDays < 0 ? "overdue" : compareLocalDates(input.today, dueSoonOn) >= 0 ? "due_soon" : "ok";
  return { dueOn, dueSoonOn, remainingDays, state };
}

export function snoozeActive(snoozedUntil: LocalDate | null, today: LocalDate): boolean {
  return snoozedUntil !== null && compareLocalDates(today, snoozedUntil) < 0;
}

export function evaluateServiceReminder(input: {
  schedule: ServiceSchedule;
  baseline: Baseline;
  meters: Meters;
  today: LocalDate;
  snoozedUntil: LocalDate | null;
}): ServiceEvaluation {
  const { schedule, baseline, meters, today } = input;
  const distance = meterDue({
    interval: schedule.distanceKm,
    threshold: schedule.distanceDueSoonKm,
    base: baseline.odometerKm,
    current: meters.odometerKm,
    perDay: meters.kmPerDay,
    today,
  });
  const engine = meterDue({
    interval: schedule.engineHours,
    threshold: schedule.engineDueSoonHours,
    base: baseline.engineHours,
    current: meters.engineHours,
    perDay: meters.engineHoursPerDay,
    today,
  });
  const time = schedule.time ? timeDue({ base: baseline.date, every: schedule.time, dueSoon: schedule.timeDueSoon, today }) : null;
  const dueState = worstState([distance?.state ?? "ok", engine?.state ?? "ok", time?.state ?? "ok"]);
  const dates = [distance?.forecastOn, engine?.forecastOn, time?.dueOn].filter((d): d is LocalDate => !!d);
  const earliest = dates.sort(compareLocalDates)[0] ?? null;
  return {
    status: snoozeActive(input.snoozedUntil, today) ? "snoozed" : dueState,
    dueState,
    distance,
    engine,
    time,
    forecastOn: dueState === "overdue" ? null : earliest,
  };
}

/**
 * The baseline after a service: the service's date and readings, unless a newer service (by date) is the
 * baseline already (logging an old service late never moves a reminder backwards). A reading the service does not
 * give is the caller's to fill in (the vehicle's latest reading) or null.
 */
export function baselineAfterService(current: Baseline, service: Baseline): Baseline {
  return compareLocalDates(service.date, current.date) < 0 ? current : service;
}

export interface RenewalEvaluation {
  status: ReminderStatus;
  dueState: DueState;
  dueSoonOn: LocalDate;
  /** days until the expiry date; negative once expired */
  remainingDays: number;
}

/** a renewal: due soon `remindDaysBefore` days before its expiry date and on it, overdue from the day after */
export function evaluateRenewal(input: {
  expiresOn: LocalDate;
  remindDaysBefore: number;
  today: LocalDate;
  snoozedUntil: LocalDate | null;
}): RenewalEvaluation {
  const time = timeDue({
    base: addDays(input.expiresOn, -100_000), // far back: the window is never clipped by a baseline
    every: { value: 100_000, unit: "day" },
    dueSoon: { value: input.remindDaysBefore, unit: "day" },
    today: input.today,
  });
  return {
    status: snoozeActive(input.snoozedUntil, input.today) ? "snoozed" : time.state,
    dueState: time.state,
    dueSoonOn: time.dueSoonOn,
    remainingDays: time.remainingDays,
  };
}

/** urgency order for lists: overdue first (most overdue first), then due soon and the rest by nearest date */
export function urgencyRank(status: ReminderStatus): number {
  return status === "overdue" ? 0 : status === "due_soon" ? 1 : status === "ok" ? 2 : 3;
}
