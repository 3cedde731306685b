// Route-based links (spec: "A route-based tracking link follows the run's vehicle"): a link made for a route, and
// every passenger's own link, follows the vehicle of the route's run for the day (the day in the account's time
// zone; a run that is not cancelled and names a vehicle), else the route's own vehicle. The vehicle followed is kept
// in the link's asset_id, so everything that serves a link (location, channel, arrival) works unchanged; when it
// changes, the link is announced and each gateway sends its viewers `.vehicle.changed` and the new vehicle's
// positions from then on.
//
// A passenger's own link also keeps its run window (passenger-link-windows.ts): the window around the route's run in
// progress or next, none while the passenger has opted out. When it changes, the link is due for the scheduler at
// once (next_check_at), which records the schedule state and announces a flip (`.schedule.changed`), as for any
// schedule boundary. A passenger's link whose route has stopped running expires here (schedule_ended).
//
// Re-evaluated at once when an import writes a route or a run (refreshRouteLinks) and every minute by the link
// scheduler (refreshAllRouteLinks: the day changes at midnight, the window of the next run follows the last one,
// and a change made where no call reaches, such as a vehicle deleted, is caught there). Each link changes with a
// compare-and-set on what was read, so of several nodes doing the same only one announces the change.
import { announce } from "../../announce";
import { db } from "../../db/client";
import { env } from "../../env";
import { idleSearchStart, isIdleExpired, passengerRunWindow, windowSearchRange } from "./passenger-link-windows";
import type { CalendarRun, RouteCalendar } from "../routes/route-calendar";
import { compareLocalDates, formatLocalDate, zonedParts, type LocalDate } from "../time/zoned-time";
import type { RunWindow } from "./link-timing";

/** links of this many routes are looked at per query */
const ROUTE_BATCH = 500;
const DAY_MS = 86_400_000;

/** the vehicle a route's links follow on the day of `now`: today's run's when it has one, else the route's own */
export function followedVehicle(
  route: { assetId: number | null },
  run: { assetId: number | null; status: "scheduled" | "cancelled" } | null,
): number | null {
  if (run && run.status !== "cancelled" && run.assetId !== null) return run.assetId;
  return route.assetId;
}

interface RoutePlan {
  route: RouteCalendar & { id: number };
  timeZone: string;
  /** the vehicle its links follow now */
  vehicle: number | null;
  /** its passengers' links' run window now (routes without passengers' links: null, not computed) */
  window: RunWindow | null;
}

type RunRow = CalendarRun & { routeId: number; date: string; assetId: number | null };

/** what each route's links should hold at `now`; run windows only for `windowRoutes` (routes that do not exist are left out) */
async function routePlans(routeIds: readonly number[], windowRoutes: ReadonlySet<number>, now: number): Promise<Map<number, RoutePlan>> {
  const prisma = db();
  const routes = await prisma.route.findMany({
    where: { id: { in: [...routeIds] } },
    select: { id: true, assetId: true, days: true, startMinute: true, endMinute: true, effectiveFrom: true, account: { select: { timeZone: true } } },
  });
  const runSelect = { routeId: true, date: true, assetId: true, status: true, startMinute: true, endMinute: true } as const;
  const todayOf = new Map(routes.map((route) => [route.id, formatLocalDate(zonedParts(now, route.account.timeZone))]));
  const todays: RunRow[] = await prisma.run.findMany({
    where: { routeId: { in: routes.map((route) => route.id) }, date: { in: [...new Set(todayOf.values())] } },
    select: runSelect,
  });
  const todaysRun = new Map(todays.filter((run) => todayOf.get(run.routeId) === run.date).map((run) => [run.routeId, run]));

  // the days a window may come from, for the routes whose passengers' links need one
  const windowed = routes.filter((route) => windowRoutes.has(route.id));
  const ranges = windowed.map((route) => windowSearchRange(now, route.account.timeZone));
  const around: RunRow[] =
    windowed.length === 0
      ? []
      : await prisma.run.findMany({
          where: {
            routeId: { in: windowed.map((route) => route.id) },
            date: { gte: formatLocalDate(earliest(ranges.map((range) => range.from))), lte: formatLocalDate(latest(ranges.map((range) => range.to))) },
          },
          select: runSelect,
        });
  const runsByRoute = byRouteAndDate(around);

  return new Map(
    routes.map((route) => {
      const timeZone = route.account.timeZone;
      const window = windowRoutes.has(route.id) ? passengerRunWindow(route, runsByRoute.get(route.id) ?? new Map(), timeZone, now) : null;
      return [route.id, { route, timeZone, vehicle: followedVehicle(route, todaysRun.get(route.id) ?? null), window }];
    }),
  );
}

