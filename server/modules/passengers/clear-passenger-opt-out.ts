// The team takes a passenger's opt-out back (they asked to be messaged again): only the team can, and only here.
// Clearing it sends nothing by itself; the next send-welcome includes the passenger again, and their link shows the
// vehicle around the route's runs again.
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { refreshRouteLinks } from "../tracking-links/refresh-route-links";
import { type PassengerDto, passengerNotFound, passengerSelect, toPassengerDto, ZPassengerRef } from "./passengers.schema";

export async function clearPassengerOptOut(input: { accountId: number; passengerId: number }): Promise<PassengerDto> {
  const { accountId, passengerId } = parseInput(ZPassengerRef, input);
  const { count } = await db().passenger.updateMany({ where: { id: passengerId, accountId }, data: { optedOutAt: null } });
  if (count === 0) throw passengerNotFound(passengerId);
  const passenger = await db().passenger.findUniqueOrThrow({ where: { id: passengerId }, select: passengerSelect });
  await refreshRouteLinks(passenger.routeId);
  return toPassengerDto(passenger);
}
