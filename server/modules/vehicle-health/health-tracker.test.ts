// Vehicle health snapshots from live positions made of real Teltonika records: what a snapshot holds, when it is
// published (on change, at most once a minute per asset), and how held changes are flushed.
import { describe, expect, it } from "vitest";
import { TestDrive } from "../../testing/test-drive";
import { encodeDtc } from "../alerts/dtc-codes";
import { HealthTracker, MIN_SNAPSHOT_INTERVAL_MS } from "./health-tracker";

const CAN = {
  u8: { 89: 64 }, // fuel level 64 %
  u16: { 84: 412, 115: 874, 85: 1500 }, // fuel 41.2 l, engine 87.4 °C, 1500 rpm
  u32: { 87: 123_456_000, 100: 1247 }, // CAN mileage (m), program number
};

describe("vehicle health snapshots", () => {
  it("publishes a full first snapshot with CAN values, voltages, odometer and adapter state", () => {
    const tracker = new HealthTracker();
    const drive = new TestDrive({ accountId: 1, assetId: 9 });
    const position = drive.record({ speed: 30, io: { ...CAN, hex: { 282: encodeDtc("P0300") } } });
    expect(tracker.offer(position, drive.now)).toEqual({
      version: 1,
      accountId: 1,
      assetId: 9,
      at: position.dateUpdated,
      externalVoltage: 13.8,
      batteryVoltage: 4.1,
      engineTemperature: 87.4,
      fuelLevelPercent: 64,
      fuelLevelLiters: 41.2,
      dtc: { codes: ["P0300"], count: null },
      odometer: 123_456_000,
      adapter: { programNumber: 1247, lineStatus: "ok" },
      changed: ["externalVoltage", "batteryVoltage", "engineTemperature", "fuelLevelPercent", "fuelLevelLiters", "dtc", "odometer", "adapter"],
    });
  });

  it("stays quiet while nothing changes significantly, and holds a change until the minute is over", () => {
    const tracker = new HealthTracker();
    const drive = new TestDrive({ accountId: 1, assetId: 9 });
    const start = drive.now;
    expect(tracker.offer(drive.record({ io: CAN }), start)).not.toBeNull();
    // 13.8 V -> 13.85 V is noise; same CAN values
    expect(tracker.offer(drive.record({ io: { ...CAN, u16: { ...CAN.u16, 66: 13_850 } } }), start + 10_000)).toBeNull();
    // the engine warms by 3 °C 20 s after the first snapshot: held
    expect(tracker.offer(drive.record({ io: { ...CAN, u16: { ...CAN.u16, 115: 904 } } }), start + 20_000)).toBeNull();
    expect(tracker.flushDue(start + 30_000)).toEqual([]);
    const [held] = tracker.flushDue(start + MIN_SNAPSHOT_INTERVAL_MS);
    expect(held).toMatchObject({ engineTemperature: 90.4, changed: ["engineTemperature"] });
    expect(tracker.flushDue(start + 2 * MIN_SNAPSHOT_INTERVAL_MS)).toEqual([]); // published once
  });

  it("publishes at once when the minute since the last snapshot is over; values a record lacks are kept", () => {
    const tracker = new HealthTracker();
    const drive = new TestDrive({ accountId: 1, assetId: 9 });
    const start = drive.now;
    tracker.offer(drive.record({ io: CAN }), start);
    // a record without CAN values: fuel and temperature keep their last values
    const next = tracker.offer(drive.record({ io: { u16: { 66: 11_900 } } }), start + MIN_SNAPSHOT_INTERVAL_MS);
    expect(next).toMatchObject({ externalVoltage: 11.9, fuelLevelPercent: 64, engineTemperature: 87.4, changed: ["externalVoltage"] });
  });

  it("reports the adapter's line: no program number, no data", () => {
    const tracker = new HealthTracker();
    const drive = new TestDrive({ accountId: 1, assetId: 9 });
    expect(tracker.offer(drive.record({ io: { u32: { 100: 0 } } }), drive.now)?.adapter).toEqual({
      programNumber: 0,
      lineStatus: "program_number_not_set",
    });
    const other = new TestDrive({ accountId: 1, assetId: 10 });
    expect(tracker.offer(other.record({ io: { u32: { 100: 1247 } } }), other.now)?.adapter).toEqual({ programNumber: 1247, lineStatus: "no_data" });
    const plain = new TestDrive({ accountId: 1, assetId: 11 });
    expect(tracker.offer(plain.record(), plain.now)?.adapter).toBeNull(); // no adapter at all
  });
});
