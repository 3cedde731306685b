// Removes a stop and closes the gap in the order. Passengers picked up or dropped off there keep riding the route
// with that stop cleared (the schema sets it to null); the answer says how many, and the dashboard warns first.
import { announce } from "../../announce";
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { findAccountStop } from "./find-account-stop";
import { stopNotFound, ZStopRef } from "./routes.schema";

export async function deleteRouteStop(input: { accountId: number; stopId: number }): Promise<{ id: number; passengers_cleared: number }> {
  const { accountId, stopId } = parseInput(ZStopRef, input);
  const saved = await db().$transaction(async (tx) => {
    const stop = await findAccountStop(tx, accountId, stopId);
    if (!stop) throw stopNotFound(stopId);
    const passengers = await tx.passenger.count({ where: { OR: [{ pickupStopId: stopId }, { dropoffStopId: stopId }] } });
    await tx.routeStop.delete({ where: { id: stopId } });
    await tx.routeStop.updateMany({ where: { routeId: stop.routeId, sequence: { gt: stop.sequence } }, data: { sequence: { decrement: 1 } } });
    return { id: stopId, passengers_cleared: passengers };
  });
  await announce("runs.changed", { accountId }); // the stops run-progress follows
  return saved;
}
