// Decodes one GT06 frame (as frame.ts cut it) into a message. Pure: no clock, no session, no socket. The CRC is
// checked first; a frame whose CRC, length or content does not add up is rejected with a reason, and a protocol
// number this decoder does not know comes back as an "unsupported" message (with its serial, so the session can
// still log it). Nothing in here throws on bad bytes.
import { crcItu } from "./crc-itu";
import { EXTENDED_START } from "./frame";
import {
  ALARM_TYPES,
  PROTOCOL,
  TERMINAL_ALARMS,
  type AlarmName,
  type CellTower,
  type Gt06Information,
  type Gt06Location,
  type Gt06Message,
  type Gt06Status,
  type TerminalInfo,
} from "./messages";

export type Gt06DecodeResult = { kind: "message"; message: Gt06Message } | { kind: "rejected"; reason: string };

/** degrees = raw / 1,800,000 (the raw value is minutes × 30,000) */
export const COORDINATE_UNITS_PER_DEGREE = 1_800_000;

class ContentTooShort extends Error {}
class BadContent extends Error {}

/** Bounds-checked big-endian reads over the content of one frame. */
class Reader {
  constructor(
    private readonly buf: Buffer,
    public offset: number,
    private readonly end: number,
  ) {}
  get remaining(): number {
    return this.end - this.offset;
  }
  private need(n: number): number {
    if (this.offset + n > this.end) throw new ContentTooShort();
    const at = this.offset;
    this.offset += n;
    return at;
  }
  u8(): number {
    return this.buf[this.need(1)]!;
  }
  u16(): number {
    return this.buf.readUInt16BE(this.need(2));
  }
  u24(): number {
    return this.buf.readUIntBE(this.need(3), 3);
  }
  u32(): number {
    return this.buf.readUInt32BE(this.need(4));
  }
  bytes(n: number): Buffer {
    const at = this.need(n);
    return this.buf.subarray(at, at + n);
  }
  skip(n: number): void {
    this.need(n);
  }
}

export function decodeFrame(frame: Buffer): Gt06DecodeResult {
  if (frame.length < 10) return { kind: "rejected", reason: `frame of ${frame.length} bytes is too short` };
  const extended = frame[0] === EXTENDED_START;
  const headerLength = extended ? 4 : 3;
  const length = extended ? frame.readUInt16BE(2) : frame[2]!;
  if (headerLength + length + 2 !== frame.length) {
    return { kind: "rejected", reason: `length field ${length} does not match a frame of ${frame.length} bytes` };
  }
  const crcAt = frame.length - 4;
  const expected = crcItu(frame, 2, crcAt);
  const received = frame.readUInt16BE(crcAt);
  if (expected !== received) {
    return {
      kind: "rejected",
      reason: `CRC mismatch: frame says ${hex4(received)}, content gives ${hex4(expected)}`,
    };
  }
  const protocol = frame[headerLength]!;
  const serial = frame.readUInt16BE(crcAt - 2);
  const content = new Reader(frame, headerLength + 1, crcAt - 2);
  try {
    return { kind: "message", message: decodeContent(protocol, serial, content) };
  } catch (error) {
    if (error instanceof ContentTooShort) {
      return { kind: "rejected", reason: `content of protocol ${hex2(protocol)} is too short (${length - 5} bytes)` };
    }
    if (error instanceof BadContent) return { kind: "rejected", reason: error.message };
    throw error;
  }
}

function decodeContent(protocol: number, serial: number, r: Reader): Gt06Message {
  switch (protocol) {
    case PROTOCOL.LOGIN:
      return decodeLogin(serial, r);
    case PROTOCOL.LOCATION:
    case PROTOCOL.LOCATION_UTC: {
      const location = readLocation(r);
      const cell = readCell(r);
      if (protocol === PROTOCOL.LOCATION || r.remaining < 3) return { type: "location", protocol, serial, location, cell };
      const ignition = r.u8() === 1; // ACC
      const uploadMode = r.u8();
      const reupload = r.u8() === 1;
      const mileage = r.remaining >= 4 ? r.u32() : undefined;
      return { type: "location", protocol, serial, location, cell, ignition, uploadMode, reupload, mileage };
    }
    case PROTOCOL.STATUS: {
      const status = readStatus(r);
      return { type: "status", protocol, serial, status, alarm: alarmName(status.alarmCode ?? 0) };
    }
    case PROTOCOL.HEARTBEAT: {
      const terminal = terminalInfo(r.u8());
      const batteryVoltage = r.u16() / 100; // 0.01 V
      const gsmSignal = r.remaining >= 1 ? r.u8() : undefined;
      return { type: "status", protocol, serial, status: { terminal, batteryVoltage, gsmSignal }, alarm: null };
    }
    case PROTOCOL.ALARM:
    case PROTOCOL.ALARM_UTC:
    case PROTOCOL.ALARM_FENCES: {
      const location = readLocation(r);
      const lbsLength = r.u8(); // counts itself: 9 for MCC, MNC, LAC and cell id
      let cell: CellTower | undefined;
      if (lbsLength >= 9) {
        cell = readCell(r);
        r.skip(lbsLength - 9);
      } else if (lbsLength > 1) {
        r.skip(lbsLength - 1);
      }
      const status = readStatus(r);
      const alarmCode = status.alarmCode ?? 0;
      const fence = protocol === PROTOCOL.ALARM_FENCES && r.remaining >= 1 ? r.u8() : undefined;
      return { type: "alarm", protocol, serial, location, cell, status, alarm: alarmName(alarmCode), alarmCode, fence };
    }
    case PROTOCOL.TIME_REQUEST:
      return { type: "time-request", protocol, serial };
    case PROTOCOL.INFORMATION:
      return { type: "information", protocol, serial, info: readInformation(r) };
    default:
      return { type: "unsupported", protocol, serial, content: Buffer.from(r.bytes(r.remaining)) };
  }
}

