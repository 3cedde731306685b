import { describe, expect, it } from "vitest";
import { compileGeometry, openRing, polygonProblem } from "./geofence-geometry";

const square = [
  { latitude: 54.686, longitude: 25.278 },
  { latitude: 54.686, longitude: 25.282 },
  { latitude: 54.689, longitude: 25.282 },
  { latitude: 54.689, longitude: 25.278 },
];

describe("geofence geometry", () => {
  it("tells inside from outside for circles (metres) and polygons", () => {
    const circle = compileGeometry({ shape: "circle", center: { latitude: 54.6872, longitude: 25.2797 }, radiusM: 200 });
    expect(circle.contains(54.6872, 25.2797)).toBe(true);
    expect(circle.contains(54.6889, 25.2797)).toBe(true); // about 189 m north
    expect(circle.contains(54.6892, 25.2797)).toBe(false); // about 222 m north
    const polygon = compileGeometry({ shape: "polygon", points: square });
    expect(polygon.contains(54.6875, 25.28)).toBe(true);
    expect(polygon.contains(54.69, 25.28)).toBe(false);
    expect(polygon.contains(54.6875, 25.277)).toBe(false);
  });

  it("refuses polygons that cross themselves, have no area, too few points or span too far", () => {
    expect(polygonProblem(square)).toBeNull();
    const bowtie = [square[0]!, square[2]!, square[1]!, square[3]!];
    expect(polygonProblem(bowtie)).toBe("must not cross itself");
    expect(polygonProblem([square[0]!, square[1]!])).toMatch(/at least 3/);
    expect(polygonProblem([square[0]!, square[1]!, { latitude: 54.686, longitude: 25.29 }])).toMatch(/no area/);
    expect(polygonProblem([{ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 40 }, { latitude: 10, longitude: 20 }])).toMatch(/span/);
    expect(openRing([...square, square[0]!])).toEqual(square);
  });
});
