import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { type RouteDetailDto, routeNotFound, routeSelect, stopSelect, toRouteDto, toRouteStopDto, ZRouteRef } from "./routes.schema";

/** A route of the account with its stops in order; another account's route is ROUTE_NOT_FOUND, like a missing one. */
export async function getRoute(input: { accountId: number; routeId: number }): Promise<RouteDetailDto> {
  const { accountId, routeId } = parseInput(ZRouteRef, input);
  const prisma = db();
  const row = await prisma.route.findFirst({
    where: { id: routeId, accountId },
    select: { ...routeSelect, stops: { select: stopSelect, orderBy: [{ sequence: "asc" }, { id: "asc" }] } },
  });
  if (!row) throw routeNotFound(routeId);
  // a passenger counts once per stop, even when picked up and dropped off at the same one
  const passengers = await prisma.passenger.findMany({ where: { routeId }, select: { pickupStopId: true, dropoffStopId: true } });
  const users = new Map<number, number>();
  for (const passenger of passengers) {
    for (const stopId of new Set([passenger.pickupStopId, passenger.dropoffStopId])) {
      if (stopId !== null) users.set(stopId, (users.get(stopId) ?? 0) + 1);
    }
  }
  const { stops, ...route } = row;
  return { ...toRouteDto(route), stops: stops.map((stop) => toRouteStopDto(stop, users.get(stop.id) ?? 0)) };
}
