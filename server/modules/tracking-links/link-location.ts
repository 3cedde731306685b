// What a viewer of a link is told of where its vehicle is: the public location object, and for a route-based link
// (ours) the stop its distance_km and eta_minutes refer to (stop-estimate.ts). A link with arrival-based expiry keeps
// the spec's meaning of the two fields (the destination) and names no stop. Shared by the REST location and the
// channel's location.updated, so both always say the same.
import type { LivePosition } from "../positions/live-position";
import { formatLocalDate, zonedParts } from "../time/zoned-time";
import type { LinkRecord } from "./link-record";
import type { LinkStops } from "./link-stops";
import { linkDestination, toPublicLocation } from "./public-location";
import type { RunSnapshot } from "./run-board";
import { stopEstimate } from "./stop-estimate";
import type { PublicLocation, PublicStop } from "./tracking-links.schema";

export interface LinkLocation {
  location: PublicLocation | null;
  /** only on route-based links: null when there is no stop to speak of (no stops, the run over) */
  stop?: PublicStop | null;
}

export function linkLocation(input: {
  link: Pick<LinkRecord, "routeId" | "destinationLat" | "destinationLng" | "arrivalRadiusM" | "account">;
  position: LivePosition | null;
  stops: LinkStops | null;
  run: RunSnapshot | null;
}): LinkLocation {
  const { link, position } = input;
  const destination = linkDestination(link);
  const location = position ? toPublicLocation(position, link.account.timeZone, destination) : null;
  if (link.routeId === null) return { location };
  if (destination || !input.stops || !input.run) return { location, stop: null };
  const estimate = stopEstimate({ stops: input.stops, run: input.run, position });
  if (location && estimate?.distanceKm !== undefined && estimate.etaMinutes !== undefined) {
    location.distance_km = estimate.distanceKm;
    location.eta_minutes = estimate.etaMinutes;
  }
  return { location, stop: estimate?.stop ?? null };
}

/** the day whose run a route-based link follows: today in the account's time zone (as refresh-route-links.ts) */
export function followedRunDate(timeZone: string, now = Date.now()): string {
  return formatLocalDate(zonedParts(now, timeZone));
}
