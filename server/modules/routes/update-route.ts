// Edits a route's details; undefined fields stay as they are, null or "" clears one. Renumbering to a number
// another route has is ROUTE_NUMBER_TAKEN (409). The times are checked together with the ones kept. The route's
// tracking links are not moved here: the dashboard edits through tracking-links/update-route-with-links.ts, which
// refreshes them after this (routes must not call tracking-links, which reads routes).
import { announce } from "../../announce";
import { db } from "../../db/client";
import { isUniqueViolation, parseInput } from "../parse-input";
import { ensureAssignment } from "./route-assignment";
import { type RouteDto, routeNotFound, routeNumberTaken, routeSelect, toRouteDto, type UpdateRouteInput, ZUpdateRoute } from "./routes.schema";
import { ensureTimeOrder } from "./time-order";

export async function updateRoute(input: UpdateRouteInput): Promise<RouteDto> {
  const { accountId, routeId, routeNumber, startTime, endTime, ...fields } = parseInput(ZUpdateRoute, input);
  let saved: RouteDto;
  try {
    saved = await db().$transaction(async (tx) => {
      const route = await tx.route.findFirst({ where: { id: routeId, accountId }, select: { id: true, routeNumber: true, startMinute: true, endMinute: true } });
      if (!route) throw routeNotFound(routeId);
      ensureTimeOrder(startTime === undefined ? route.startMinute : startTime, endTime === undefined ? route.endMinute : endTime);
      await ensureAssignment(tx, accountId, fields);
      if (routeNumber !== undefined && routeNumber !== route.routeNumber) {
        const taken = await tx.route.findUnique({ where: { accountId_routeNumber: { accountId, routeNumber } }, select: { id: true } });
        if (taken) throw routeNumberTaken(routeNumber);
      }
      const data = {
        ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
        ...(routeNumber !== undefined && { routeNumber }),
        ...(startTime !== undefined && { startMinute: startTime }),
        ...(endTime !== undefined && { endMinute: endTime }),
      };
      const row = await tx.route.update({ where: { id: routeId }, data, select: routeSelect });
      return toRouteDto(row);
    });
  } catch (error) {
    if (routeNumber !== undefined && isUniqueViolation(error)) throw routeNumberTaken(routeNumber);
    throw error;
  }
  await announce("runs.changed", { accountId }); // run-progress trackers read the account's runs again
  return saved;
}
