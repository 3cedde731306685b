// Trip detection rules on hand-made fix sequences: start, stop, GPS jumps, trail thinning.
import { describe, expect, it } from "vitest";
import { advanceTrip, TRIP_RULES, type OpenTrip, type TripFix } from "./trip-detector";

const t0 = Date.UTC(2026, 10, 22, 8, 0, 0);
const fix = (s: number, lat: number, speed: number, ignition: boolean | null = true, greenDrivingType: number | null = null): TripFix => ({
  time: t0 + s * 1000,
  latitude: lat,
  longitude: 25.28,
  speed,
  ignition,
  greenDrivingType,
});

function run(fixes: TripFix[]) {
  let open: OpenTrip | null = null;
  const events = [];
  for (const f of fixes) {
    const r = advanceTrip(open, f);
    open = r.open;
    events.push(...r.events);
  }
  return { open, events };
}

describe("trip detection", () => {
  it("does not start while parked or with ignition off", () => {
    expect(run([fix(0, 54.68, 0), fix(10, 54.68, 40, false)]).events).toEqual([]);
  });

  it("starts on motion with ignition on, accumulates distance, and ends at ignition off", () => {
    // 0.001 degree of latitude is about 111 m
    const { events, open } = run([fix(0, 54.68, 30), fix(10, 54.681, 40), fix(20, 54.682, 50), fix(30, 54.682, 0, false)]);
    expect(open).toBeNull();
    expect(events.map((e) => e.kind)).toEqual(["started", "ended"]);
    const ended = events[1]!;
    if (ended.kind !== "ended") throw new Error();
    expect(ended.trip.distanceM).toBeGreaterThan(215);
    expect(ended.trip.distanceM).toBeLessThan(230);
    expect(ended.trip.maxSpeed).toBe(50);
    expect(ended.endedAt).toBe(t0 + 30_000);
    expect(ended.trip.trail.length).toBeGreaterThanOrEqual(3);
  });

  it("ends after a long stop, at the moment the vehicle stopped", () => {
    const stopAt = 20;
    const fixes = [fix(0, 54.68, 30), fix(10, 54.681, 30), fix(stopAt, 54.681, 0)];
    const afterStop = stopAt + TRIP_RULES.stopAfterMs / 1000;
    fixes.push(fix(afterStop - 60, 54.681, 0), fix(afterStop, 54.681, 0));
    const { events } = run(fixes);
    const ended = events.at(-1)!;
    expect(ended.kind).toBe("ended");
    if (ended.kind === "ended") expect(ended.endedAt).toBe(t0 + stopAt * 1000);
  });

  it("ignores GPS jumps in distance and scores harsh events", () => {
    const { open } = run([
      fix(0, 54.68, 30),
      fix(1, 55.68, 30), // 111 km in one second: a jump
      fix(2, 55.68, 30, true, 2), // harsh braking from the device
      fix(3, 55.68, 60), // +30 km/h in a second: derived harsh acceleration
    ]);
    expect(open!.distanceM).toBe(0);
    expect(open!.harshEvents).toBe(2);
    expect(open!.score).toBe(90);
  });

  it("keeps the trail of a long trip bounded, from its start to its newest point", () => {
    // a day on the road: a fix every 10 s, about 110 m apart, so every fix is a trail point
    const fixes = Array.from({ length: 10_000 }, (_, i) => fix(i * 10, 54 + i * 0.001, 40));
    const { open } = run(fixes);
    expect(open!.trail.length).toBeLessThanOrEqual(TRIP_RULES.maxTrailPoints);
    expect(open!.trail.length).toBeGreaterThan(TRIP_RULES.maxTrailPoints / 2);
    expect(open!.trail[0]).toEqual([25.28, 54, t0]);
    expect(open!.trail.at(-1)).toEqual([25.28, 54 + 9_999 * 0.001, t0 + 99_990_000]);
    const times = open!.trail.map((point) => point[2]);
    expect([...times].sort((a, b) => a - b)).toEqual(times); // still in time order
  });
});
