// GT06 messages onto the neutral record, through real frames (device-encoder.ts) and the decoder: the connection's
// newest status carried into the positions that follow, alarms as the record's alarm (harsh ones as harsh events),
// what carries no record.
import { describe, expect, it } from "vitest";
import { decodeFrame } from "./decoder";
import { encodeAlarm, encodeLocation, encodeStatus, type FixToEncode } from "./device-encoder";
import type { Gt06Message } from "./messages";
import { newGt06State, normalizeMessage } from "./normalize";

const AT = new Date(Date.UTC(2026, 10, 24, 8, 0, 0));
const FIX: FixToEncode = { time: AT, latitude: 54.6872, longitude: 25.2797, speed: 42, course: 90, satellites: 9 };

function message(frame: Buffer): Gt06Message {
  const decoded = decodeFrame(frame);
  if (decoded.kind !== "message") throw new Error(decoded.reason);
  return decoded.message;
}

describe("GT06 normalize", () => {
  it("keeps a heartbeat's state and applies it to the next 0x12 location (which has no ACC byte)", () => {
    const state = newGt06State();
    expect(normalizeMessage(state, message(encodeStatus({ ignition: true, gsmSignal: 3, voltageLevel: 5, charging: true }, 1)))).toEqual([]);
    const [record] = normalizeMessage(state, message(encodeLocation(FIX, 2, { protocol: 0x12 })));
    expect(record).toMatchObject({
      timestamp: AT.getTime(),
      latitude: 54.6872,
      longitude: 25.2797,
      speed: 42,
      course: 90,
      satellites: 9,
      altitude: 0,
      hdop: null,
      movement: null,
      ignition: true,
      priority: 0,
      alarm: null,
      harshEvent: null,
      io: { gsmSignal: 3, gt06VoltageLevel: 5, charging: true, gpsFixed: true },
      rawIo: { protocol: 0x12, mcc: 246 },
    });
  });

  it("takes the 0x22 ACC byte and mileage over the remembered state", () => {
    const state = newGt06State();
    normalizeMessage(state, message(encodeStatus({ ignition: true }, 1)));
    const [record] = normalizeMessage(state, message(encodeLocation(FIX, 2, { protocol: 0x22, ignition: false, mileage: 12_345 })));
    expect(record).toMatchObject({ ignition: false, io: { totalOdometer: 12_345 } });
  });

  it("makes an alarm a panic-priority record with the alarm's name, and harsh driving a harsh event", () => {
    const state = newGt06State();
    const [sos] = normalizeMessage(state, message(encodeAlarm(FIX, { alarmCode: 0x01 }, 3, 0x26)));
    expect(sos).toMatchObject({ alarm: "sos", priority: 2, harshEvent: null, rawIo: { alarmCode: 0x01, protocol: 0x26 } });
    const [braking] = normalizeMessage(state, message(encodeAlarm(FIX, { alarmCode: 0x30 }, 4, 0x26)));
    expect(braking).toMatchObject({ alarm: "harsh-braking", harshEvent: "braking" });
    const [none] = normalizeMessage(state, message(encodeAlarm(FIX, { alarmCode: 0x00 }, 5, 0x16)));
    expect(none).toMatchObject({ alarm: null, priority: 0 });
  });
});
