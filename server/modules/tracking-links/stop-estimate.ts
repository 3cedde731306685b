// Which stop a route-based link's viewers are told about, and how far and how long the vehicle is from it (pure).
//
// - A passenger's own link: the passenger's stop. That is their pick-up stop until the vehicle has left it, then
//   their drop-off stop (a morning run: home, then school; an afternoon run: the school is left first, so home).
//   Only their own stops are named; of the others only how many lie before theirs.
// - Any other route-based link: the run's next stop (the first stop still ahead).
// The estimate is the run's ETA (run.eta, from the run-progress ETA model) while the run is on; before it starts (or
// before any ETA was heard) the straight-line estimate of public-location.ts from the vehicle's position. A stop the
// vehicle reached is "arrived" (0 min, 0 km) for the rest of the day; one it passed without stopping is "skipped".
import type { RunEtaStop } from "../run-progress/run-eta-message";
import type { LivePosition } from "../positions/live-position";
import { haversineMeters } from "../positions/geo";
import type { LinkStops, RouteStopPoint } from "./link-stops";
import { etaMinutes } from "./public-location";
import type { RunSnapshot } from "./run-board";
import type { PublicStop } from "./tracking-links.schema";

export interface StopEstimate {
  stop: PublicStop;
  /** absent when nothing can be estimated (a skipped stop, a stop without a position and no ETA) */
  distanceKm?: number;
  etaMinutes?: number;
}

export function stopEstimate(input: { stops: LinkStops; run: RunSnapshot; position: LivePosition | null }): StopEstimate | null {
  const { stops, run, position } = input;
  const stateOf = (stopId: number) => run.stops.get(stopId) ?? "pending";
  const ahead = run.eta?.stops ?? null;
  const over = run.eta === null && (run.status === "finished" || run.status === "cancelled");
  const byId = (id: number | undefined) => stops.route.find((stop) => stop.id === id);

  let target: RouteStopPoint | undefined;
  if (stops.mine.length > 0) {
    const mine = stops.mine.map((id) => byId(id)!);
    target = mine.find((stop) => stateOf(stop.id) !== "departed") ?? mine.at(-1);
  } else {
    if (over) return null;
    target = ahead ? byId(ahead[0]?.stopId) : stops.route.find((stop) => stateOf(stop.id) === "pending");
  }
  if (!target) return null;

  const state = stateOf(target.id);
  const named = (status: PublicStop["status"], stopsBefore: number): PublicStop => ({ name: target.name, status, stops_before: stopsBefore });
  if (state === "skipped") return { stop: named("skipped", 0) };
  const etaStop = ahead?.find((stop) => stop.stopId === target.id);
  // not among the stops ahead while the run is on: reached (its event may not have been heard here)
  const passed = ahead !== null && !etaStop && target.latitude !== null;
  if (state === "arrived" || state === "departed" || passed) return { stop: named("arrived", 0), distanceKm: 0, etaMinutes: 0 };
  if (etaStop) return fromEta(run.eta!.at, ahead!, etaStop, named);
  if (over) return null; // never reached before the run ended: nothing to promise
  const before = stops.route.filter((stop) => stop.sequence < target.sequence && stateOf(stop.id) === "pending").length;
  if (!position || target.latitude === null || target.longitude === null) return { stop: named("approaching", before) };
  const metres = haversineMeters(position.latitude, position.longitude, target.latitude, target.longitude);
  return {
    stop: named("approaching", before),
    distanceKm: Math.round(metres / 100) / 10,
    etaMinutes: metres <= target.radiusM ? 0 : etaMinutes(metres, position),
  };
}

/** the run's own estimate: minutes from the fix it was made at (so a repeat says the same), at least 1 until arrival */
function fromEta(at: number, ahead: RunEtaStop[], stop: RunEtaStop, named: (status: PublicStop["status"], before: number) => PublicStop): StopEstimate {
  return {
    stop: named("approaching", ahead.indexOf(stop)),
    distanceKm: Math.round(stop.distanceM / 100) / 10,
    etaMinutes: Math.max(1, Math.ceil((stop.etaAt - at) / 60_000)),
  };
}
