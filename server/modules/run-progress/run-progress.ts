// The run-progress state machine: one day of a route (a run) and the fixes of the vehicle driving it in, the run's
// and each stop's state and the events between them out. Pure: no clock, no database, no hub; the tracker
// (run-progress-tracker.ts) feeds it and keeps its state. The rules and why they are what they are are in
// docs/run-progress.md; in short:
//
//   run:   scheduled -> in_progress (leaves the first stop, or moves from the start window on)
//                    -> finished (the last stop reached, or the end time and its grace passed) | cancelled
//   stop:  pending -> arrived -> departed, or pending -> skipped (a later stop was reached first)
//
// A stop is reached when the path between two consecutive fixes comes within its radius and the vehicle stops there:
// a fix inside at low speed, a dwell inside, a door opening inside, or a stop between two fixes that the time taken
// for the distance gives away. Stops are matched in route order, a few ahead at most, so a route that passes near a
// later stop early on does not jump ahead; once a stop is left the vehicle can never arrive there again, so GPS
// jitter around a stop cannot produce a second arrival.
import { planeDistanceM, segmentPass, type LatLng } from "./segment-pass";

export const RUN_PROGRESS_RULES = {
  /** a stop's radius when it sets none */
  defaultRadiusM: 75,
  /** at or below this a fix inside a stop's radius is stopped there (km/h) */
  lowSpeedKmh: 5,
  /** this long inside a stop's radius is a stop there whatever the speeds (ms) */
  dwellMs: 30_000,
  /** a stop between two fixes counts when the distance took at least this much longer than the speeds explain (ms) */
  inferredStopMs: 15_000,
  /** from this speed a vehicle is moving: a scheduled run in its start window starts (km/h) */
  movingKmh: 10,
  /** leaving a stop means going this much beyond its radius (the larger of the two), so jitter is not a departure */
  departureMarginM: 20,
  departureMarginShare: 0.25,
  /** how many not-yet-reached stops with a position are candidates for the next arrival */
  lookahead: 3,
  /** two fixes further apart than this are not joined into a path: the vehicle's way between them is unknown (ms) */
  maxGapMs: 5 * 60_000,
} as const;

export type RunStatus = "scheduled" | "in_progress" | "finished" | "cancelled";
export type StopStatus = "pending" | "arrived" | "departed" | "skipped";
/** what showed the vehicle stopped at a stop */
export type ArrivalTrigger = "low_speed" | "dwell" | "door" | "between_fixes";
export type StartReason = "left_first_stop" | "moving";
export type FinishReason = "last_stop" | "end_time";

export interface PlannedStop {
  id: number;
  sequence: number;
  latitude: number | null;
  longitude: number | null;
  radiusM: number;
}

export interface RunPlan {
  stops: PlannedStop[];
  /** fixes before this instant are remembered but neither start the run nor reach a stop (epoch ms) */
  watchFrom: number;
  /** an in-progress run still going at this instant is finished (end_time); a scheduled one never starts (epoch ms) */
  finishBy: number;
  cancelled: boolean;
}

export interface Fix extends LatLng {
  at: number; // epoch ms
  speedKmh: number;
  doorOpen: boolean;
}

export interface StopState {
  stopId: number;
  status: StopStatus;
  arrivedAt: number | null;
  departedAt: number | null;
  skippedAt: number | null;
  trigger: ArrivalTrigger | null;
  /** when the path went through the radius without stopping (closest approach), before the stop was judged skipped */
  passedAt: number | null;
}

export interface RunProgressState {
  status: RunStatus;
  startedAt: number | null;
  startReason: StartReason | null;
  finishedAt: number | null;
  finishReason: FinishReason | null;
  cancelledAt: number | null;
  stops: StopState[];
  /** the previous fix: the start of the next path */
  last: Fix | null;
  /** within the radius of a not-yet-reached stop (by id) since about this instant: a dwell in the making */
  inside: { stopId: number; since: number } | null;
}

export type RunProgressEvent =
  | { type: "run_started"; at: number; reason: StartReason }
  | { type: "stop_arrived"; at: number; stopId: number; trigger: ArrivalTrigger }
  | { type: "stop_departed"; at: number; stopId: number }
  | { type: "stop_skipped"; at: number; stopId: number }
  | { type: "run_finished"; at: number; reason: FinishReason }
  | { type: "run_cancelled"; at: number };

export interface Step {
  state: RunProgressState;
  events: RunProgressEvent[];
}

function pendingStop(stopId: number): StopState {
  return { stopId, status: "pending", arrivedAt: null, departedAt: null, skippedAt: null, trigger: null, passedAt: null };
}

export function initialState(plan: RunPlan): RunProgressState {
  return {
    status: "scheduled",
    startedAt: null,
    startReason: null,
    finishedAt: null,
    finishReason: null,
    cancelledAt: null,
    stops: plan.stops.map((stop) => pendingStop(stop.id)),
    last: null,
    inside: null,
  };
}

export function isTerminal(status: RunStatus): boolean {
  return status === "finished" || status === "cancelled";
}

