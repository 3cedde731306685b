// A stop's `time`: a clock time ("07:25", "7.25 am") or a number of minutes from the route's start (15, or "15" as a
// spreadsheet cell holds it). The two are told apart by form, never by size: digits alone are minutes, a clock time
// always has a separator or am/pm (parse-clock-time.ts).
import { parseClockTime } from "./parse-clock-time";
import { parsed, shown, unreadable, type Parsed } from "./parsed";

export type StopTime = { kind: "clock"; minutes: number } | { kind: "offset"; minutes: number };

/** a stop more than a day after the route's start is a typing error */
const MAX_OFFSET_MINUTES = 24 * 60;

export function parseStopTime(input: unknown): Parsed<StopTime> {
  const offset = typeof input === "number" ? input : typeof input === "string" && /^\s*\d+\s*$/.test(input) ? Number(input) : null;
  if (offset !== null) {
    if (!Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET_MINUTES) {
      return unreadable(`stop time ${shown(input)} as minutes from the route start must be a whole number from 0 to ${MAX_OFFSET_MINUTES}`);
    }
    return parsed({ kind: "offset", minutes: offset });
  }
  const clock = parseClockTime(input, "stop time");
  return clock.ok ? parsed({ kind: "clock", minutes: clock.value }) : clock;
}
