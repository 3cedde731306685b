// Puts a route's stops in a new order. The call names every stop of the route once: a list made from a page that
// has since changed (a stop added or removed elsewhere) is refused as CONFLICT rather than guessed at.
import { announce } from "../../announce";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { type ReorderRouteStopsInput, routeNotFound, type RouteStopDto, ZReorderRouteStops } from "./routes.schema";
import { getRoute } from "./get-route";

export async function reorderRouteStops(input: ReorderRouteStopsInput): Promise<RouteStopDto[]> {
  const { accountId, routeId, stopIds } = parseInput(ZReorderRouteStops, input);
  await db().$transaction(async (tx) => {
    const route = await tx.route.findFirst({ where: { id: routeId, accountId }, select: { stops: { select: { id: true } } } });
    if (!route) throw routeNotFound(routeId);
    const current = new Set(route.stops.map((stop) => stop.id));
    const named = new Set(stopIds);
    if (named.size !== stopIds.length || named.size !== current.size || stopIds.some((id) => !current.has(id))) {
      throw new AppError("CONFLICT", "The route's stops have changed since this list was loaded; reload the page and try again.");
    }
    for (const [index, id] of stopIds.entries()) await tx.routeStop.update({ where: { id }, data: { sequence: index + 1 } });
  });
  await announce("runs.changed", { accountId }); // the stops run-progress follows
  return (await getRoute({ accountId, routeId })).stops;
}
