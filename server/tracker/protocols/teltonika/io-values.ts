// Turns a decoded record's raw IO map (`{ 66: 24079, 325: "5653..." }`) into published fields (`{ externalVoltage:
// 24.079, canVin: "VSS..." }`) using the table in io-elements.ts: two's-complement sign by wire size, multiplier,
// ASCII text and hex ids. Ids the table does not know keep their raw value as `io<id>`. Also derives the booleans the
// interface spec asks for: the door booleans from the door-status bitmask (IO 90) and the canSsf* booleans from the
// security state flags (IO 132), plus the tachograph driver card numbers split over two 8-byte elements.
//
// Runs once per record on the ingest hot path: every lookup is built once at module load, and the common case (a
// 1/2/4-byte number) is an array lookup and a little arithmetic.
import type { IoValue } from "./decoder";
import { IO, IO_ELEMENTS, type IoElementDef } from "./io-elements";

export type NamedIoValue = number | string | boolean;

const TWO_POW_32 = 0x1_0000_0000;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);

/** The decoder hands 8-byte values of 2^53 and above over as decimal strings (16+ digits, no leading zero); any other
 *  string is the hex of a variable-length (Codec 8E NX) element. */
const DECIMAL_U64 = /^[1-9][0-9]{15,19}$/;

function isDecimalU64(def: IoElementDef, raw: string): boolean {
  return def.bytes === 8 && DECIMAL_U64.test(raw);
}

/** Raw value as an unsigned integer: a number while exact, a bigint beyond 2^53. */
function toUnsigned(def: IoElementDef, raw: IoValue): number | bigint {
  if (typeof raw === "number") return raw;
  const big = isDecimalU64(def, raw) ? BigInt(raw) : BigInt(raw === "" ? "0" : `0x${raw}`);
  return big <= MAX_SAFE ? Number(big) : big;
}

/** Two's complement by the element's wire size. */
function toSigned(value: number | bigint, bytes: IoElementDef["bytes"]): number | bigint {
  if (typeof value === "bigint") {
    const signed = BigInt.asIntN(64, value);
    return signed >= MIN_SAFE && signed <= MAX_SAFE ? Number(signed) : signed;
  }
  switch (bytes) {
    case 1:
      return value >= 0x80 ? value - 0x100 : value;
    case 2:
      return value >= 0x8000 ? value - 0x1_0000 : value;
    case 4:
      return value >= 0x8000_0000 ? value - TWO_POW_32 : value;
    default:
      return value; // an 8-byte number below 2^53 has its sign bit clear
  }
}

/** The element's bytes, most significant first: NX hex as sent, fixed-size values at their wire width. */
function toBytes(def: IoElementDef, raw: IoValue): Buffer {
  if (typeof raw === "string" && !isDecimalU64(def, raw)) return Buffer.from(raw, "hex");
  const width = def.bytes === "x" ? 8 : def.bytes;
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(raw));
  return bytes.subarray(8 - width);
}

/** ASCII payloads (VIN, driver card numbers) are NUL- or space-padded. */
function asText(bytes: Buffer): string {
  return bytes.toString("latin1").replace(/\0/g, "").trim();
}

function toHex(def: IoElementDef, raw: IoValue): string {
  if (typeof raw === "string" && !isDecimalU64(def, raw)) return raw;
  const width = def.bytes === "x" ? 8 : def.bytes;
  return (typeof raw === "number" ? raw.toString(16) : BigInt(raw).toString(16)).padStart(width * 2, "0");
}

/** Scaling that stays decimal-exact: a multiplier of 0.01 divides by 100, so 57 gives 0.57 where 57 * 0.01 gives
 *  0.5700000000000001. */
function scaler(multiplier: number | undefined): ((value: number) => number) | undefined {
  if (multiplier === undefined || multiplier === 1) return undefined;
  const divisor = Math.round(1 / multiplier);
  if (multiplier < 1 && Math.abs(1 / multiplier - divisor) < 1e-9) return (value) => value / divisor;
  if (Number.isInteger(multiplier)) return (value) => value * multiplier;
  return (value) => Number((value * multiplier).toPrecision(12));
}

type Convert = (raw: IoValue) => NamedIoValue;

function converter(def: IoElementDef): Convert {
  switch (def.type) {
    case "text":
      return (raw) => asText(toBytes(def, raw));
    case "hex":
      return (raw) => toHex(def, raw);
    case "boolean":
      return (raw) => {
        const value = toUnsigned(def, raw);
        return typeof value === "bigint" ? value !== 0n : value !== 0;
      };
    default: {
      const signed = def.type === "signed";
      const scale = scaler(def.multiplier);
      return (raw) => {
        let value = toUnsigned(def, raw);
        if (signed) value = toSigned(value, def.bytes);
        if (typeof value === "bigint") return scale ? scale(Number(value)) : value.toString(); // keep every digit
        return scale ? scale(value) : value;
      };
    }
  }
}

interface Compiled {
  name: string;
  convert: Convert;
}

// Indexed by id: a dense array (about 11k slots) is the cheapest lookup for the numeric keys of a record's io map.
const COMPILED: (Compiled | undefined)[] = new Array(Math.max(...IO_ELEMENTS.keys()) + 1).fill(undefined);
for (const def of IO_ELEMENTS.values()) COMPILED[def.id] = { name: def.name, convert: converter(def) };

