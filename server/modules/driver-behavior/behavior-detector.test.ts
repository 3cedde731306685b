// Driver behaviour events from live positions made of real Teltonika records: green-driving reports, harsh events
// derived from speed and heading, overspeed and idling episodes, and their scores.
import { describe, expect, it } from "vitest";
import { TestDrive } from "../../testing/test-drive";
import { BEHAVIOR_RULES, BehaviorDetector } from "./behavior-detector";

describe("driver behaviour", () => {
  it("takes harsh braking from the tracker's green-driving report (AVL 253/254)", () => {
    const detector = new BehaviorDetector();
    const drive = new TestDrive({ accountId: 1, assetId: 5 });
    detector.offer(drive.record({ speed: 60 }));
    const [event] = detector.offer(drive.record({ speed: 50, after: 30, io: { u8: { 253: 2, 254: 52 } } })); // 0.52 g
    expect(event).toMatchObject({
      version: 1,
      accountId: 1,
      assetId: 5,
      type: "harsh_braking",
      source: "device",
      value: 5.1, // 0.52 g in m/s²
      unit: "m/s2",
      threshold: 3.33,
      score: 54,
      severity: "medium",
      position: { speed: 50 },
    });
  });

  it("derives harsh acceleration, braking and cornering from consecutive records", () => {
    const detector = new BehaviorDetector();
    const drive = new TestDrive({ accountId: 1, assetId: 5 });
    detector.offer(drive.record({ speed: 20, course: 90 }));
    // 18 km/h faster in 2 s is 2.5 m/s²: brisk, not harsh
    expect(detector.offer(drive.record({ speed: 38, after: 2, course: 90 }))).toEqual([]);
    // 28 km/h faster in 2 s is 3.89 m/s²
    expect(detector.offer(drive.record({ speed: 66, after: 2, course: 90 }))).toMatchObject([
      { type: "harsh_acceleration", source: "derived", value: 3.89, score: 65, severity: "low" },
    ]);
    expect(detector.offer(drive.record({ speed: 30, after: 2, course: 90 }))).toMatchObject([{ type: "harsh_braking", value: 5 }]);
    detector.offer(drive.record({ speed: 40, after: 10, course: 90 }));
    // 40 km/h and a 45° turn in 2 s: about 4.4 m/s² sideways
    expect(detector.offer(drive.record({ speed: 40, after: 2, course: 135 }))).toMatchObject([{ type: "harsh_cornering", severity: "low" }]);
    // a gentle bend and gentle speed changes are nothing
    expect(detector.offer(drive.record({ speed: 45, after: 5, course: 140 }))).toEqual([]);
    // records too far apart say nothing about a manoeuvre
    expect(detector.offer(drive.record({ speed: 0, after: 30 }))).toEqual([]);
  });

  it("reports an overspeed episode when it ends, with its peak, duration and score", () => {
    const detector = new BehaviorDetector();
    const drive = new TestDrive({ accountId: 1, assetId: 5 });
    const limit = BEHAVIOR_RULES.overspeedKmh;
    detector.offer(drive.record({ speed: limit - 10 }));
    expect(detector.offer(drive.record({ speed: limit + 5, after: 30 }))).toEqual([]);
    expect(detector.offer(drive.record({ speed: limit + 15, after: 30 }))).toEqual([]);
    expect(detector.offer(drive.record({ speed: limit + 8, after: 60 }))).toEqual([]);
    const [event] = detector.offer(drive.record({ speed: limit - 5, after: 30 }));
    expect(event).toMatchObject({
      type: "overspeed",
      value: 15,
      unit: "km/h",
      threshold: limit,
      maxSpeedKmh: limit + 15,
      durationS: 90,
      score: 67, // 100 - 2 x 15 - 2 x 1.5 min
      severity: "medium",
      position: { speed: limit + 15 },
    });
  });

  it("reports idling of five minutes or more when it ends", () => {
    const detector = new BehaviorDetector();
    const drive = new TestDrive({ accountId: 1, assetId: 5 });
    detector.offer(drive.record({ speed: 0, ignition: true }));
    for (let i = 0; i < 4; i++) detector.offer(drive.record({ speed: 0, after: 60 }));
    expect(detector.offer(drive.record({ speed: 0, after: 60 }))).toEqual([]);
    const [event] = detector.offer(drive.record({ speed: 25, after: 60 }));
    expect(event).toMatchObject({ type: "idling", value: 360, unit: "s", durationS: 360, score: 88, severity: "low" });
    // a short stop with the engine running is not idling
    detector.offer(drive.record({ speed: 0, after: 10 }));
    expect(detector.offer(drive.record({ speed: 0, ignition: false, after: 60 }))).toEqual([]);
  });
});
