// IO naming and scaling. Raw values are produced by the real decoder where the wire form matters (8-byte values past
// 2^53, Codec 8E NX elements): `record()` builds a Codec 8 Extended packet around the given elements.
import { describe, expect, it } from "vitest";
import { crc16Ibm } from "./crc";
import { decodeTcpPacket, type IoValue } from "./decoder";
import { IO, IO_ELEMENTS } from "./io-elements";
import { namedIo } from "./io-values";

const ascii = (s: string) => Buffer.from(s, "latin1");

interface Elements {
  u8?: [number, number][];
  u16?: [number, number][];
  u32?: [number, number][];
  u64?: [number, bigint][];
  nx?: [number, Buffer][];
}

/** Decodes one Codec 8E record carrying the given IO elements and returns its raw IO map. */
function record(elements: Elements): Record<number, IoValue> {
  const parts: Buffer[] = [];
  const u8 = (v: number) => parts.push(Buffer.from([v]));
  const u16 = (v: number) => {
    const b = Buffer.alloc(2);
    b.writeUInt16BE(v);
    parts.push(b);
  };
  const section = <T>(list: [number, T][] | undefined, write: (value: T) => void) => {
    u16(list?.length ?? 0);
    for (const [id, value] of list ?? []) {
      u16(id);
      write(value);
    }
  };
  u8(0x8e); // codec 8 extended
  u8(1); // record count
  parts.push(Buffer.from("0000018c8a2e3c40", "hex")); // timestamp
  u8(0); // priority
  parts.push(Buffer.alloc(4 + 4 + 2 + 2 + 1 + 2)); // longitude, latitude, altitude, angle, satellites, speed
  u16(0); // event IO id
  const total = Object.values(elements).reduce((n: number, list) => n + (list?.length ?? 0), 0);
  u16(total);
  section(elements.u8, (v) => u8(v));
  section(elements.u16, (v) => u16(v));
  section(elements.u32, (v) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(v);
    parts.push(b);
  });
  section(elements.u64, (v) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(v);
    parts.push(b);
  });
  section(elements.nx, (v) => {
    u16(v.length);
    parts.push(v);
  });
  u8(1); // record count again
  const data = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 4);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc16Ibm(data));
  const result = decodeTcpPacket(Buffer.concat([head, data, tail]));
  if (result.kind !== "records") throw new Error(`test packet rejected: ${JSON.stringify(result)}`);
  return result.records[0]!.io;
}

const bitsOf = (...bits: number[]) => bits.reduce((v, bit) => v | (1n << BigInt(bit)), 0n);

describe("IO element table", () => {
  const defs = [...IO_ELEMENTS.values()];

  it("has hundreds of entries with unique ids and names", () => {
    expect(defs.length).toBeGreaterThan(400);
    expect(new Set(defs.map((d) => d.id)).size).toBe(defs.length);
    expect(new Set(defs.map((d) => d.name)).size).toBe(defs.length);
    for (const [id, def] of IO_ELEMENTS) expect(def.id).toBe(id);
  });

  it("names are camelCase; CAN adapter data and only it carries the can prefix", () => {
    for (const def of defs) {
      expect(def.name, `IO ${def.id}`).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      const canAdapter = def.group === "can" || def.group === "tachograph";
      expect(/^can[A-Z]/.test(def.name), `IO ${def.id} ${def.name} in ${def.group}`).toBe(canAdapter);
    }
  });

  it("sizes, types, multipliers and units fit together", () => {
    for (const def of defs) {
      const where = `IO ${def.id} ${def.name}`;
      if (def.bytes === "x") expect(["text", "hex"], where).toContain(def.type);
      if (def.type === "boolean") expect(def.bytes, where).toBe(1);
      if (def.type === "text" || def.type === "hex") {
        expect(def.multiplier, where).toBeUndefined();
        expect(def.unit, where).toBeUndefined();
      }
      if (def.multiplier !== undefined) expect(def.multiplier, where).toBeGreaterThan(0);
      if (def.unit !== undefined) expect(def.unit, where).not.toBe("");
    }
  });

  it("every named id of IO is in the table", () => {
    for (const [key, id] of Object.entries(IO)) expect(IO_ELEMENTS.has(id), key).toBe(true);
  });

  it("uses the binding names and units of the interface spec", () => {
    const expected: [number, string, string | undefined][] = [
      [84, "canFuelLevelLiters", "l"],
      [89, "canFuelLevelPercent", "%"],
      [87, "canTotalMileage", "m"],
      [85, "canEngineRpm", "rpm"],
      [115, "canEngineTemperature", "°C"],
      [114, "canEngineLoad", "%"],
      [110, "canFuelRate", "l/h"],
      [90, "canDoorStatus", undefined],
      [325, "canVin", undefined],
      [304, "canVehiclesRangeOnBattery", "m"],
      [111, "canAdblueLevelPercent", "%"],
      [81, "canVehicleSpeed", "km/h"],
      [37, "vehicleSpeed", "km/h"],
      [653, "canSsfHandbrakeIsActive", undefined],
      [662, "canSsfCarIsClosed", undefined],
      [898, "canSsfIgnition", undefined],
    ];
    for (const [id, name, unit] of expected) {
      expect(IO_ELEMENTS.get(id)?.name).toBe(name);
      expect(IO_ELEMENTS.get(id)?.unit).toBe(unit);
    }
    expect(IO_ELEMENTS.get(IO.CAN_ENGINE_TEMPERATURE)?.type).toBe("signed");
  });
});