/**
 * a copy a step may change without touching `previous`: the stops are the only parts changed in place (the last fix
 * and the dwell are replaced whole), so they alone are copied; cheaper than structuredClone, on every fix
 */
function copyState(previous: RunProgressState): RunProgressState {
  return { ...previous, stops: previous.stops.map((stop) => ({ ...stop })) };
}

/** the state's stops in the plan's order: a stop added mid-run is pending, a removed one is forgotten */
function alignStops(plan: RunPlan, stops: StopState[]): StopState[] {
  if (stops.length === plan.stops.length && stops.every((stop, index) => stop.stopId === plan.stops[index]!.id)) return stops; // as planned: nearly always
  const byId = new Map(stops.map((stop) => [stop.stopId, stop]));
  return plan.stops.map((stop) => byId.get(stop.id) ?? pendingStop(stop.id));
}

function departureRadiusM(stop: PlannedStop): number {
  return stop.radiusM + Math.max(RUN_PROGRESS_RULES.departureMarginM, stop.radiusM * RUN_PROGRESS_RULES.departureMarginShare);
}

const located = (stop: PlannedStop): stop is PlannedStop & LatLng => stop.latitude !== null && stop.longitude !== null;

/** one mutable step: the state being built and the events in the order they happened */
class Stepper {
  readonly events: RunProgressEvent[] = [];

  constructor(
    readonly plan: RunPlan,
    readonly state: RunProgressState,
  ) {}

  start(at: number, reason: StartReason): void {
    if (this.state.status !== "scheduled") return;
    this.state.status = "in_progress";
    this.state.startedAt = at;
    this.state.startReason = reason;
    this.events.push({ type: "run_started", at, reason });
  }

  finish(at: number, reason: FinishReason): void {
    this.state.status = "finished";
    this.state.finishedAt = at;
    this.state.finishReason = reason;
    this.state.inside = null;
    this.events.push({ type: "run_finished", at, reason });
  }

  /** the index of the stop the vehicle is at (arrived, not yet departed), or -1 */
  current(): number {
    return this.state.stops.findIndex((stop) => stop.status === "arrived");
  }

  /** the index after the last stop that is no longer pending: stops before it can no longer be reached */
  nextIndex(): number {
    let next = 0;
    this.state.stops.forEach((stop, index) => {
      if (stop.status !== "pending") next = index + 1;
    });
    return next;
  }

  isFirstLocated(index: number): boolean {
    return this.plan.stops.findIndex(located) === index;
  }

  isLastLocated(index: number): boolean {
    return this.plan.stops.findLastIndex(located) === index;
  }

  depart(index: number, at: number): void {
    const stop = this.state.stops[index]!;
    if (this.state.status === "scheduled" && this.isFirstLocated(index)) this.start(at, "left_first_stop");
    stop.status = "departed";
    stop.departedAt = at;
    this.events.push({ type: "stop_departed", at, stopId: stop.stopId });
  }

  arrive(index: number, at: number, trigger: ArrivalTrigger): void {
    // reached a later stop without having been seen to move off: it was moving, at the latest by now
    if (this.state.status === "scheduled" && !this.isFirstLocated(index)) this.start(at, "moving");
    // the stops before it that were not reached are skipped; stops without a position are never judged (unknown)
    for (let earlier = this.nextIndex(); earlier < index; earlier++) {
      const stop = this.state.stops[earlier]!;
      if (stop.status !== "pending" || !located(this.plan.stops[earlier]!)) continue;
      stop.status = "skipped";
      stop.skippedAt = stop.passedAt ?? at;
      this.events.push({ type: "stop_skipped", at: stop.skippedAt, stopId: stop.stopId });
    }
    const stop = this.state.stops[index]!;
    stop.status = "arrived";
    stop.arrivedAt = at;
    stop.trigger = trigger;
    stop.passedAt = null;
    this.state.inside = null;
    this.events.push({ type: "stop_arrived", at, stopId: stop.stopId, trigger });
    if (this.isLastLocated(index)) this.finish(at, "last_stop");
  }
}

/** the state after one more fix of the run's vehicle, and what happened on the way there */
export function advance(plan: RunPlan, previous: RunProgressState, fix: Fix): Step {
  if (isTerminal(previous.status)) return { state: previous, events: [] };
  if (previous.last && fix.at <= previous.last.at) return { state: previous, events: [] }; // late or repeated: the path is already past it
  const state = copyState(previous);
  state.stops = alignStops(plan, state.stops);
  const step = new Stepper(plan, state);

  if (plan.cancelled) {
    state.status = "cancelled";
    state.cancelledAt = fix.at;
    state.inside = null;
    state.last = fix;
    return { state, events: [{ type: "run_cancelled", at: fix.at }] };
  }
  if (fix.at < plan.watchFrom || (state.status === "scheduled" && fix.at > plan.finishBy)) {
    state.last = fix;
    state.inside = null;
    return { state, events: [] };
  }
  if (state.status === "in_progress" && fix.at > plan.finishBy) {
    step.finish(plan.finishBy, "end_time");
    state.last = fix;
    return { state, events: step.events };
  }

  const from = state.last && fix.at - state.last.at <= RUN_PROGRESS_RULES.maxGapMs && state.last.at >= plan.watchFrom ? state.last : fix;
  followStops(step, from, fix);
  if (state.status === "scheduled" && fix.speedKmh >= RUN_PROGRESS_RULES.movingKmh && step.current() < 0) step.start(fix.at, "moving");
  state.last = fix;
  return { state, events: step.events };
}

