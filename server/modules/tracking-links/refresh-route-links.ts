// Route-based links (spec: "A route-based tracking link follows the run's vehicle"): a link made for a route, and
// every passenger's own link, follows the vehicle of the route's run for the day (the day in the account's time
// zone; a run that is not cancelled and names a vehicle), else the route's own vehicle. The vehicle followed is kept
// in the link's asset_id, so everything that serves a link (location, channel, arrival) works unchanged; when it
// changes, the link is announced and each gateway sends its viewers `.vehicle.changed` and the new vehicle's
// positions from then on.
//
// Re-evaluated at once when an import writes a route or a run (refreshRouteLinks) and every minute by the link
// scheduler (refreshAllRouteLinks: the day changes at midnight, and a change made where no call reaches, such as a
// vehicle deleted, is caught there). Each link moves with a compare-and-set on its asset_id, so of several nodes
// doing the same only one announces the change.
import { announce } from "../../announce";
import { db } from "../../db/client";
import { formatLocalDate, zonedParts } from "../time/zoned-time";

/** links of this many routes are looked at per query */
const ROUTE_BATCH = 500;

/** the vehicle a route's links follow on the day of `now`: today's run's when it has one, else the route's own */
export function followedVehicle(
  route: { assetId: number | null },
  run: { assetId: number | null; status: "scheduled" | "cancelled" } | null,
): number | null {
  if (run && run.status !== "cancelled" && run.assetId !== null) return run.assetId;
  return route.assetId;
}

/** the vehicle each route's links follow at `now` (routes that do not exist are left out) */
export async function followedVehicles(routeIds: readonly number[], now = Date.now()): Promise<Map<number, number | null>> {
  const prisma = db();
  const routes = await prisma.route.findMany({
    where: { id: { in: [...routeIds] } },
    select: { id: true, assetId: true, account: { select: { timeZone: true } } },
  });
  const todayOf = new Map(routes.map((route) => [route.id, formatLocalDate(zonedParts(now, route.account.timeZone))]));
  const runs = await prisma.run.findMany({
    where: { routeId: { in: routes.map((route) => route.id) }, date: { in: [...new Set(todayOf.values())] } },
    select: { routeId: true, date: true, assetId: true, status: true },
  });
  const todaysRun = new Map(runs.filter((run) => todayOf.get(run.routeId) === run.date).map((run) => [run.routeId, run]));
  return new Map(routes.map((route) => [route.id, followedVehicle(route, todaysRun.get(route.id) ?? null)]));
}

/** moves the links of these routes onto the vehicle they should follow now; returns how many moved */
export async function refreshLinksOfRoutes(routeIds: readonly number[], now = Date.now()): Promise<number> {
  if (routeIds.length === 0) return 0;
  const prisma = db();
  const links = await prisma.trackingLink.findMany({
    where: { routeId: { in: [...routeIds] } },
    select: { id: true, uuid: true, accountId: true, assetId: true, routeId: true },
  });
  if (links.length === 0) return 0; // most routes an import writes have no link yet: one query
  const vehicles = await followedVehicles([...new Set(links.map((link) => link.routeId!))], now);
  let moved = 0;
  for (const link of links) {
    const target = vehicles.get(link.routeId!);
    if (target === undefined || target === link.assetId) continue;
    const { count } = await prisma.trackingLink.updateMany({
      // claimed by whoever moves it first, and only while it still follows this route (not switched to a vehicle)
      where: { id: link.id, assetId: link.assetId, routeId: link.routeId },
      data: { assetId: target },
    });
    if (count !== 1) continue;
    moved++;
    await announce("tracking-link.changed", { accountId: link.accountId, linkId: link.id, uuid: link.uuid });
  }
  return moved;
}

/** re-evaluates the vehicle of one route's links now (call after writing the route or one of its runs) */
export async function refreshRouteLinks(routeId: number, now = Date.now()): Promise<number> {
  return refreshLinksOfRoutes([routeId], now);
}

/** re-evaluates every route-based link (the scheduler's periodic pass); returns how many moved */
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
