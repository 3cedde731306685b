// The clock arithmetic of delivery (docs/notifications.md): quiet hours in the member's time zone, digest windows,
// cap windows and retry back-off. Pure functions of an injected `now`, so tests run them on a manual clock.
import { addDays, parseClockMinutes, zonedInstant, zonedParts } from "../time/zoned-time";

export const HOUR_MS = 3_600_000;

export const DELIVERY_LIMITS = {
  /** messages of their own per person and channel per clock hour; then one summary at the hour's end */
  perPersonPerHour: 30,
  /** alerts of one asset with a message of their own per person and channel per clock hour; then one summary */
  perAssetPerHour: 5,
  /** tries of an e-mail or SMS before it is failed */
  maxAttempts: 5,
  /** first retry after this; doubled each time, at most maxBackoffMs */
  backoffMs: 30_000,
  maxBackoffMs: 30 * 60_000,
  /** how long a worker holds a claimed row */
  leaseMs: 60_000,
  /** daily digests go out at this local time */
  dailyDigestMinute: 8 * 60,
  pollMs: 2_000,
  /** due rows a worker claims and decides at once (one claim, a few reads, bulk writes) */
  batchSize: 1000,
  /** e-mails and SMS of a batch in flight at once */
  sendConcurrency: 8,
} as const;

export interface QuietHours {
  timeZone: string;
  start: string;
  end: string;
}

/** when quiet hours that contain `now` end, or null when `now` is outside them */
export function quietUntil(now: number, quiet: QuietHours): number | null {
  const start = parseClockMinutes(quiet.start);
  const end = parseClockMinutes(quiet.end);
  if (start === null || end === null || start === end) return null;
  const local = zonedParts(now, quiet.timeZone);
  const minute = local.hour * 60 + local.minute;
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  const today = { year: local.year, month: local.month, day: local.day };
  let until = zonedInstant(today, end, quiet.timeZone);
  if (until <= now) until = zonedInstant(addDays(today, 1), end, quiet.timeZone);
  return until;
}

/** the end of the digest window `now` is in: the next full hour, or the next daily digest time in the member's zone */
export function digestDueAt(now: number, digest: "hourly" | "daily", timeZone: string): number {
  if (digest === "hourly") return hourStart(now) + HOUR_MS;
  const local = zonedParts(now, timeZone);
  const today = { year: local.year, month: local.month, day: local.day };
  const at = zonedInstant(today, DELIVERY_LIMITS.dailyDigestMinute, timeZone);
  return at > now ? at : zonedInstant(addDays(today, 1), DELIVERY_LIMITS.dailyDigestMinute, timeZone);
}

export function hourStart(now: number): number {
  return Math.floor(now / HOUR_MS) * HOUR_MS;
}

/** the wait before try number `attempts + 1` after `attempts` failed tries */
export function backoffMs(attempts: number): number {
  return Math.min(DELIVERY_LIMITS.maxBackoffMs, DELIVERY_LIMITS.backoffMs * 2 ** Math.max(0, attempts - 1));
}