/** the vehicle each route's links follow at `now` (routes that do not exist are left out) */
export async function followedVehicles(routeIds: readonly number[], now = Date.now()): Promise<Map<number, number | null>> {
  const plans = await routePlans(routeIds, new Set(), now);
  return new Map([...plans].map(([routeId, plan]) => [routeId, plan.vehicle]));
}

/** moves the links of these routes onto the vehicle and run window they should have now; returns how many changed */
export async function refreshLinksOfRoutes(routeIds: readonly number[], now = Date.now()): Promise<number> {
  if (routeIds.length === 0) return 0;
  const prisma = db();
  const links = await prisma.trackingLink.findMany({
    where: { routeId: { in: [...routeIds] } },
    select: {
      id: true,
      uuid: true,
      accountId: true,
      assetId: true,
      routeId: true,
      passengerId: true,
      expiredAt: true,
      createdAt: true,
      runWindowStart: true,
      runWindowEnd: true,
      passenger: { select: { optedOutAt: true } },
    },
  });
  if (links.length === 0) return 0; // most routes an import writes have no link yet: one query
  const windowRoutes = new Set(links.filter((link) => link.passengerId !== null).map((link) => link.routeId!));
  const plans = await routePlans([...new Set(links.map((link) => link.routeId!))], windowRoutes, now);
  let changed = 0;
  const idle: typeof links = [];
  for (const link of links) {
    const plan = plans.get(link.routeId!);
    if (!plan) continue;
    const data: { assetId?: number | null; runWindowStart?: Date | null; runWindowEnd?: Date | null; nextCheckAt?: Date } = {};
    if (plan.vehicle !== link.assetId) data.assetId = plan.vehicle;
    // viewers are told at once when what they may see now changes; a window that moves on (the next run's, after
    // the last one ended) changes nothing now, and the scheduler opens it when it comes
    let tell = data.assetId !== undefined;
    if (link.passengerId !== null) {
      // an opted-out passenger's link shows nothing until the team clears the opt-out
      const window = link.passenger?.optedOutAt ? null : plan.window;
      const stored = link.runWindowStart && link.runWindowEnd ? { start: link.runWindowStart.getTime(), end: link.runWindowEnd.getTime() } : null;
      if (window?.start !== stored?.start || window?.end !== stored?.end) {
        data.runWindowStart = window && new Date(window.start);
        data.runWindowEnd = window && new Date(window.end);
        data.nextCheckAt = new Date(now); // the scheduler records the new state and arms the window's boundaries
        tell ||= contains(window, now) !== contains(stored, now);
      }
      if (plan.window === null && link.expiredAt === null && now - link.createdAt.getTime() >= env().PASSENGER_LINK_IDLE_DAYS * DAY_MS) idle.push(link);
    }
    if (Object.keys(data).length === 0) continue;
    const { count } = await prisma.trackingLink.updateMany({
      // claimed by whoever changes it first, and only while it still follows this route (not switched to a vehicle)
      where: { id: link.id, assetId: link.assetId, routeId: link.routeId, runWindowStart: link.runWindowStart, runWindowEnd: link.runWindowEnd },
      data,
    });
    if (count !== 1) continue;
    changed++;
    if (tell) await announce("tracking-link.changed", { accountId: link.accountId, linkId: link.id, uuid: link.uuid });
  }
  return changed + (await expireIdleLinks(idle, plans, now));
}