function decodeLogin(serial: number, r: Reader): Gt06Message {
  const id = r.bytes(8).toString("hex"); // terminal id: the IMEI as BCD, one leading zero nibble
  if (!/^\d{16}$/.test(id)) throw new BadContent(`login terminal id ${id} is not BCD digits`);
  const imei = id.replace(/^0/, "");
  const typeCode = r.remaining >= 2 ? r.u16() : undefined;
  let timezoneOffsetMinutes: number | undefined;
  if (r.remaining >= 2) {
    const word = r.u16(); // bits 15-4: hours × 100 + minutes; bit 3: west; bits 1-0: language
    const value = word >> 4;
    const minutes = Math.floor(value / 100) * 60 + (value % 100);
    timezoneOffsetMinutes = word & 0x08 ? -minutes : minutes;
  }
  return { type: "login", protocol: PROTOCOL.LOGIN, serial, imei, typeCode, timezoneOffsetMinutes };
}

/** date-time (6), GPS info length and satellites (1), latitude (4), longitude (4), speed (1), course/status (2) */
function readLocation(r: Reader): Gt06Location {
  const fixTime = readDateTime(r);
  const satellites = r.u8() & 0x0f; // high nibble: length of the GPS block
  const latitude = r.u32() / COORDINATE_UNITS_PER_DEGREE;
  const longitude = r.u32() / COORDINATE_UNITS_PER_DEGREE;
  const speed = r.u8(); // km/h
  const courseStatus = r.u16();
  // Clones that put other fields first (the IMEI in NT20 and QH302R location frames) land here with nonsense.
  if (latitude > 90 || longitude > 180) {
    throw new BadContent(`coordinates ${latitude.toFixed(2)}, ${longitude.toFixed(2)} out of range: not a GT06 layout`);
  }
  return {
    fixTime,
    latitude: courseStatus & 0x0400 ? latitude : -latitude, // bit 10: 1 north, 0 south
    longitude: courseStatus & 0x0800 ? -longitude : longitude, // bit 11: 1 west, 0 east
    speed,
    course: courseStatus & 0x03ff, // bits 0-9
    satellites,
    gpsFixed: (courseStatus & 0x1000) !== 0, // bit 12
    differential: (courseStatus & 0x2000) !== 0, // bit 13
  };
}

/** YY MM DD hh mm ss, binary, UTC; null when a field is out of range (devices send zeros before a first fix) */
function readDateTime(r: Reader): Date | null {
  const [yy, mo, dd, hh, mi, ss] = [r.u8(), r.u8(), r.u8(), r.u8(), r.u8(), r.u8()];
  if (yy > 99 || mo < 1 || mo > 12 || dd < 1 || dd > 31 || hh > 23 || mi > 59 || ss > 59) return null;
  const date = new Date(Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss));
  return date.getUTCDate() === dd ? date : null; // 31 February rolls over: refuse it
}

/** MCC (2), MNC (1), LAC (2), cell id (3) */
function readCell(r: Reader): CellTower {
  const mcc = r.u16();
  const mnc = r.u8();
  const lac = r.u16();
  const cellId = r.u24();
  return { mcc, mnc, lac, cellId };
}

/** terminal info (1), voltage level (1), GSM signal (1), alarm/language (2, absent on some firmware) */
function readStatus(r: Reader): Gt06Status {
  const terminal = terminalInfo(r.u8());
  const voltageLevel = r.u8();
  const gsmSignal = r.u8();
  if (r.remaining < 2) return { terminal, voltageLevel, gsmSignal };
  const alarmCode = r.u8();
  const language = r.u8();
  return { terminal, voltageLevel, gsmSignal, alarmCode, language };
}

function terminalInfo(raw: number): TerminalInfo {
  return {
    raw,
    armed: (raw & 0x01) !== 0,
    ignition: (raw & 0x02) !== 0,
    charging: (raw & 0x04) !== 0,
    alarm: TERMINAL_ALARMS[(raw >> 3) & 0x07] ?? null,
    gpsTracking: (raw & 0x40) !== 0,
    outputCut: (raw & 0x80) !== 0,
  };
}

function alarmName(code: number): AlarmName | null {
  if (code === 0) return null;
  return ALARM_TYPES[code] ?? "unknown";
}

function readInformation(r: Reader): Gt06Information {
  const infoType = r.u8();
  switch (infoType) {
    case 0x00:
      return { kind: "external-voltage", volts: r.u16() / 100 }; // 0.01 V
    case 0x04:
      return { kind: "status-sync", text: r.bytes(r.remaining).toString("latin1") };
    case 0x05: {
      const raw = r.u8();
      return { kind: "door", open: (raw & 0x01) !== 0, raw };
    }
    case 0x0a: {
      const imei = r.bytes(8).toString("hex").replace(/^0/, "");
      const imsi = r.bytes(8).toString("hex").replace(/^0/, "");
      const iccid = r.bytes(10).toString("hex").replace(/f+$/i, "");
      return { kind: "iccid", imei, imsi, iccid };
    }
    default:
      return { kind: "other", infoType, content: Buffer.from(r.bytes(r.remaining)) };
  }
}

const hex2 = (n: number) => `0x${n.toString(16).padStart(2, "0").toUpperCase()}`;
const hex4 = (n: number) => `0x${n.toString(16).padStart(4, "0").toUpperCase()}`;
