// Teltonika records onto the neutral record: the neutral fields come from their AVL ids, named IO from the table,
// and the raw IO is kept as sent (it is what positions.avl_io stores).
import { describe, expect, it } from "vitest";
import type { DecodedRecord } from "./decoder";
import { normalizeRecord } from "./normalize";

const base: DecodedRecord = {
  timestamp: Date.UTC(2026, 10, 24, 8, 0, 0),
  priority: 1,
  longitude: 25.2797,
  latitude: 54.6872,
  altitude: 112,
  angle: 270,
  satellites: 9,
  speed: 48,
  eventIoId: 253,
  io: {},
};

describe("Teltonika normalize", () => {
  it("maps position fields, ignition (239), movement (240), HDOP (182) and keeps the raw IO", () => {
    const io = { 239: 1, 240: 0, 182: 9, 66: 12_400 };
    const record = normalizeRecord({ ...base, io });
    expect(record).toMatchObject({
      timestamp: base.timestamp,
      latitude: 54.6872,
      longitude: 25.2797,
      altitude: 112,
      course: 270,
      satellites: 9,
      speed: 48,
      priority: 1,
      eventIoId: 253,
      ignition: true,
      movement: false,
      hdop: 0.9,
      harshEvent: null,
      alarm: null,
    });
    expect(record.io).toMatchObject({ ignition: 1, movement: 0, gnssHdop: 0.9, externalVoltage: 12.4 });
    expect(record.rawIo).toBe(io);
  });

  it("leaves what the record does not report null", () => {
    expect(normalizeRecord(base)).toMatchObject({ ignition: null, movement: null, hdop: null, harshEvent: null, io: {} });
  });

  it.each([
    [0, null],
    [1, "acceleration"],
    [2, "braking"],
    [3, "cornering"],
  ] as const)("green driving type %i is harsh event %s", (type, event) => {
    expect(normalizeRecord({ ...base, io: { 253: type } }).harshEvent).toBe(event);
  });
});
