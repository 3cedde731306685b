// One run in progress as GTFS-realtime entities: its TripUpdate and its vehicle's VehiclePosition. Pure. The trip is
// the static feed's (gtfs-trips.ts tripOfDay: the same id, stops and sequences). Per stop of the trip, in order:
//
//   arrived / departed  actual times (uncertainty 0) and the delay against the static time
//   skipped             schedule_relationship SKIPPED
//   pending             the latest ETA ("run.eta", with its uncertainty); where the run has none yet, the first pending
//                       stop with a static time carries the delay at the last stop reached, which consumers propagate
//                       to the stops after it (GTFS-realtime "delay propagation")
import type { RunEtaMessage } from "../run-progress/run-eta-message";
import { parseLocalDate } from "../time/zoned-time";
import type { FeedEntity, StopTimeEvent, StopTimeUpdate, TripDescriptor, VehicleDescriptor } from "./gtfs-realtime-feed";
import { gtfsInstant, tripOfDay, type GtfsRouteRow } from "./gtfs-trips";

/** what run_progress.state holds of each stop (run-progress/run-progress.ts StopState) */
export interface StoredStopState {
  stopId: number;
  status: "pending" | "arrived" | "departed" | "skipped";
  arrivedAt: number | null;
  departedAt: number | null;
  skippedAt: number | null;
}

export interface RealtimeRun {
  route: GtfsRouteRow;
  /** the day's run row, or null: a day the weekly schedule implies */
  run: { id: number; startMinute: number | null; endMinute: number | null } | null;
  /** YYYY-MM-DD */
  date: string;
  stops: StoredStopState[];
  /** the fix that last moved the run (epoch ms) */
  lastFixAt: number | null;
  vehicle: { id: number; name: string; plate: string | null } | null;
  /** the vehicle's newest position */
  position: { latitude: number; longitude: number; course: number; speedKmh: number; at: number; odometerM: number | null } | null;
  eta: RunEtaMessage | null;
}

const seconds = (ms: number) => Math.round(ms / 1000);

export function realtimeEntities(input: RealtimeRun, timeZone: string): FeedEntity[] {
  const trip = tripOfDay(input.route, input.run);
  const day = parseLocalDate(input.date);
  if (!trip || !day) return [];
  const startDate = input.date.replaceAll("-", "");
  const descriptor: TripDescriptor = { trip_id: trip.tripId, route_id: String(input.route.id), start_date: startDate, schedule_relationship: "SCHEDULED" };
  const vehicle: VehicleDescriptor | undefined = input.vehicle
    ? { id: String(input.vehicle.id), label: input.vehicle.name, ...(input.vehicle.plate ? { license_plate: input.vehicle.plate } : {}) }
    : undefined;
  const states = new Map(input.stops.map((stop) => [stop.stopId, stop]));
  const etas = new Map((input.eta?.stops ?? []).map((stop) => [stop.stopId, stop]));
  const stopTimes = trip.stopTimes.map((time) => ({
    time,
    state: states.get(time.stopId),
    planned: time.minute === null ? null : gtfsInstant(day, time.minute, timeZone),
  }));
  const delayAt = (planned: number | null, at: number) => (planned === null ? undefined : seconds(at - planned));

  // the delay at the last stop reached that has a static time: departure where the vehicle left, else arrival
  let delay: number | undefined;
  for (const { state, planned } of stopTimes) {
    const actual = state?.departedAt ?? state?.arrivedAt ?? null;
    if (actual !== null && planned !== null) delay = delayAt(planned, actual);
  }

  const updates: StopTimeUpdate[] = [];
  let propagated = false;
  for (const { time, state, planned } of stopTimes) {
    const base = { stop_sequence: time.sequence, stop_id: String(time.stopId) };
    const status = state?.status ?? "pending";
    if (status === "skipped") {
      updates.push({ ...base, schedule_relationship: "SKIPPED" });
    } else if (state && state.arrivedAt !== null && (status === "arrived" || status === "departed")) {
      const arrival: StopTimeEvent = { time: seconds(state.arrivedAt), delay: delayAt(planned, state.arrivedAt), uncertainty: 0 };
      // still at the stop: it leaves no earlier than its static time, nor than the last fix that saw it there
      const leaves = state.departedAt ?? Math.max(state.arrivedAt, planned ?? 0, input.lastFixAt ?? 0);
      const departure: StopTimeEvent = { time: seconds(leaves), delay: delayAt(planned, leaves), ...(state.departedAt !== null ? { uncertainty: 0 } : {}) };
      updates.push({ ...base, arrival: compact(arrival), departure: compact(departure), schedule_relationship: "SCHEDULED" });
    } else {
      const eta = etas.get(time.stopId);
      if (eta) {
        const event = compact({ time: seconds(eta.etaAt), delay: delayAt(planned, eta.etaAt), uncertainty: Math.round(eta.uncertaintyS) });
        updates.push({ ...base, arrival: event, departure: event, schedule_relationship: "SCHEDULED" });
      } else if (!input.eta && !propagated && delay !== undefined && planned !== null) {
        updates.push({ ...base, arrival: { delay }, departure: { delay }, schedule_relationship: "SCHEDULED" });
        propagated = true;
      }
    }
  }
  const measuredAt = input.lastFixAt ?? input.eta?.at ?? null;
  const entities: FeedEntity[] = [
    {
      id: `trip:${trip.tripId}:${startDate}`,
      trip_update: {
        trip: descriptor,
        ...(vehicle ? { vehicle } : {}),
        stop_time_update: updates,
        ...(measuredAt !== null ? { timestamp: seconds(measuredAt) } : {}),
        ...(delay !== undefined ? { delay } : {}),
      },
    },
  ];

  if (vehicle) {
    // where the vehicle is along the trip: standing at the stop it arrived at, else on its way to the next pending one
    const at = stopTimes.find(({ state }) => state?.status === "arrived");
    const next = stopTimes.find(({ state }) => (state?.status ?? "pending") === "pending");
    const current = at ?? next;
    const position = input.position;
    entities.push({
      id: `vehicle:${trip.tripId}:${startDate}`,
      vehicle: {
        trip: descriptor,
        vehicle,
        ...(position
          ? {
              position: {
                latitude: position.latitude,
                longitude: position.longitude,
                bearing: position.course,
                speed: Math.round((position.speedKmh / 3.6) * 100) / 100,
                ...(position.odometerM !== null ? { odometer: position.odometerM } : {}),
              },
              timestamp: seconds(position.at),
            }
          : {}),
        ...(current
          ? { current_stop_sequence: current.time.sequence, stop_id: String(current.time.stopId), current_status: at ? ("STOPPED_AT" as const) : ("IN_TRANSIT_TO" as const) }
          : {}),
      },
    });
  }
  return entities;
}

/** the event without its undefined fields (a delay needs a static time) */
function compact(event: StopTimeEvent): StopTimeEvent {
  return Object.fromEntries(Object.entries(event).filter(([, value]) => value !== undefined)) as StopTimeEvent;
}