// IO 90 door status, per the AVL list: 0x100 front left, 0x200 front right, 0x400 rear left, 0x800 rear right,
// 0x1000 hood, 0x2000 trunk, 0x4000 roof; 0 = all closed.
const DOOR_BITS: readonly (readonly [number, string])[] = [
  [0x0100, "canDoorFrontLeftOpen"],
  [0x0200, "canDoorFrontRightOpen"],
  [0x0400, "canDoorRearLeftOpen"],
  [0x0800, "canDoorRearRightOpen"],
  [0x1000, "canHoodOpen"],
  [0x2000, "canTrunkOpen"],
  [0x4000, "canRoofOpen"],
];
const ANY_OPENING_MASK = 0x7f00;

// IO 132 security state flags, "Security state flags P2" layout of the Teltonika CAN adapter pages (bit n = 2^n of
// the 8-byte value, byte 0 least significant). Bytes 0..1 hold the CAN line states and engine-lock/hazard bits; bytes
// 3..6 match the older LV-CAN200 layout published in the FMB630 manual (key/ignition, gearbox/brakes, doors, remote
// control/sleep). Bits 28 (car closed), 34/35 (neutral/drive) and 46 (roof) come from a third-party implementation of
// the P2 table and fit that structure. Bits not listed here (CAN line states, remote-control action codes, the
// electric-vehicle bits of byte 2) are left out. The separate SSF elements (IO 652.., 898..) win when both are sent.
const SSF_BITS: readonly (readonly [number, string])[] = [
  [8, "canSsfRequestToLockEngine"],
  [9, "canSsfHazardWarningLights"],
  [24, "canSsfKeyInIgnitionLock"],
  [25, "canSsfIgnition"],
  [27, "canSsfWebasto"],
  [28, "canSsfCarIsClosed"],
  [29, "canSsfCarClosedFactoryRemote"],
  [30, "canSsfFactoryAlarmActuated"],
  [31, "canSsfFactoryAlarmEmulated"],
  [32, "canSsfParkingGearActive"],
  [34, "canSsfNeutralGearActive"],
  [35, "canSsfDriveIsActive"],
  [36, "canSsfHandbrakeIsActive"],
  [37, "canSsfFootbrakeIsActive"],
  [38, "canSsfEngineWorking"],
  [39, "canSsfReverseGearActive"],
  [40, "canSsfFrontLeftDoorOpen"],
  [41, "canSsfFrontRightDoorOpen"],
  [42, "canSsfRearLeftDoorOpen"],
  [43, "canSsfRearRightDoorOpen"],
  [44, "canSsfEngineCoverOpen"],
  [45, "canSsfTrunkDoorOpen"],
  [46, "canSsfRoofOpen"],
  [55, "canSsfCanModuleInSleep"],
];

const DOOR_STATUS_DEF = IO_ELEMENTS.get(IO.CAN_DOOR_STATUS)!;
const SECURITY_FLAGS_DEF = IO_ELEMENTS.get(IO.CAN_SECURITY_STATE_FLAGS)!;

/** Tachograph card numbers: 16 ASCII characters sent as two 8-byte halves. */
const DRIVER_IDS = [
  ["canDriver1Id", IO.CAN_DRIVER_1_ID_HIGH, IO.CAN_DRIVER_1_ID_LOW],
  ["canDriver2Id", IO.CAN_DRIVER_2_ID_HIGH, IO.CAN_DRIVER_2_ID_LOW],
] as const;

/** Published fields for one record's IO elements. */
export function namedIo(io: Record<number, IoValue>): Record<string, NamedIoValue> {
  const out: Record<string, NamedIoValue> = {};
  for (const key in io) {
    const raw = io[key as unknown as number]!;
    const element = COMPILED[+key];
    if (element) out[element.name] = element.convert(raw);
    else out[`io${key}`] = raw;
  }

  const doorStatus = io[IO.CAN_DOOR_STATUS];
  if (doorStatus !== undefined) {
    const bits = Number(toUnsigned(DOOR_STATUS_DEF, doorStatus));
    for (const [mask, name] of DOOR_BITS) out[name] = (bits & mask) !== 0;
    out.canAnyOpeningOpen = (bits & ANY_OPENING_MASK) !== 0;
  }

  const securityFlags = io[IO.CAN_SECURITY_STATE_FLAGS];
  if (securityFlags !== undefined) {
    const value = toUnsigned(SECURITY_FLAGS_DEF, securityFlags);
    const low = typeof value === "bigint" ? Number(value & 0xffff_ffffn) : value % TWO_POW_32;
    const high = typeof value === "bigint" ? Number((value >> 32n) & 0xffff_ffffn) : Math.floor(value / TWO_POW_32);
    for (const [bit, name] of SSF_BITS) {
      if (out[name] !== undefined) continue;
      out[name] = ((bit < 32 ? low >>> bit : high >>> (bit - 32)) & 1) === 1;
    }
  }

  for (const [name, highId, lowId] of DRIVER_IDS) {
    const high = io[highId];
    const low = io[lowId];
    if (high === undefined || low === undefined) continue;
    // joined before trimming so padding inside the 16 characters survives
    const id = asText(Buffer.concat([toBytes(IO_ELEMENTS.get(highId)!, high), toBytes(IO_ELEMENTS.get(lowId)!, low)]));
    if (id !== "") out[name] = id;
  }
  return out;
}
