// The odometer sequence rule and the tracker checks as pure functions: table tests, no database.
import { describe, expect, it } from "vitest";
import { placementProblem, removalProblem, type Reading } from "./odometer-sequence";
import { fillNotSeen, largestRise, odometerBetween, odometerMismatch } from "./tracker-check";

const reading = (id: number, km: number, isReset = false): Reading => ({ id, at: Date.UTC(2026, 10, id), valueM: km * 1000, isReset, source: "manual" });

describe("the sequence rule", () => {
  it.each([
    ["between lower and higher", { valueM: 1500_000, isReset: false }, reading(1, 1000), reading(2, 2000), null],
    ["equal to both neighbours", { valueM: 1000_000, isReset: false }, reading(1, 1000), reading(2, 1000), null],
    ["the first and the last", { valueM: 5, isReset: false }, null, null, null],
    ["lower than the one before", { valueM: 900_000, isReset: false }, reading(1, 1000), null, "lower"],
    ["higher than the one after", { valueM: 2500_000, isReset: false }, reading(1, 1000), reading(2, 2000), "higher"],
    ["a reset may be lower than the one before", { valueM: 5_000, isReset: true }, reading(1, 1000), reading(2, 2000), null],
    ["a reset may not be higher than the one after", { valueM: 2500_000, isReset: true }, reading(1, 1000), reading(2, 2000), "higher"],
    ["anything before a reset", { valueM: 9000_000, isReset: false }, reading(1, 1000), reading(2, 5, true), null],
  ])("%s", (_name, candidate, before, after, expected) => {
    const problem = placementProblem(candidate, before, after);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toContain(expected);
  });

  it.each([
    ["a reading that is not a reset goes freely", false, reading(1, 1000), reading(3, 5), null],
    ["a reset whose later readings are lower than earlier ones is needed", true, reading(1, 1000), reading(3, 50), "would be lower"],
    ["a reset whose later readings continue the earlier ones is not", true, reading(1, 1000), reading(3, 1200), null],
    ["a reset followed by another reset is not", true, reading(1, 1000), reading(3, 5, true), null],
    ["a reset at either end is not", true, null, reading(3, 5), null],
  ])("removal: %s", (_name, isReset, before, after, expected) => {
    const problem = removalProblem({ isReset }, before, after);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toContain(expected);
  });
});

describe("tracker checks", () => {
  it.each([
    [100_000, 104_999, false],
    [100_000, 105_001, true],
    [1_000_000, 1_009_999, false], // 1 % of 1,000 km is 10 km
    [1_000_000, 1_010_001, true],
  ])("odometer %i m against the tracker's %i m: mismatch %s", (entry, tracker, expected) => {
    expect(odometerMismatch(entry, { valueM: tracker, meter: "can" })).toBe(expected);
    expect(odometerMismatch(entry, null)).toBe(false);
  });

  it("interpolates the tracker's odometer between two records, or takes the one there is", () => {
    expect(odometerBetween(150, { time: 100, valueM: 1000 }, { time: 200, valueM: 2000 })).toBe(1500);
    expect(odometerBetween(150, null, { time: 200, valueM: 2000 })).toBe(2000);
    expect(odometerBetween(150, null, null)).toBeNull();
  });

  it.each([
    [[50, 40, 30, 70, 65], 40],
    [[60, 59, 58], 0],
    [[10, 30, 5, 40], 35],
    [[], 0],
  ])("the largest rise of %j is %i", (levels, rise) => {
    expect(largestRise(levels)).toBe(rise);
  });

  it.each([
    [40, { value: 38, unit: "l" as const }, false],
    [40, { value: 19, unit: "l" as const }, true],
    [4, { value: 0, unit: "l" as const }, false], // under 5 l: not checked
    [6, { value: 3, unit: "l" as const }, false], // half the volume is enough
    [40, { value: 1, unit: "%" as const }, true],
    [40, { value: 3, unit: "%" as const }, false],
    [40, null, false], // no sensor
  ])("a %i l fill-up with a rise of %o: not seen %s", (volume, rise, expected) => {
    expect(fillNotSeen(volume, rise)).toBe(expected);
  });
});
