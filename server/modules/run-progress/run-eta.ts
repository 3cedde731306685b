// The ETA model: when a run in progress will reach each stop still ahead, and how sure that is. Pure: a function of
// the route's stops, the run's state (run-progress.ts, whose last fix is the vehicle's position), the route's history
// (segment-history.ts) and the day's midnight; the tracker calls it after every fix. docs/run-progress.md ("ETA")
// explains the model and its measured accuracy; in short:
//
//   - the route is its stops' straight legs (the route has no road geometry), each times ETA_MODEL.roadFactor;
//   - the vehicle is projected onto the leg it is driving; what is left of that leg, then each later leg, takes the
//     median time this route's past runs took on it at that time of day, times how slow or fast this run has been on
//     the legs it drove so far (bounded); a leg with too little history takes its distance at the trip's own average
//     speed so far, or a town speed at first;
//   - every intermediate stop adds its typical stand (history, else a default);
//   - the uncertainty adds the legs' and stands' spreads and grows with the time left.
import type { RunEtaStop } from "./run-eta-message";
import type { RunProgressState, StopState } from "./run-progress";
import { segmentPass, type LatLng } from "./segment-pass";
import { leftAt, reachedAt, type SegmentHistory } from "./segment-history";

export const ETA_MODEL = {
  /** road distance over the straight distance between stops: a usual detour factor for town streets (1.2–1.4) */
  roadFactor: 1.3,
  /** the speed a bus makes good in town with lights and turns, before this run or its history say otherwise (km/h) */
  townSpeedKmh: 25,
  /** the trip's own average speed replaces the town speed once it drove this long (s), within these bounds (km/h) */
  tripSpeedAfterS: 120,
  tripSpeedMinKmh: 8,
  tripSpeedMaxKmh: 70,
  /** a stand at an intermediate stop without history (s) */
  defaultDwellS: 30,
  /** how late or early this run is: actual / historical time on the legs driven, shrunk towards 1 by this many
   *  seconds of "as usual" (one short leg does not swing it), and bounded */
  latenessPriorS: 120,
  latenessMin: 0.6,
  latenessMax: 1.8,
  /** uncertainty: a floor, plus the legs' spreads, plus this share of the time left */
  baseUncertaintyS: 15,
  timeLeftShare: 0.08,
  /** the spread of a leg timed by a speed (no history): this share of its time */
  plainSpread: 0.25,
  /** the spread of a leg timed by its history: at least this share of its time (history that happened to agree) */
  minHistorySpread: 0.08,
} as const;

export interface EtaStopPlan {
  id: number;
  sequence: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
}

export interface EtaInput {
  /** the route's stops in order */
  stops: EtaStopPlan[];
  state: RunProgressState;
  history: SegmentHistory;
  /** the run's day's local midnight (epoch ms): the time of day of a leg */
  dayStart: number;
}

type Located = EtaStopPlan & LatLng;
const isLocated = (stop: EtaStopPlan): stop is Located => stop.latitude !== null && stop.longitude !== null;

