import { describe, expect, it } from "vitest";
import type { TrackerRecord } from "../record";
import { partitionRecords } from "./partition-records";
import { FUTURE_TOLERANCE_MS } from "./record-flags";

const NOW = Date.UTC(2026, 10, 25, 8, 0, 0);

function fix(timestamp: number, over: Partial<TrackerRecord> = {}): TrackerRecord {
  return {
    timestamp,
    latitude: 54.6872,
    longitude: 25.2797,
    altitude: 110,
    speed: 40,
    course: 90,
    satellites: 12,
    hdop: null,
    ignition: true,
    movement: true,
    priority: 0,
    eventIoId: 0,
    harshEvent: null,
    alarm: null,
    io: {},
    rawIo: {},
    ...over,
  };
}

const times = (records: TrackerRecord[]) => records.map((record) => record.timestamp - NOW);

describe("partitionRecords", () => {
  it("puts records newer than the newest stored fix in live, oldest first, and older ones in history", () => {
    const newest = NOW - 60_000;
    const parts = partitionRecords([fix(NOW - 10_000), fix(NOW - 120_000), fix(NOW - 30_000), fix(NOW - 90_000)], NOW, newest);
    expect(times(parts.live)).toEqual([-30_000, -10_000]);
    expect(times(parts.history)).toEqual([-120_000, -90_000]);
    expect(parts.flagged).toEqual([]);
    expect(parts.unstorable).toBe(0);
  });

  it("takes each fix time once: a record twice in the packet, or the newest stored one resent, is a duplicate", () => {
    const newest = NOW - 60_000;
    const parts = partitionRecords([fix(NOW - 10_000), fix(NOW - 10_000, { speed: 99 }), fix(newest)], NOW, newest);
    expect(times(parts.live)).toEqual([-10_000]);
    expect(parts.history).toEqual([]);
  });

  it("flags far-future and impossible fixes, and counts what the database cannot hold", () => {
    const future = fix(NOW + FUTURE_TOLERANCE_MS + 1_000);
    const offTheGlobe = fix(NOW - 5_000, { latitude: 91 });
    const parts = partitionRecords([future, offTheGlobe, fix(Number.NaN), fix(NOW - 1_000, { longitude: Number.POSITIVE_INFINITY })], NOW, 0);
    expect(parts.flagged.map(({ record, flag }) => [record.timestamp - NOW, flag])).toEqual([
      [-5_000, "invalid"],
      [FUTURE_TOLERANCE_MS + 1_000, "future"],
    ]);
    expect(parts.live).toEqual([]);
    expect(parts.unstorable).toBe(2);
  });

  it("treats every record as live for an asset that never reported (no stored fix)", () => {
    const parts = partitionRecords([fix(NOW - 2_000), fix(NOW - 1_000)], NOW, 0);
    expect(times(parts.live)).toEqual([-2_000, -1_000]);
  });
});
