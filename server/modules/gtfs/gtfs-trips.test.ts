// The GTFS trips of routes and runs: times from clock times and offsets, the start and end standing in at the ends,
// a run across midnight past 24:00, stops without a position left out, the weekly service with the days that have a
// run row taken out, a cancelled run, effective_from, and GTFS times on a daylight saving change day.
import { describe, expect, it } from "vitest";
import { parseLocalDate } from "../time/zoned-time";
import { gtfsTime } from "./gtfs-static-files";
import { gtfsInstant, gtfsSchedule, tripStopTimes, type GtfsRouteRow, type GtfsStopRow } from "./gtfs-trips";

const stop = (id: number, over: Partial<GtfsStopRow> = {}): GtfsStopRow => ({
  id, sequence: id, name: `Stop ${id}`, latitude: 54.7, longitude: 25.3, clockMinute: null, offsetMinutes: null, kind: "both", ...over,
});
const date = (text: string) => parseLocalDate(text)!;

describe("tripStopTimes", () => {
  it("takes clock times and minutes after the start; the start and end stand in for the first and last stop", () => {
    const times = tripStopTimes([stop(1), stop(2, { offsetMinutes: 7 }), stop(3), stop(4, { clockMinute: 8 * 60 })], 7 * 60 + 30, 8 * 60 + 15);
    expect(times!.map((t) => [t.stopId, gtfsTime(t.minute), t.exact])).toEqual([
      [1, "07:30:00", false],
      [2, "07:37:00", true],
      [3, null, false],
      [4, "08:00:00", true],
    ]);
    expect(tripStopTimes([stop(1), stop(2)], null, 9 * 60)).toBeNull(); // no time at the first stop
    expect(tripStopTimes([stop(1), stop(2, { latitude: null })], 0, 60)).toBeNull(); // one located stop
  });

  it("goes past 24:00 across midnight and leaves out stops without a position", () => {
    const times = tripStopTimes([stop(1, { clockMinute: 23 * 60 + 40 }), stop(2, { longitude: null, clockMinute: 23 * 60 + 50 }), stop(3, { clockMinute: 10 }), stop(4, { offsetMinutes: 45 })], 23 * 60 + 40, null);
    expect(times!.map((t) => [t.stopId, t.sequence, gtfsTime(t.minute)])).toEqual([
      [1, 1, "23:40:00"],
      [3, 3, "24:10:00"],
      [4, 4, "24:25:00"],
    ]);
  });
});

describe("gtfsSchedule", () => {
  const route: GtfsRouteRow = {
    id: 12, routeNumber: "R7", name: null, days: [1, 2, 3, 4, 5], startMinute: 450, endMinute: 495, effectiveFrom: "2030-09-03",
    stops: [stop(1), stop(2)],
  };
  it("runs the weekly trip from effective_from without the days that have runs; a run's own trip on its day, none when cancelled", () => {
    const runs = [
      { id: 41, routeId: 12, date: "2030-09-04", status: "scheduled" as const, startMinute: 480, endMinute: null },
      { id: 42, routeId: 12, date: "2030-09-05", status: "cancelled" as const, startMinute: null, endMinute: null },
      { id: 43, routeId: 12, date: "2030-09-07", status: "scheduled" as const, startMinute: null, endMinute: null }, // a Saturday
    ];
    const { trips, services } = gtfsSchedule([route], runs, date("2030-09-01"), date("2030-09-30"));
    expect(trips.map((t) => [t.tripId, t.serviceId, t.stopTimes.map((s) => gtfsTime(s.minute))])).toEqual([
      ["route-12", "route-12", ["07:30:00", "08:15:00"]],
      ["run-41", "run-41", ["08:00:00", "08:15:00"]],
      ["run-43", "run-43", ["07:30:00", "08:15:00"]],
    ]);
    expect(services).toEqual([
      { serviceId: "route-12", weekly: { days: [1, 2, 3, 4, 5], start: "2030-09-03", end: "2030-09-30" }, added: [], removed: ["2030-09-04", "2030-09-05"] },
      { serviceId: "run-41", weekly: null, added: ["2030-09-04"], removed: [] },
      { serviceId: "run-43", weekly: null, added: ["2030-09-07"], removed: [] },
    ]);
  });

  it("has no weekly trip for a route without days, or one that starts after the feed's days", () => {
    expect(gtfsSchedule([{ ...route, days: [] }], [], date("2030-09-01"), date("2030-09-30")).trips).toEqual([]);
    expect(gtfsSchedule([{ ...route, effectiveFrom: "2030-10-01" }], [], date("2030-09-01"), date("2030-09-30")).trips).toEqual([]);
  });
});

describe("gtfsInstant", () => {
  it("counts from noon minus 12 hours, which is not midnight on a daylight saving change day", () => {
    // Vilnius goes from +03:00 to +02:00 at 04:00 on 2030-10-27: noon (10:00 UTC) minus 12 h is 01:00 local time
    const day = date("2030-10-27");
    expect(new Date(gtfsInstant(day, 12 * 60, "Europe/Vilnius")).toISOString()).toBe("2030-10-27T10:00:00.000Z");
    expect(new Date(gtfsInstant(day, 0, "Europe/Vilnius")).toISOString()).toBe("2030-10-26T22:00:00.000Z"); // 01:00 +03:00, not midnight
    expect(new Date(gtfsInstant(date("2030-09-04"), 7 * 60 + 30, "Europe/Vilnius")).toISOString()).toBe("2030-09-04T04:30:00.000Z");
  });
});