describe("namedIo", () => {
  it("names the Teltonika Codec 8 vendor sample", () => {
    // io of the wiki's first Codec 8 example, as decoded in teltonika.test.ts
    expect(namedIo({ 21: 3, 1: 1, 66: 24079, 241: 24602, 78: 0 })).toEqual({
      gsmSignal: 3,
      digitalInput1: 1,
      externalVoltage: 24.079, // mV on the wire
      activeGsmOperator: 24602,
      iButton: "0000000000000000",
    });
  });

  it("applies multipliers without binary noise", () => {
    const out = namedIo({ 66: 12300, 67: 4123, 84: 452, 13: 1234, 181: 7, 45: 3, 254: 123, 51: 1005, 60: 57 });
    expect(out.externalVoltage).toBe(12.3);
    expect(out.controlModuleVoltage).toBe(1.005); // 1005 * 0.001 would be 1.0050000000000001
    expect(out.fuelRate).toBe(0.57); // 57 * 0.01 would be 0.5700000000000001
    expect(out.batteryVoltage).toBe(4.123);
    expect(out.canFuelLevelLiters).toBe(45.2);
    expect(out.fuelRateGps).toBe(12.34);
    expect(out.gnssPdop).toBe(0.7);
    expect(out.directFuelRailPressure).toBe(30); // multiplier 10
    expect(out.greenDrivingValue).toBe(1.23);
  });

  it("applies two's complement by wire size", () => {
    const io = record({
      u8: [[IO.OBD_VEHICLE_SPEED, 200], [32, 0xf6], [202, 0x80]],
      u16: [[IO.CAN_ENGINE_TEMPERATURE, 0xff38], [25, 0xf830], [17, 0xfc18], [IO.CAN_FUEL_RATE, 0xfffe]],
      u32: [[72, 0xffff_ff9c]],
    });
    expect(namedIo(io)).toMatchObject({
      vehicleSpeed: 200, // unsigned stays positive
      coolantTemperature: -10,
      llsTemperature1: -128,
      canEngineTemperature: -20, // -200 x 0.1 °C
      bleTemperature1: -20, // -2000 x 0.01 °C
      axisX: -1000,
      canFuelRate: 6553.4, // unsigned, 0.1 l/h
      dallasTemperature1: -10, // 4-byte, -100 x 0.1 °C
    });
  });

  it("names representative elements of every group", () => {
    const io = record({
      u8: [[IO.IGNITION, 1], [155, 1], [IO.OBD_VEHICLE_SPEED, 57], [IO.CAN_FUEL_LEVEL_PERCENT, 63], [136, 1], [29, 88]],
      u16: [[IO.CAN_ENGINE_RPM, 2150], [86, 455]],
      u32: [[IO.CAN_TOTAL_MILEAGE, 123_456_789], [IO.CAN_PROGRAM_NUMBER, 12_345]],
    });
    expect(namedIo(io)).toEqual({
      ignition: 1, // permanent
      geofenceZone01: 1, // eventual
      vehicleSpeed: 57, // OBD
      canFuelLevelPercent: 63, // CAN adapter
      canTachoDriverCardPresence: 1, // tachograph
      bleBattery1: 88, // BLE
      canEngineRpm: 2150,
      bleHumidity1: 45.5,
      canTotalMileage: 123_456_789,
      canProgramNumber: 12_345,
    });
  });

  it("decodes text elements from Codec 8E NX hex", () => {
    const io = record({ nx: [[IO.CAN_VIN, ascii("WVWZZZ1JZXW000001")], [IO.OBD_VIN, ascii("VF1RFB00X12345678\0")]] });
    expect(io[IO.CAN_VIN]).toBe(ascii("WVWZZZ1JZXW000001").toString("hex")); // the decoder keeps NX as hex
    expect(namedIo(io)).toEqual({ canVin: "WVWZZZ1JZXW000001", vin: "VF1RFB00X12345678" });
  });

  it("joins the tachograph driver card number from two 8-byte values", () => {
    const io = record({
      u64: [
        [IO.CAN_DRIVER_1_ID_HIGH, ascii("10000000").readBigUInt64BE()],
        [IO.CAN_DRIVER_1_ID_LOW, ascii("12345678").readBigUInt64BE()],
        [IO.CAN_DRIVER_2_ID_HIGH, ascii("\0\0\0\0\0\0AB").readBigUInt64BE()], // small enough to decode as a number
        [IO.CAN_DRIVER_2_ID_LOW, ascii("C 12\0\0\0\0").readBigUInt64BE()],
      ],
    });
    expect(typeof io[IO.CAN_DRIVER_1_ID_HIGH]).toBe("string"); // past 2^53: a decimal string from the decoder
    expect(typeof io[IO.CAN_DRIVER_2_ID_HIGH]).toBe("number");
    const out = namedIo(io);
    expect(out.canDriver1IdHigh).toBe("10000000");
    expect(out.canDriver1IdLow).toBe("12345678");
    expect(out.canDriver1Id).toBe("1000000012345678");
    expect(out.canDriver2Id).toBe("ABC 12");
  });

  it("keeps ids and raw structures as fixed-width hex", () => {
    const io = record({
      u64: [[IO.IBUTTON, 0x01_0000_0a1b_2c3dn], [IO.CAN_SECURITY_STATE_FLAGS_P4, bitsOf(63, 2)]],
      nx: [[385, Buffer.from("01a0ff", "hex")]],
    });
    expect(namedIo(io)).toEqual({
      iButton: "000100000a1b2c3d",
      canSecurityStateFlagsP4: "8000000000000004",
      beacon: "01a0ff",
    });
  });

  it("keeps every digit of 8-byte values past 2^53", () => {
    const io = record({ u64: [[124, 0xffff_ffff_ffff_fff0n], [IO.ICCID_1, 8_937_204_017_155_870_000n]] });
    expect(namedIo(io)).toEqual({
      canAgriculturalMachineryFlags: "18446744073709551600",
      iccid1: "8937204017155870000",
    });
  });

  it("publishes unknown ids as io<id> with the raw value", () => {
    const io = record({ u16: [[9999, 513]], nx: [[9998, Buffer.from([0xca, 0xfe])]] });
    expect(namedIo(io)).toEqual({ io9999: 513, io9998: "cafe" });
  });

  it("publishes the door-status bitmask also as booleans", () => {
    const open = namedIo({ [IO.CAN_DOOR_STATUS]: 0x0100 | 0x2000 });
    expect(open).toEqual({
      canDoorStatus: 0x2100,
      canDoorFrontLeftOpen: true,
      canDoorFrontRightOpen: false,
      canDoorRearLeftOpen: false,
      canDoorRearRightOpen: false,
      canHoodOpen: false,
      canTrunkOpen: true,
      canRoofOpen: false,
      canAnyOpeningOpen: true,
    });
    const closed = namedIo({ [IO.CAN_DOOR_STATUS]: 0 });
    expect(closed.canAnyOpeningOpen).toBe(false);
    expect(closed.canDoorRearRightOpen).toBe(false);
    expect(namedIo({ [IO.CAN_DOOR_STATUS]: 0x0800 }).canDoorRearRightOpen).toBe(true);
    expect(namedIo({ [IO.CAN_DOOR_STATUS]: 0x1000 })).toMatchObject({ canHoodOpen: true, canAnyOpeningOpen: true });
  });

  it("derives canSsf* booleans from the security state flags", () => {
    // parked and locked: CAN1 connected without data, ignition off, car closed, parking, handbrake, module asleep
    const flags = bitsOf(0, 28, 32, 36, 55);
    const parked = namedIo(record({ u64: [[IO.CAN_SECURITY_STATE_FLAGS, flags]] }));
    expect(parked).toMatchObject({
      canSecurityStateFlags: flags.toString(), // past 2^53 because of bit 55: every digit kept
      canSsfIgnition: false,
      canSsfCarIsClosed: true,
      canSsfParkingGearActive: true,
      canSsfHandbrakeIsActive: true,
      canSsfCanModuleInSleep: true,
      canSsfFrontLeftDoorOpen: false,
    });
    const driving = namedIo({ [IO.CAN_SECURITY_STATE_FLAGS]: Number(bitsOf(24, 25, 38, 40, 45)) });
    expect(driving).toMatchObject({
      canSsfKeyInIgnitionLock: true,
      canSsfIgnition: true,
      canSsfEngineWorking: true,
      canSsfFrontLeftDoorOpen: true,
      canSsfTrunkDoorOpen: true,
      canSsfHandbrakeIsActive: false,
      canSsfCarIsClosed: false,
    });
  });

  it("publishes separate SSF elements as booleans and lets them win over the bitmask", () => {
    const out = namedIo({
      [IO.CAN_SSF_IGNITION]: 1,
      [IO.CAN_SSF_HANDBRAKE_IS_ACTIVE]: 0,
      [IO.CAN_SECURITY_STATE_FLAGS]: Number(bitsOf(36)), // handbrake bit set
    });
    expect(out.canSsfIgnition).toBe(true);
    expect(out.canSsfHandbrakeIsActive).toBe(false);
  });
});