/** the stop matching of one path `from` -> `to` (the same fix twice: a point) */
function followStops(step: Stepper, from: Fix, to: Fix): void {
  const { plan, state } = step;
  const span = to.at - from.at;
  const timeAt = (share: number) => Math.round(from.at + share * span);

  const current = step.current();
  if (current >= 0) {
    const stop = plan.stops[current]!;
    if (!located(stop)) return;
    if (planeDistanceM(to, stop) <= departureRadiusM(stop)) return; // still there (or jitter)
    const pass = segmentPass(from, to, stop, stop.radiusM);
    step.depart(current, pass.exitAt !== null ? timeAt(pass.exitAt) : from === to ? to.at : timeAt(0));
  }

  const candidates: number[] = [];
  for (let index = step.nextIndex(); index < plan.stops.length && candidates.length < RUN_PROGRESS_RULES.lookahead; index++) {
    if (located(plan.stops[index]!)) candidates.push(index);
  }
  let stillInside = false;
  for (const index of candidates) {
    const stop = plan.stops[index] as PlannedStop & LatLng;
    const pass = segmentPass(from, to, stop, stop.radiusM);
    if (pass.enterAt === null) continue;
    const entered = state.inside?.stopId === stop.id ? state.inside.since : timeAt(pass.enterAt);
    if (pass.exitAt === null) {
      // the fix is inside the radius: stopped there now, or a dwell, or keep watching
      const trigger: ArrivalTrigger | null = to.doorOpen
        ? "door"
        : to.speedKmh <= RUN_PROGRESS_RULES.lowSpeedKmh
          ? "low_speed"
          : to.at - entered >= RUN_PROGRESS_RULES.dwellMs
            ? "dwell"
            : null;
      if (trigger) {
        step.arrive(index, entered, trigger);
        return;
      }
      state.inside = { stopId: stop.id, since: entered };
      stillInside = true;
      break;
    }
    // the path went through the radius and out again: did the vehicle stop on the way?
    const stoppedMs = stopBetweenFixesMs(from, to, pass.lengthM);
    if (stoppedMs !== null && stoppedMs >= RUN_PROGRESS_RULES.inferredStopMs) {
      const arrivedAt = Math.round(from.at + ((pass.closestAt * pass.lengthM) / meanSpeedMs(from, to)) * 1000);
      step.arrive(index, Math.min(arrivedAt, to.at), "between_fixes");
      if (state.status !== "finished") step.depart(index, Math.min(arrivedAt + stoppedMs, to.at));
      return;
    }
    state.stops[index]!.passedAt = timeAt(pass.closestAt);
  }
  if (!stillInside) state.inside = null;
}

function meanSpeedMs(from: Fix, to: Fix): number {
  return ((from.speedKmh + to.speedKmh) / 2) / 3.6;
}

/**
 * How long the vehicle stood still between two fixes, judged from the time the distance took against the speeds the
 * fixes report; null when the speeds are too low to judge by (a crawl, which the fixes themselves show as low speed).
 */
function stopBetweenFixesMs(from: Fix, to: Fix, lengthM: number): number | null {
  const speed = meanSpeedMs(from, to);
  if (speed < 1) return null;
  return to.at - from.at - (lengthM / speed) * 1000;
}

/** a run whose end time (and grace) passed with no fix since: finished at that moment; the tracker's sweep calls it */
export function expire(plan: RunPlan, previous: RunProgressState, now: number): Step {
  if (previous.status !== "in_progress" || now <= plan.finishBy) return { state: previous, events: [] };
  const state: RunProgressState = structuredClone(previous);
  const step = new Stepper(plan, state);
  step.finish(plan.finishBy, "end_time");
  return { state, events: step.events };
}

/**
 * a run cancelled by the team, at `at`, whatever its vehicle does: the cancellation's own writer calls it
 * (cancel-followed-runs.ts), so a run whose vehicle sends no fix is cancelled too; nothing for a run already over
 */
export function cancel(previous: RunProgressState, at: number): Step {
  if (isTerminal(previous.status)) return { state: previous, events: [] };
  const state: RunProgressState = { ...structuredClone(previous), status: "cancelled", cancelledAt: at, inside: null };
  return { state, events: [{ type: "run_cancelled", at }] };
}

/**
 * a cancelled run scheduled again by the team: followed again from where it was (started or not), without an event;
 * null when it was not cancelled
 */
export function restore(previous: RunProgressState): RunProgressState | null {
  if (previous.status !== "cancelled") return null;
  return { ...structuredClone(previous), status: previous.startedAt === null ? "scheduled" : "in_progress", cancelledAt: null };
}
