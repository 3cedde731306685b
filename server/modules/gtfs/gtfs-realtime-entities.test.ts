// A run in progress as GTFS-realtime entities, the cases the over-TCP test does not drive: a vehicle standing at a
// stop (its departure estimated, STOPPED_AT), ETAs for some stops only, no delay to propagate without a static time,
// a day whose trip cannot be timed, and a run without a vehicle (no VehiclePosition).
import { describe, expect, it } from "vitest";
import { parseLocalDate, zonedInstant } from "../time/zoned-time";
import { realtimeEntities, type RealtimeRun } from "./gtfs-realtime-entities";
import type { GtfsStopRow } from "./gtfs-trips";

const TZ = "UTC";
const DAY = parseLocalDate("2030-09-04")!;
const at = (minute: number) => zonedInstant(DAY, minute, TZ);
const stop = (id: number, over: Partial<GtfsStopRow> = {}): GtfsStopRow => ({
  id, sequence: id, name: `Stop ${id}`, latitude: 54.7, longitude: 25.3, clockMinute: null, offsetMinutes: (id - 1) * 10, kind: "both", ...over,
});
const pending = (stopId: number) => ({ stopId, status: "pending" as const, arrivedAt: null, departedAt: null, skippedAt: null });

function run(over: Partial<RealtimeRun> = {}): RealtimeRun {
  return {
    route: { id: 7, routeNumber: "R7", name: null, days: [], startMinute: 480, endMinute: 540, effectiveFrom: null, stops: [stop(1), stop(2), stop(3), stop(4)] },
    run: { id: 41, startMinute: null, endMinute: null },
    date: "2030-09-04",
    stops: [
      { stopId: 1, status: "departed", arrivedAt: at(478), departedAt: at(482), skippedAt: null },
      { stopId: 2, status: "arrived", arrivedAt: at(493), departedAt: null, skippedAt: null },
      pending(3),
      pending(4),
    ],
    lastFixAt: at(494),
    vehicle: { id: 3, name: "Bus 1", plate: null },
    position: null,
    eta: null,
    ...over,
  };
}

describe("realtimeEntities", () => {
  it("estimates the departure of the stop the vehicle stands at and says STOPPED_AT; propagates the delay from there", () => {
    const [trip, vehicle] = realtimeEntities(run(), TZ);
    const updates = trip!.trip_update!.stop_time_update;
    // at stop 2 since 08:13 (planned 08:10): it leaves no earlier than the last fix, 08:14
    expect(updates[1]).toEqual({
      stop_sequence: 2, stop_id: "2", schedule_relationship: "SCHEDULED",
      arrival: { time: at(493) / 1000, delay: 180, uncertainty: 0 },
      departure: { time: at(494) / 1000, delay: 240 },
    });
    expect(updates.slice(2)).toEqual([{ stop_sequence: 3, stop_id: "3", schedule_relationship: "SCHEDULED", arrival: { delay: 180 }, departure: { delay: 180 } }]);
    expect(trip!.trip_update!.delay).toBe(180);
    expect(vehicle!.vehicle).toMatchObject({ current_stop_sequence: 2, stop_id: "2", current_status: "STOPPED_AT" });
    expect(vehicle!.vehicle!.position).toBeUndefined();
  });

  it("gives the ETAs it has and nothing for the pending stops it has none for", () => {
    const eta = { version: 1 as const, accountId: 1, routeId: 7, date: "2030-09-04", runId: 41, vehicle: { assetId: 3 }, at: at(494), stops: [{ stopId: 4, sequence: 4, name: "Stop 4", etaAt: at(512), uncertaintyS: 120, distanceM: 3000 }] };
    const updates = realtimeEntities(run({ eta }), TZ)[0]!.trip_update!.stop_time_update;
    expect(updates.map((u) => u.stop_sequence)).toEqual([1, 2, 4]);
    expect(updates[2]!.arrival).toEqual({ time: at(512) / 1000, delay: 120, uncertainty: 120 });
  });

  it("propagates no delay when the stop ahead has no static time, and makes nothing of a day that cannot be timed", () => {
    const route = { ...run().route, stops: [stop(1), stop(2), stop(3, { offsetMinutes: null }), stop(4)] };
    expect(realtimeEntities(run({ route }), TZ)[0]!.trip_update!.stop_time_update.map((u) => u.stop_sequence)).toEqual([1, 2, 4]);
    const untimed = { ...run().route, startMinute: null, stops: [stop(1, { offsetMinutes: null }), stop(2)] };
    expect(realtimeEntities(run({ route: untimed, run: null }), TZ)).toEqual([]);
  });

  it("names the weekly trip on a schedule day, and has no VehiclePosition without a vehicle", () => {
    const entities = realtimeEntities(run({ run: null, vehicle: null }), TZ);
    expect(entities.map((e) => e.id)).toEqual(["trip:route-7:20300904"]);
    expect(entities[0]!.trip_update!.trip).toEqual({ trip_id: "route-7", route_id: "7", start_date: "20300904", schedule_relationship: "SCHEDULED" });
  });
});