function contains(window: RunWindow | null, now: number): boolean {
  return window !== null && now >= window.start && now < window.end;
}

/** passengers' links of routes that have stopped running: expired (schedule_ended), announced once */
async function expireIdleLinks(
  links: ReadonlyArray<{ id: number; uuid: string; accountId: number; routeId: number | null; createdAt: Date }>,
  plans: ReadonlyMap<number, RoutePlan>,
  now: number,
): Promise<number> {
  if (links.length === 0) return 0;
  const prisma = db();
  const idleDays = env().PASSENGER_LINK_IDLE_DAYS;
  const routeIds = [...new Set(links.map((link) => link.routeId!))];
  const starts = routeIds.map((routeId) => idleSearchStart(now, plans.get(routeId)!.timeZone, idleDays));
  const recent: RunRow[] = await prisma.run.findMany({
    where: { routeId: { in: routeIds }, date: { gte: formatLocalDate(earliest(starts)) } },
    select: { routeId: true, date: true, assetId: true, status: true, startMinute: true, endMinute: true },
  });
  const runsByRoute = byRouteAndDate(recent);
  let expired = 0;
  for (const link of links) {
    const plan = plans.get(link.routeId!)!;
    const ended = isIdleExpired({
      window: plan.window,
      route: plan.route,
      recentRuns: runsByRoute.get(plan.route.id) ?? new Map(),
      timeZone: plan.timeZone,
      linkCreatedAt: link.createdAt.getTime(),
      idleDays,
      now,
    });
    if (!ended) continue;
    const { count } = await prisma.trackingLink.updateMany({
      where: { id: link.id, expiredAt: null },
      data: { expiredAt: new Date(now), expiredReason: "schedule_ended", nextCheckAt: null },
    });
    if (count !== 1) continue;
    expired++;
    await announce("tracking-link.changed", { accountId: link.accountId, linkId: link.id, uuid: link.uuid });
  }
  return expired;
}

function byRouteAndDate(runs: readonly RunRow[]): Map<number, Map<string, RunRow>> {
  const byRoute = new Map<number, Map<string, RunRow>>();
  for (const run of runs) {
    let dates = byRoute.get(run.routeId);
    if (!dates) byRoute.set(run.routeId, (dates = new Map()));
    dates.set(run.date, run);
  }
  return byRoute;
}

function earliest(dates: readonly LocalDate[]): LocalDate {
  return dates.reduce((a, b) => (compareLocalDates(a, b) <= 0 ? a : b));
}

function latest(dates: readonly LocalDate[]): LocalDate {
  return dates.reduce((a, b) => (compareLocalDates(a, b) >= 0 ? a : b));
}

/** re-evaluates the vehicle (and run window) of one route's links now (call after writing the route or one of its runs) */
export async function refreshRouteLinks(routeId: number, now = Date.now()): Promise<number> {
  return refreshLinksOfRoutes([routeId], now);
}

/** re-evaluates every route-based link (the scheduler's periodic pass); returns how many changed */
export async function refreshAllRouteLinks(now = Date.now()): Promise<number> {
  let moved = 0;
  let after = 0;
  for (;;) {
    const batch = await db().route.findMany({
      where: { id: { gt: after }, trackingLinks: { some: {} } },
      select: { id: true },
      orderBy: { id: "asc" },
      take: ROUTE_BATCH,
    });
    if (batch.length === 0) return moved;
    const routeIds = batch.map((route) => route.id);
    moved += await refreshLinksOfRoutes(routeIds, now);
    after = routeIds.at(-1)!;
  }
}
