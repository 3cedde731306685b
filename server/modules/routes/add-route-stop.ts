// Adds a stop to a route, after the last one or at `position` (the stops from there on move one place along).
import { announce } from "../../announce";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { ensureWholePoint } from "./coordinates";
import { type AddRouteStopInput, ROUTE_LIMITS, routeNotFound, type RouteStopDto, stopSelect, toRouteStopDto, ZAddRouteStop } from "./routes.schema";
import { ensureStopNameFree } from "./stop-name-taken";

export async function addRouteStop(input: AddRouteStopInput): Promise<RouteStopDto> {
  const { accountId, routeId, position, time, ...stop } = parseInput(ZAddRouteStop, input);
  const latitude = stop.latitude ?? null;
  const longitude = stop.longitude ?? null;
  ensureWholePoint(latitude, longitude);
  const saved = await db().$transaction(async (tx) => {
    const route = await tx.route.findFirst({ where: { id: routeId, accountId }, select: { id: true, _count: { select: { stops: true } } } });
    if (!route) throw routeNotFound(routeId);
    const count = route._count.stops;
    if (count >= ROUTE_LIMITS.maxStops) {
      throw new AppError("VALIDATION_FAILED", `A route has at most ${ROUTE_LIMITS.maxStops} stops.`, [
        { field: "name", message: `the route already has ${ROUTE_LIMITS.maxStops} stops, the most it may have` },
      ]);
    }
    await ensureStopNameFree(tx, { routeId, name: stop.name });
    const sequence = Math.min(position ?? count + 1, count + 1);
    if (sequence <= count) await tx.routeStop.updateMany({ where: { routeId, sequence: { gte: sequence } }, data: { sequence: { increment: 1 } } });
    const row = await tx.routeStop.create({
      data: {
        routeId,
        sequence,
        name: stop.name,
        address: stop.address ?? null,
        latitude,
        longitude,
        clockMinute: time?.kind === "clock" ? time.minutes : null,
        offsetMinutes: time?.kind === "offset" ? time.minutes : null,
        kind: stop.kind ?? "both",
        radiusM: stop.radiusM ?? null,
      },
      select: stopSelect,
    });
    return toRouteStopDto(row, 0);
  });
  await announce("runs.changed", { accountId }); // the stops run-progress follows
  return saved;
}
