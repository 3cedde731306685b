// What the hub carries for each run-progress event ("run.progress"): the later webhooks and passenger pages are built
// from it, so it names everything a consumer needs without reading the database: the run (route number and name,
// day, run id when the day is an imported run), the stop with its planned and actual times, and the vehicle. One hub
// event for all six types, not one per type: a consumer then hears a run's events in the order they happened (Redis
// keeps order within a channel, not across channels). `type` is the name the webhook event will carry.
import type { FollowedRun } from "./followed-runs";
import type { ArrivalTrigger, FinishReason, RunProgressEvent, RunProgressState, RunStatus, StartReason } from "./run-progress";

export interface RunProgressMessage {
  version: 1;
  /** `${route_id}:${date}:${n}`, n counting the run's events from 1: the same event keeps its id across restarts */
  id: string;
  type: RunProgressEvent["type"];
  /** when it happened (epoch ms): the vehicle's fix times, not when it was computed */
  occurredAt: number;
  accountId: number;
  run: {
    /** the imported run of that day, or null: a day the route's weekly schedule implies */
    id: number | null;
    routeId: number;
    routeNumber: string;
    routeName: string | null;
    /** YYYY-MM-DD in the account's time zone */
    date: string;
    status: RunStatus;
    startedAt: number | null;
    finishedAt: number | null;
    /** run_started: what started it; run_finished: what finished it */
    reason: StartReason | FinishReason | null;
  };
  /** the stop of a stop_* event, else null; its times are those known once the fix was evaluated (a stop made between
   *  two fixes has its departure time already in its stop_arrived event) */
  stop: {
    id: number;
    sequence: number;
    name: string;
    plannedAt: number | null;
    arrivedAt: number | null;
    departedAt: number | null;
    skippedAt: number | null;
    /** stop_arrived: what showed the vehicle stopped there */
    trigger: ArrivalTrigger | null;
  } | null;
  /** the vehicle whose fix it was (null only for a run finished by the clock whose vehicle was deleted) */
  vehicle: { assetId: number | null };
}

export function runProgressMessage(input: {
  run: FollowedRun;
  state: RunProgressState;
  event: RunProgressEvent;
  sequence: number;
  assetId: number | null;
}): RunProgressMessage {
  const { run, state, event, assetId } = input;
  const stopId = "stopId" in event ? event.stopId : null;
  const planned = stopId === null ? undefined : run.stops.find((stop) => stop.id === stopId);
  const progress = stopId === null ? undefined : state.stops.find((stop) => stop.stopId === stopId);
  return {
    version: 1,
    id: `${run.routeId}:${run.date}:${input.sequence}`,
    type: event.type,
    occurredAt: event.at,
    accountId: run.accountId,
    run: {
      id: run.runId,
      routeId: run.routeId,
      routeNumber: run.routeNumber,
      routeName: run.routeName,
      date: run.date,
      status: state.status,
      startedAt: state.startedAt,
      finishedAt: state.finishedAt ?? state.cancelledAt,
      reason: "reason" in event ? event.reason : null,
    },
    stop:
      planned && progress
        ? {
            id: planned.id,
            sequence: planned.sequence,
            name: planned.name,
            plannedAt: planned.plannedAt,
            arrivedAt: progress.arrivedAt,
            departedAt: progress.departedAt,
            skippedAt: progress.skippedAt,
            trigger: event.type === "stop_arrived" ? event.trigger : null,
          }
        : null,
    vehicle: { assetId },
  };
}
