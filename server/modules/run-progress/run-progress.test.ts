// Golden tables for the run-progress state machine: synthetic runs along a straight road running east, fixes given
// as metres along it, seconds from 07:00 and km/h; each table is every event the run produces, in order.
import { describe, expect, it } from "vitest";
import { advance, expire, initialState, type Fix, type PlannedStop, type RunPlan, type RunProgressEvent, type RunProgressState } from "./run-progress";
import { segmentPass } from "./segment-pass";

const ORIGIN = { latitude: 54.68, longitude: 25.27 };
const SEVEN = Date.UTC(2026, 8, 7, 5, 0, 0); // 07:00 in Vilnius (UTC+3 in September)
const MIN = 60;

/** a point `east` metres east and `north` metres north of the origin */
function point(east: number, north = 0) {
  return {
    latitude: ORIGIN.latitude + north / 111_195,
    longitude: ORIGIN.longitude + east / (111_195 * Math.cos((ORIGIN.latitude * Math.PI) / 180)),
  };
}

function stop(id: number, east: number, radiusM = 75, north = 0): PlannedStop {
  return { id, sequence: id, ...point(east, north), radiusM };
}

/** start and end as seconds from 07:00; the start window is 30 min before the start, the grace 30 min after the end */
function plan(stops: PlannedStop[], startS: number, endS: number, cancelled = false): RunPlan {
  return { stops, watchFrom: SEVEN + (startS - 30 * MIN) * 1000, finishBy: SEVEN + (endS + 30 * MIN) * 1000, cancelled };
}

/** [seconds from 07:00, metres east, km/h, door open?, metres north] */
type Row = [number, number, number, boolean?, number?];

function fixOf([s, east, speedKmh, doorOpen = false, north = 0]: Row): Fix {
  return { at: SEVEN + s * 1000, ...point(east, north), speedKmh, doorOpen };
}

/** every event as [type, stop id or reason/trigger, seconds from 07:00] */
function drive(runPlan: RunPlan, rows: Row[], state: RunProgressState = initialState(runPlan)) {
  const events: RunProgressEvent[] = [];
  for (const row of rows) {
    const step = advance(runPlan, state, fixOf(row));
    state = step.state;
    events.push(...step.events);
  }
  return { state, events, table: events.map(describeEvent) };
}

function describeEvent(event: RunProgressEvent): [string, number | string, number] {
  const s = Math.round((event.at - SEVEN) / 1000);
  switch (event.type) {
    case "run_started":
    case "run_finished":
      return [event.type, event.reason, s];
    case "run_cancelled":
      return [event.type, "", s];
    case "stop_arrived":
      return [event.type, `${event.stopId} ${event.trigger}`, s];
    default:
      return [event.type, event.stopId, s];
  }
}

/** 30 km/h is 250 m every 30 s */
const KMH30 = 30;

describe("segmentPass", () => {
  it("finds the pass of a path whose both ends are outside the circle", () => {
    const pass = segmentPass(point(875), point(1125), point(1000), 50);
    expect(pass.closestM).toBeLessThan(0.5);
    expect(pass.closestAt).toBeCloseTo(0.5, 3);
    expect(pass.enterAt).toBeCloseTo(0.3, 2);
    expect(pass.exitAt).toBeCloseTo(0.7, 2);
    expect(pass.lengthM).toBeCloseTo(250, 0);
  });

  it("misses a circle the path does not come near, and knows a path ending inside", () => {
    expect(segmentPass(point(875), point(1125), point(1000, 60), 50).enterAt).toBeNull();
    const inside = segmentPass(point(875), point(1000), point(1000), 50);
    expect(inside.enterAt).toBeCloseTo(0.6, 2);
    expect(inside.exitAt).toBeNull();
  });
});

