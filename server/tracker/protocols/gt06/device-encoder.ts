// Frames a GT06 device sends, built from plain values: for the simulator, the test device
// (server/testing/gt06-test-device.ts) and the decoder benchmark. The layouts are the decoder's (decoder.ts), in the
// other direction; a round trip through both is tested in gt06.test.ts.
import { COORDINATE_UNITS_PER_DEGREE } from "./decoder";
import { encodeFrame } from "./encoder";
import { PROTOCOL } from "./messages";

export interface FixToEncode {
  time: Date; // sent as UTC
  latitude: number; // degrees, negative south
  longitude: number; // degrees, negative west
  speed: number; // km/h, 0-255
  course: number; // degrees
  satellites: number; // 0-15
  gpsFixed?: boolean; // default true
}

export interface CellToEncode {
  mcc: number;
  mnc: number;
  lac: number;
  cellId: number;
}

const DEFAULT_CELL: CellToEncode = { mcc: 246, mnc: 1, lac: 110, cellId: 21978 };

/** Login (0x01): the IMEI as BCD with a leading zero nibble, type identity code, time zone word (UTC, English). */
export function encodeLogin(imei: string, serial: number, typeCode = 0x3601): Buffer {
  if (!/^\d{1,16}$/.test(imei)) throw new RangeError("a GT06 terminal id is up to 16 digits");
  const content = Buffer.alloc(12);
  Buffer.from(imei.padStart(16, "0"), "hex").copy(content, 0);
  content.writeUInt16BE(typeCode, 8);
  content.writeUInt16BE(0x0002, 10); // GMT+0, east, English
  return encodeFrame(PROTOCOL.LOGIN, content, serial);
}

function dateTime(time: Date): number[] {
  return [
    time.getUTCFullYear() % 100,
    time.getUTCMonth() + 1,
    time.getUTCDate(),
    time.getUTCHours(),
    time.getUTCMinutes(),
    time.getUTCSeconds(),
  ];
}

/** date-time, GPS info, latitude, longitude, speed, course/status: 18 bytes */
function gpsBlock(fix: FixToEncode): Buffer {
  const block = Buffer.alloc(18);
  Buffer.from(dateTime(fix.time)).copy(block, 0);
  block[6] = 0xc0 | (fix.satellites & 0x0f); // GPS block length 12, satellites
  block.writeUInt32BE(Math.round(Math.abs(fix.latitude) * COORDINATE_UNITS_PER_DEGREE), 7);
  block.writeUInt32BE(Math.round(Math.abs(fix.longitude) * COORDINATE_UNITS_PER_DEGREE), 11);
  block[15] = Math.min(255, Math.max(0, Math.round(fix.speed)));
  let courseStatus = Math.round(((fix.course % 360) + 360) % 360) & 0x03ff;
  if (fix.latitude >= 0) courseStatus |= 0x0400; // north
  if (fix.longitude < 0) courseStatus |= 0x0800; // west
  if (fix.gpsFixed ?? true) courseStatus |= 0x1000;
  block.writeUInt16BE(courseStatus, 16);
  return block;
}

function cellBlock(cell: CellToEncode): Buffer {
  const block = Buffer.alloc(8);
  block.writeUInt16BE(cell.mcc, 0);
  block[2] = cell.mnc;
  block.writeUInt16BE(cell.lac, 3);
  block.writeUIntBE(cell.cellId, 5, 3);
  return block;
}

/** GPS location: 0x12 (GT06) or 0x22 (newer firmware, with ACC, upload mode 0, real time, mileage). */
export function encodeLocation(
  fix: FixToEncode,
  serial: number,
  options: { protocol?: 0x12 | 0x22; ignition?: boolean; mileage?: number; cell?: CellToEncode } = {},
): Buffer {
  const protocol = options.protocol ?? PROTOCOL.LOCATION_UTC;
  const parts = [gpsBlock(fix), cellBlock(options.cell ?? DEFAULT_CELL)];
  if (protocol === PROTOCOL.LOCATION_UTC) {
    const extra = Buffer.alloc(options.mileage === undefined ? 3 : 7);
    extra[0] = options.ignition ? 1 : 0;
    if (options.mileage !== undefined) extra.writeUInt32BE(options.mileage, 3);
    parts.push(extra);
  }
  return encodeFrame(protocol, Buffer.concat(parts), serial);
}

export interface StatusToEncode {
  ignition?: boolean;
  charging?: boolean;
  armed?: boolean;
  voltageLevel?: number; // 0-6
  gsmSignal?: number; // 0-4
  alarmCode?: number; // alarm byte, 0 normal
}

function statusBlock(status: StatusToEncode): Buffer {
  const info = (status.armed ? 0x01 : 0) | (status.ignition ? 0x02 : 0) | (status.charging ? 0x04 : 0) | 0x40;
  return Buffer.from([info, status.voltageLevel ?? 4, status.gsmSignal ?? 4, status.alarmCode ?? 0, 0x02]);
}

/** Status information / heartbeat (0x13). */
export function encodeStatus(status: StatusToEncode, serial: number): Buffer {
  return encodeFrame(PROTOCOL.STATUS, statusBlock(status), serial);
}

/** Alarm (0x16 GT06 or 0x26 newer firmware): position, cell, status with the alarm byte. */
export function encodeAlarm(
  fix: FixToEncode,
  status: StatusToEncode & { alarmCode: number },
  serial: number,
  protocol: 0x16 | 0x26 = PROTOCOL.ALARM_UTC,
): Buffer {
  const content = Buffer.concat([gpsBlock(fix), Buffer.of(9), cellBlock(DEFAULT_CELL), statusBlock(status)]);
  return encodeFrame(protocol, content, serial);
}
