// Edits a stop; undefined fields stay as they are, null or "" clears one (an empty kind means both).
import { announce } from "../../announce";
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { ensureWholePoint } from "./coordinates";
import { findAccountStop } from "./find-account-stop";
import { type RouteStopDto, stopNotFound, stopSelect, toRouteStopDto, type UpdateRouteStopInput, ZUpdateRouteStop } from "./routes.schema";
import { ensureStopNameFree } from "./stop-name-taken";

export async function updateRouteStop(input: UpdateRouteStopInput): Promise<RouteStopDto> {
  const { accountId, stopId, time, ...fields } = parseInput(ZUpdateRouteStop, input);
  const saved = await db().$transaction(async (tx) => {
    const stop = await findAccountStop(tx, accountId, stopId);
    if (!stop) throw stopNotFound(stopId);
    ensureWholePoint(fields.latitude === undefined ? stop.latitude : fields.latitude, fields.longitude === undefined ? stop.longitude : fields.longitude);
    if (fields.name !== undefined) await ensureStopNameFree(tx, { routeId: stop.routeId, name: fields.name, stopId });
    const data = {
      ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
      ...(time !== undefined && {
        clockMinute: time?.kind === "clock" ? time.minutes : null,
        offsetMinutes: time?.kind === "offset" ? time.minutes : null,
      }),
    };
    const row = await tx.routeStop.update({ where: { id: stopId }, data, select: stopSelect });
    const passengers = await tx.passenger.count({ where: { OR: [{ pickupStopId: stopId }, { dropoffStopId: stopId }] } });
    return toRouteStopDto(row, passengers);
  });
  await announce("runs.changed", { accountId }); // the stops run-progress follows
  return saved;
}
