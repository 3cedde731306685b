// Deletes a route with everything that belongs to it: its stops, runs, passengers and the tracking links that follow
// it or its passengers (the schema cascades). Those links are announced like a deleted link, so their viewers are
// disconnected at once. The dashboard names the counts before asking.
import { announce } from "../../announce";
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { routeNotFound, ZRouteRef } from "./routes.schema";

export async function deleteRoute(input: { accountId: number; routeId: number }): Promise<{ id: number }> {
  const { accountId, routeId } = parseInput(ZRouteRef, input);
  const links = await db().$transaction(async (tx) => {
    const route = await tx.route.findFirst({ where: { id: routeId, accountId }, select: { id: true } });
    if (!route) throw routeNotFound(routeId);
    const links = await tx.trackingLink.findMany({
      where: { accountId, OR: [{ routeId }, { passenger: { routeId } }] },
      select: { id: true, uuid: true },
    });
    await tx.route.delete({ where: { id: routeId } });
    return links;
  });
  for (const link of links) await announce("tracking-link.changed", { accountId, linkId: link.id, uuid: link.uuid });
  await announce("runs.changed", { accountId });
  return { id: routeId };
}