/** the estimated arrival at every located stop still ahead, in route order; empty unless the run is in progress */
export function estimateArrivals(input: EtaInput): RunEtaStop[] {
  const { state, history, dayStart } = input;
  const fix = state.last;
  if (state.status !== "in_progress" || !fix) return [];
  const now = fix.at;
  // no closures here: the tracker runs this after every fix, and a function made per call is an allocation per call
  const states = new Map<number, StopState>();
  for (const stop of state.stops) states.set(stop.stopId, stop);
  const stops = input.stops.filter(isLocated);

  // the last stop reached (or passed); the stops after it are ahead
  let done = -1;
  for (let index = stops.length - 1; index >= 0; index--) {
    if (stateOf(states, stops[index]!).status !== "pending") {
      done = index;
      break;
    }
  }
  if (done === stops.length - 1) return [];
  const next = stops[done + 1]!;
  const current = done >= 0 ? stops[done]! : null;
  const currentState = current ? stateOf(states, current) : null;
  const atStop = currentState?.status === "arrived";
  // how far along the leg to the next stop the vehicle is (0 while it stands at the stop)
  const share = current && !atStop ? segmentPass(current, next, fix, 0).closestAt : 0;

  // this run against its history: the legs driven, and the share of the current one
  let actualS = 0;
  let usualS = 0;
  let drivenM = 0;
  let drivenS = 0;
  for (let index = 0; index < done; index++) {
    const from = stateOf(states, stops[index]!);
    const to = stateOf(states, stops[index + 1]!);
    const left = leftAt(from);
    const reached = reachedAt(to);
    if (left === null || reached === null || reached < left) continue;
    drivenM += legM(stops[index]!, stops[index + 1]!);
    drivenS += (reached - left) / 1000;
    const typical = history.segment(from.stopId, to.stopId, minuteOf(left, dayStart));
    if (typical) {
      actualS += (reached - left) / 1000;
      usualS += typical.seconds;
    }
  }
  const currentLeft = currentState && !atStop ? leftAt(currentState) : null;
  if (current && currentLeft !== null && now > currentLeft) {
    drivenM += share * legM(current, next);
    drivenS += (now - currentLeft) / 1000;
    const typical = history.segment(current.id, next.id, minuteOf(currentLeft, dayStart));
    if (typical && share > 0) {
      actualS += (now - currentLeft) / 1000;
      usualS += share * typical.seconds;
    }
  }
  const lateness = clamp((actualS + ETA_MODEL.latenessPriorS) / (usualS + ETA_MODEL.latenessPriorS), ETA_MODEL.latenessMin, ETA_MODEL.latenessMax);
  const plainKmh =
    drivenS >= ETA_MODEL.tripSpeedAfterS ? clamp((drivenM / drivenS) * 3.6, ETA_MODEL.tripSpeedMinKmh, ETA_MODEL.tripSpeedMaxKmh) : ETA_MODEL.townSpeedKmh;

  const etas: RunEtaStop[] = [];
  let t = now;
  let variance = 0;
  let distanceM: number;
  // the leg under way: what is left of it, or the stand at the stop and the whole leg
  if (!current) {
    distanceM = legM(fix, next);
    const seconds = distanceM / (plainKmh / 3.6);
    t += seconds * 1000;
    variance += (ETA_MODEL.plainSpread * seconds) ** 2;
  } else {
    const fullM = legM(current, next);
    distanceM = (1 - share) * fullM;
    if (atStop) {
      const dwell = history.dwell(current.id);
      const usual = dwell?.seconds ?? ETA_MODEL.defaultDwellS;
      t += Math.max(0, usual * 1000 - (now - (currentState!.arrivedAt ?? now)));
      variance += (dwell?.spreadS ?? ETA_MODEL.defaultDwellS / 2) ** 2;
    }
    const leg = legTime(history, current, next, minuteOf(currentLeft ?? t, dayStart), fullM, lateness, plainKmh);
    t += (1 - share) * leg.seconds * 1000;
    variance += ((1 - share) * leg.spreadS) ** 2;
  }
  etas.push(estimate(next, t, variance, now, distanceM));
  for (let index = done + 1; index < stops.length - 1; index++) {
    const from = stops[index]!;
    const to = stops[index + 1]!;
    const dwell = history.dwell(from.id);
    t += (dwell?.seconds ?? ETA_MODEL.defaultDwellS) * 1000;
    variance += (dwell?.spreadS ?? ETA_MODEL.defaultDwellS / 2) ** 2;
    const fullM = legM(from, to);
    const leg = legTime(history, from, to, minuteOf(t, dayStart), fullM, lateness, plainKmh);
    t += leg.seconds * 1000;
    variance += leg.spreadS ** 2;
    distanceM += fullM;
    etas.push(estimate(to, t, variance, now, distanceM));
  }
  return etas;
}

/** a stop's state in the run, pending when the state does not know it yet */
function stateOf(states: Map<number, StopState>, stop: Located): StopState {
  return states.get(stop.id) ?? { stopId: stop.id, status: "pending", arrivedAt: null, departedAt: null, skippedAt: null, trigger: null, passedAt: null };
}

function minuteOf(at: number, dayStart: number): number {
  return (at - dayStart) / 60_000;
}

/** a leg's length along the road (its straight length times the detour factor) */
function legM(from: LatLng, to: LatLng): number {
  return segmentPass(from, to, to, 0).lengthM * ETA_MODEL.roadFactor;
}

/** a leg's time and spread (s) started at `minute`: its history times the lateness, else its length at the plain speed */
function legTime(history: SegmentHistory, from: Located, to: Located, minute: number, distanceM: number, lateness: number, plainKmh: number) {
  const typical = history.segment(from.id, to.id, minute);
  if (typical) return { seconds: typical.seconds * lateness, spreadS: Math.max(typical.spreadS, ETA_MODEL.minHistorySpread * typical.seconds) * lateness };
  const seconds = distanceM / (plainKmh / 3.6);
  return { seconds, spreadS: ETA_MODEL.plainSpread * seconds };
}

/** the estimate for `stop`, reached at `t` (epoch ms) with `variance` (s²) after `distanceM` along the route */
function estimate(stop: Located, t: number, variance: number, now: number, distanceM: number): RunEtaStop {
  return {
    stopId: stop.id,
    sequence: stop.sequence,
    name: stop.name,
    etaAt: Math.round(t),
    uncertaintyS: Math.round(ETA_MODEL.baseUncertaintyS + Math.sqrt(variance) + ETA_MODEL.timeLeftShare * ((t - now) / 1000)),
    distanceM: Math.round(distanceM),
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