describe("run progress", () => {
  const road = [stop(1, 0), stop(2, 1000, 50), stop(3, 2000)];
  /** waits at stop 1 from 07:29, leaves at 07:30:45 at 30 km/h */
  const leaveFirst: Row[] = [
    [29 * MIN, 0, 0],
    [29 * MIN + 30, 0, 0],
    [30 * MIN, 0, 0],
    [30 * MIN + 30, 0, 0],
    [31 * MIN, 125, KMH30],
    [31 * MIN + 30, 375, KMH30],
    [32 * MIN, 625, KMH30],
    [32 * MIN + 30, 875, KMH30],
  ];

  it("fixes every 30 s jumping over a 50 m circle at 30 km/h: the path passes it, the stop is skipped when the next is reached", () => {
    const { table, state } = drive(plan(road, 30 * MIN, 60 * MIN), [
      ...leaveFirst,
      [33 * MIN, 1125, KMH30], // 875 -> 1125: never within 125 m of stop 2 at a fix, but the path crosses its centre
      [33 * MIN + 30, 1375, KMH30],
      [34 * MIN, 1625, KMH30],
      [34 * MIN + 30, 1875, KMH30],
      [35 * MIN, 2000, 0],
    ]);
    expect(table).toEqual([
      ["stop_arrived", "1 low_speed", 29 * MIN],
      ["run_started", "left_first_stop", 30 * MIN + 48], // the path 0 -> 125 m leaves the 75 m radius 60% of the way
      ["stop_departed", 1, 30 * MIN + 48],
      ["stop_skipped", 2, 32 * MIN + 45], // when it passed: the closest approach, half way
      ["stop_arrived", "3 low_speed", 34 * MIN + 42], // entered the 75 m radius 40% of the way from 1875 m
      ["run_finished", "last_stop", 34 * MIN + 42],
    ]);
    expect(state.status).toBe("finished");
    expect(state.stops.map((s) => s.status)).toEqual(["departed", "skipped", "arrived"]);
  });

  it("a stop made between two fixes (one lost) is an arrival and a departure, from the time the distance took", () => {
    // at 875 m at 07:32:30, reaches stop 2 at 07:32:45, stands 35 s, fix at 07:33:30 10 s further on
    const { table } = drive(plan(road, 30 * MIN, 60 * MIN), [
      ...leaveFirst,
      [33 * MIN + 30, 1083, KMH30],
      [34 * MIN, 1333, KMH30],
      [34 * MIN + 30, 2000, 0],
    ]);
    expect(table.slice(3)).toEqual([
      ["stop_arrived", "2 between_fixes", 32 * MIN + 45],
      ["stop_departed", 2, 33 * MIN + 20],
      ["stop_arrived", "3 low_speed", 34 * MIN + 27],
      ["run_finished", "last_stop", 34 * MIN + 27],
    ]);
  });

  it("a stop the vehicle never comes near is skipped at the moment the next one is reached", () => {
    const offRoad = [stop(1, 0), stop(2, 1000, 50, 300), stop(3, 2000)];
    const { table } = drive(plan(offRoad, 30 * MIN, 60 * MIN), [...leaveFirst, [33 * MIN, 1125, KMH30], [33 * MIN + 30, 1375, KMH30], [34 * MIN, 1625, KMH30], [34 * MIN + 30, 1950, 0]]);
    expect(table.slice(3)).toEqual([
      ["stop_skipped", 2, 34 * MIN + 28],
      ["stop_arrived", "3 low_speed", 34 * MIN + 28],
      ["run_finished", "last_stop", 34 * MIN + 28],
    ]);
  });

  it("a bus waiting at the school: the afternoon run starts when it leaves, not when it moves about the yard", () => {
    // school (first stop, 200 m radius) at 0 m; run 15:00 (480 min after 07:00)
    const afternoon = [stop(1, 0, 200), stop(2, 800), stop(3, 1600)];
    const at = (minutes: number, seconds = 0) => (480 + minutes) * MIN + seconds;
    const { table } = drive(plan(afternoon, at(0), at(45)), [
      [at(-40), 0, 0], // parked at the school before the window: remembered, nothing more
      [at(-25), 30, 0], // in the window: arrived at the school (the first fix seen there)
      [at(-10), 120, 8], // moves about the yard: inside the radius, below moving speed
      [at(-9), 60, 0],
      [at(4, 30), 150, 12], // pulls away through the yard at 12 km/h: still within 200 + 50 m
      [at(5), 400, 30], // out: the path leaves the 200 m radius
      [at(5, 30), 700, 25],
      [at(6), 790, 6, true], // doors open at stop 2 while still rolling
      [at(7), 800, 0, true],
      [at(7, 30), 900, 20],
      [at(8), 1100, 30],
      [at(8, 30), 1350, 30],
      [at(9), 1590, 3],
    ]);
    expect(table).toEqual([
      ["stop_arrived", "1 low_speed", at(-25)],
      ["run_started", "left_first_stop", at(4, 36)], // the path 150 -> 400 m leaves the 200 m radius a fifth of the way
      ["stop_departed", 1, at(4, 36)],
      ["stop_arrived", "2 door", at(5, 38)], // entered the radius at 725 m, rolling with the doors open
      ["stop_departed", 2, at(7, 23)],
      ["stop_arrived", "3 low_speed", at(8, 52)],
      ["run_finished", "last_stop", at(8, 52)],
    ]);
  });

  it("a run that starts late starts when the vehicle moves; moving before the window starts nothing", () => {
    const { table } = drive(plan(road, 30 * MIN, 60 * MIN), [
      [-10 * MIN, -3000, 40], // 06:50, before the 07:00 window: driving to the depot
      [-9 * MIN, -2500, 0],
      [50 * MIN, -2500, 0], // 07:50, twenty minutes late, still parked
      [50 * MIN + 30, -2400, 25], // moves
      [51 * MIN, -2200, 30],
      [55 * MIN, 0, 2],
      [56 * MIN, 150, 30],
    ]);
    expect(table).toEqual([
      ["run_started", "moving", 50 * MIN + 30],
      ["stop_arrived", "1 low_speed", 54 * MIN + 52], // entered the radius near the end of a 4-minute path
      ["stop_departed", 1, 55 * MIN + 30],
    ]);
  });

  it("GPS jitter at a stop produces one arrival and one departure", () => {
    const jitter: Row[] = [];
    for (let i = 0; i < 12; i++) {
      const offset = [35, -40, 60, -20, 80, -60][i % 6]!; // up to 80 m off a 75 m radius, never beyond its 95 m
      jitter.push([33 * MIN + 10 * i, 1000 + offset, i % 3, false, i % 2 ? 30 : -30]);
    }
    const { table } = drive(plan([stop(1, 0), stop(2, 1000), stop(3, 2000)], 30 * MIN, 60 * MIN), [
      ...leaveFirst,
      ...jitter,
      [35 * MIN, 1250, KMH30],
      [35 * MIN + 30, 1500, KMH30],
    ]);
    expect(table.filter(([, id]) => id === 2 || String(id).startsWith("2 "))).toEqual([
      ["stop_arrived", "2 low_speed", 32 * MIN + 39],
      ["stop_departed", 2, 34 * MIN + 54],
    ]);
  });

  it("a crawl through the radius above the low speed is a dwell after 30 s", () => {
    const { table } = drive(plan(road, 30 * MIN, 60 * MIN), [
      ...leaveFirst,
      [32 * MIN + 40, 955, 7],
      [32 * MIN + 55, 985, 7],
      [33 * MIN + 10, 1010, 7],
      [33 * MIN + 25, 1030, 7],
    ]);
    // entered the 50 m radius (at 950 m) just before the 07:32:40 fix; a dwell once 30 s inside
    expect(table.at(-1)).toEqual(["stop_arrived", "2 dwell", 32 * MIN + 39]);
  });

  it("finishes at the end time and its grace, on a fix or on the sweep", () => {
    const runPlan = plan(road, 30 * MIN, 40 * MIN);
    const { state, table } = drive(runPlan, [...leaveFirst]);
    expect(state.status).toBe("in_progress");
    expect(expire(runPlan, state, runPlan.finishBy).events).toEqual([]);
    const swept = expire(runPlan, state, runPlan.finishBy + 1);
    expect(swept.events.map(describeEvent)).toEqual([["run_finished", "end_time", 70 * MIN]]);
    expect(drive(runPlan, [[75 * MIN, 1500, 30]], state).table).toEqual([["run_finished", "end_time", 70 * MIN]]);
    expect(table).toHaveLength(3);
  });

  it("a cancelled run ends on the vehicle's next fix and then ignores it; late fixes are ignored", () => {
    const running = drive(plan(road, 30 * MIN, 60 * MIN), leaveFirst);
    expect(drive(plan(road, 30 * MIN, 60 * MIN), [[31 * MIN, 200, 30]], running.state).table).toEqual([]); // older than the last
    const cancelled = drive(plan(road, 30 * MIN, 60 * MIN, true), [[33 * MIN, 1000, 0]], running.state);
    expect(cancelled.table).toEqual([["run_cancelled", "", 33 * MIN]]);
    expect(drive(plan(road, 30 * MIN, 60 * MIN), [[36 * MIN, 2000, 0]], cancelled.state).table).toEqual([]);
  });

  it("keeps the states of stops by id when the route's stops change mid-run", () => {
    const running = drive(plan(road, 30 * MIN, 60 * MIN), leaveFirst);
    const edited = [stop(1, 0), stop(4, 500), stop(2, 1000, 50), stop(3, 2000)];
    const { state, table } = drive(plan(edited, 30 * MIN, 60 * MIN), [[33 * MIN, 1000, 0]], running.state);
    // stop 4 was added behind the bus: never passed, skipped when stop 2 is reached
    expect(table).toEqual([["stop_skipped", 4, 32 * MIN + 48], ["stop_arrived", "2 low_speed", 32 * MIN + 48]]);
    expect(state.stops.map((s) => [s.stopId, s.status])).toEqual([[1, "departed"], [4, "skipped"], [2, "arrived"], [3, "pending"]]);
  });
});
