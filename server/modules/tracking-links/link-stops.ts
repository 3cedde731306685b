// The stops a route-based link's location speaks of (stop-estimate.ts): its route's stops in order, and for a
// passenger's own link that passenger's pick-up and drop-off stops. Read when a channel opens, when its link changes
// and when the account's routes change ("runs.changed"); the REST location reads them with each call.
import { db } from "../../db/client";
import { RUN_PROGRESS_RULES } from "../run-progress/run-progress";
import type { LinkRecord } from "./link-record";

export interface RouteStopPoint {
  id: number;
  sequence: number;
  name: string;
  /** null: a stop without a position (no straight-line estimate for it) */
  latitude: number | null;
  longitude: number | null;
  /** metres: inside it the vehicle is at the stop */
  radiusM: number;
}

export interface LinkStops {
  routeId: number;
  /** the route's stops in route order */
  route: RouteStopPoint[];
  /** a passenger's own link: their pick-up, then their drop-off stop (ids of `route`); empty for other links */
  mine: number[];
}

/** what the stops depend on in the link: a change of it means reading them again */
export function linkStopsKey(link: Pick<LinkRecord, "routeId" | "passenger">): string {
  return `${link.routeId}:${link.passenger?.pickupStopId ?? ""}:${link.passenger?.dropoffStopId ?? ""}`;
}

/** null for a link that follows a vehicle, not a route */
export async function loadLinkStops(link: Pick<LinkRecord, "routeId" | "passenger">): Promise<LinkStops | null> {
  if (link.routeId === null) return null;
  const rows = await db().routeStop.findMany({
    where: { routeId: link.routeId },
    orderBy: { sequence: "asc" },
    select: { id: true, sequence: true, name: true, latitude: true, longitude: true, radiusM: true },
  });
  const route = rows.map((row) => ({ ...row, radiusM: row.radiusM ?? RUN_PROGRESS_RULES.defaultRadiusM }));
  const ids = new Set(route.map((stop) => stop.id));
  const mine = [link.passenger?.pickupStopId, link.passenger?.dropoffStopId].filter(
    (id, index, all): id is number => typeof id === "number" && ids.has(id) && all.indexOf(id) === index,
  );
  return { routeId: link.routeId, route, mine };
}
