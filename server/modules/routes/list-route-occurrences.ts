// A route's occurrences over a range of days (GET /api/{account_key}/public-tracking/routes/{id}/occurrences): one
// entry per day the route runs, by date. A day with an imported run is that run (also a day off the weekly schedule,
// and a cancelled one); a day the route's weekly schedule implies (its days, from effective_from on) without a run
// is listed from the route's own times, vehicle and driver. A run's empty times, vehicle and driver fall back to the
// route's, as when the run is followed. Days and times are the account's time zone.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { routeDays } from "./route-calendar";
import { addDays, compareLocalDates, formatClockMinutes, formatLocalDate, isoWithOffset, parseLocalDate, zonedParts, type LocalDate } from "../time/zoned-time";
import { OCCURRENCE_LIMITS, ZOccurrenceQuery, type Occurrence, type OccurrenceList, type RunProgressDto } from "./routes.schema";

const vehicleSelect = { select: { id: true, name: true, plate: true } } as const;
const driverSelect = { select: { id: true, name: true } } as const;

export async function listRouteOccurrences(
  input: {
    accountId: number;
    routeId: number;
    query: unknown;
    /** a day not followed yet gets a progress (scheduled or cancelled, every stop pending) instead of null */
    progressAlways?: boolean;
  },
  now = Date.now(),
): Promise<OccurrenceList> {
  const query = parseInput(ZOccurrenceQuery, input.query);
  const prisma = db();
  const route = await prisma.route.findFirst({
    where: { id: input.routeId, accountId: input.accountId },
    select: {
      days: true,
      startMinute: true,
      endMinute: true,
      effectiveFrom: true,
      asset: vehicleSelect,
      driver: driverSelect,
      account: { select: { timeZone: true } },
      stops: { orderBy: { sequence: "asc" }, select: { id: true, sequence: true, name: true, clockMinute: true, offsetMinutes: true } },
    },
  });
  if (!route) throw new AppError("ROUTE_NOT_FOUND", `route ${input.routeId} not found`);
  const timeZone = route.account.timeZone;
  const { from, to } = dateRange(query, zonedParts(now, timeZone));

  const runs = await prisma.run.findMany({
    where: { routeId: input.routeId, date: { gte: formatLocalDate(from), lte: formatLocalDate(to) } },
    select: { id: true, date: true, status: true, startMinute: true, endMinute: true, notice: true, asset: vehicleSelect, driver: driverSelect },
  });
  const runOf = new Map(runs.map((run) => [run.date, run]));
  const progress = await prisma.runProgress.findMany({
    where: { routeId: input.routeId, date: { gte: formatLocalDate(from), lte: formatLocalDate(to) } },
    select: { date: true, status: true, startedAt: true, finishedAt: true, state: true, eta: true },
  });
  const progressOf = new Map(progress.map((row) => [row.date, row]));
  const instant = (ms: number | null) => (ms === null ? null : isoWithOffset(ms, timeZone));
  const progressDto = (date: string, startMinute: number | null, planned: "scheduled" | "cancelled"): RunProgressDto | null => {
    const row = progressOf.get(date) ?? (input.progressAlways ? notFollowed(planned) : undefined);
    if (!row) return null;
    const states = new Map((row.state as unknown as StoredState).stops.map((stop) => [stop.stopId, stop]));
    // the estimates stored with the state count while the run is in progress, for the stops still ahead
    const etas = new Map(row.status === "in_progress" ? ((row.eta as unknown as StoredEta | null)?.stops ?? []).map((eta) => [eta.stopId, eta]) : []);
    return {
      status: row.status,
      started_at: instant(row.startedAt?.getTime() ?? null),
      finished_at: instant(row.finishedAt?.getTime() ?? null),
      stops: route.stops.map((stop) => {
        const state = states.get(stop.id);
        const eta = (state?.status ?? "pending") === "pending" ? etas.get(stop.id) : undefined;
        const planned = stop.clockMinute ?? (stop.offsetMinutes !== null && startMinute !== null ? startMinute + stop.offsetMinutes : null);
        return {
          id: stop.id,
          sequence: stop.sequence,
          name: stop.name,
          planned_time: planned === null ? null : formatClockMinutes(planned % 1440),
          status: state?.status ?? "pending",
          arrived_at: instant(state?.arrivedAt ?? null),
          departed_at: instant(state?.departedAt ?? null),
          skipped_at: instant(state?.skippedAt ?? null),
          eta: instant(eta?.etaAt ?? null),
          eta_uncertainty_s: eta?.uncertaintyS ?? null,
        };
      }),
    };
  };
  const clock = (minutes: number | null) => (minutes === null ? null : formatClockMinutes(minutes));

  const data: Occurrence[] = routeDays(route, runOf, from, to).map((day) => {
    const date = formatLocalDate(day.date);
    const run = day.source === "run" ? runOf.get(date)! : null;
    return {
      date,
      run_id: run?.id ?? null,
      status: day.status,
      start_time: clock(day.startMinute),
      end_time: clock(day.endMinute),
      vehicle: run?.asset ?? route.asset,
      driver: run?.driver ?? route.driver,
      notice: run?.notice ?? null,
      source: day.source,
      progress: progressDto(date, day.startMinute, day.status),
    };
  });
  return { data, next_cursor: null, from: formatLocalDate(from), to: formatLocalDate(to), time_zone: timeZone };
}

/** what run_progress.state holds of each stop (run-progress/run-progress.ts, StopState) */
interface StoredState {
  stops: { stopId: number; status: "pending" | "arrived" | "departed" | "skipped"; arrivedAt: number | null; departedAt: number | null; skippedAt: number | null }[];
}

/** what run_progress.eta holds (run-progress-tracker.ts: the latest run.eta's stops) */
interface StoredEta {
  stops: { stopId: number; etaAt: number; uncertaintyS: number }[];
}

/** a day its vehicle has not driven yet, as a progress row would show it */
function notFollowed(planned: "scheduled" | "cancelled") {
  return { status: planned, startedAt: null, finishedAt: null, state: { stops: [] } as unknown, eta: null };
}

/** the range asked for: from defaults to today, to to 13 days after from; both checked, at most 92 days */
function dateRange(query: { from?: string; to?: string }, today: LocalDate): { from: LocalDate; to: LocalDate } {
  const read = (field: "from" | "to") => {
    const text = query[field];
    if (text === undefined) return undefined;
    const date = parseLocalDate(text.trim());
    if (!date) refuse(field, "must be a date written YYYY-MM-DD");
    return date;
  };
  const from = read("from") ?? { year: today.year, month: today.month, day: today.day };
  const to = read("to") ?? addDays(from, OCCURRENCE_LIMITS.defaultDays - 1);
  if (compareLocalDates(to, from) < 0) refuse("to", "must not be before from");
  if (compareLocalDates(addDays(from, OCCURRENCE_LIMITS.maxDays - 1), to) < 0) {
    refuse("to", `the range may span at most ${OCCURRENCE_LIMITS.maxDays} days`);
  }
  return { from, to };
}

function refuse(field: string, message: string): never {
  throw new AppError("VALIDATION_FAILED", `${field}: ${message}`, [{ field, message }]);
}
