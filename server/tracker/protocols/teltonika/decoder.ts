// Teltonika AVL decoding: Codec 8, Codec 8 Extended and Codec 16 data packets, and Codec 12 command responses,
// over TCP (preamble + length + CRC) and UDP (channel header with the IMEI, no CRC). Pure: bytes in, records and the
// reply to send (after storage) out. No clock, no database, no socket. Malformed input returns `rejected` and is
// never thrown, so a bad packet cannot take the listener down.
//
// Reference: Teltonika "Data Sending Protocols" / "Codec" documentation (public wiki).
import { crc16Ibm } from "./crc";

export const CODEC = { C8: 0x08, C8E: 0x8e, C16: 0x10, C12: 0x0c } as const;

/** IO values: 1/2/4-byte elements as unsigned numbers, 8-byte ones as numbers when exact (else a decimal string),
 *  variable-length (NX, Codec 8E) ones as lowercase hex. Signedness, units and names are applied later (io-values.ts). */
export type IoValue = number | string;

export interface DecodedRecord {
  timestamp: number; // fix time, epoch milliseconds (UTC)
  priority: number; // 0 low, 1 high, 2 panic
  longitude: number; // degrees, WGS84
  latitude: number; // degrees, WGS84
  altitude: number; // metres above sea level
  angle: number; // heading, degrees from north
  satellites: number;
  speed: number; // km/h (GPS)
  eventIoId: number; // IO id that triggered the record, 0 for periodic records
  generationType?: number; // Codec 16 only: 0 on exit, 1 on entrance, 2 on both, 3 reserved, 4 hysteresis, 5 on change, 6 eventual, 7 periodical
  io: Record<number, IoValue>;
}

export type DecodeResult =
  | { kind: "records"; codec: number; records: DecodedRecord[]; reply: Buffer }
  | { kind: "command-response"; codec: number; responses: string[] }
  | { kind: "rejected"; reason: string };

class Reader {
  offset: number;
  constructor(
    readonly buf: Buffer,
    start: number,
    readonly end: number,
  ) {
    this.offset = start;
  }
  need(bytes: number) {
    if (this.offset + bytes > this.end) throw new TruncatedError();
  }
  u8() {
    this.need(1);
    return this.buf[this.offset++]!;
  }
  u16() {
    this.need(2);
    const v = this.buf.readUInt16BE(this.offset);
    this.offset += 2;
    return v;
  }
  u32() {
    this.need(4);
    const v = this.buf.readUInt32BE(this.offset);
    this.offset += 4;
    return v;
  }
  latin1(length: number) {
    this.need(length);
    const v = this.buf.toString("latin1", this.offset, this.offset + length);
    this.offset += length;
    return v;
  }
}

class TruncatedError extends Error {}

/** Decodes the AVL data array (codec id .. second record count) at [start, end). */
function decodeAvlData(buf: Buffer, start: number, end: number): DecodeResult {
  const r = new Reader(buf, start, end);
  try {
    const codec = r.u8();
    const count = r.u8();
    if (codec === CODEC.C12) return decodeCommandResponses(r, count, codec);
    if (codec !== CODEC.C8 && codec !== CODEC.C8E && codec !== CODEC.C16) {
      return { kind: "rejected", reason: `unsupported codec 0x${codec.toString(16)}` };
    }
    const records: DecodedRecord[] = new Array(count);
    for (let i = 0; i < count; i++) records[i] = decodeRecord(r, codec);
    const countAgain = r.u8();
    if (countAgain !== count) return { kind: "rejected", reason: `record counts differ (${count} vs ${countAgain})` };
    if (r.offset !== end) return { kind: "rejected", reason: `${end - r.offset} unexpected bytes after the records` };
    return { kind: "records", codec, records, reply: tcpAcknowledgement(count) };
  } catch (error) {
    if (error instanceof TruncatedError) return { kind: "rejected", reason: "packet is truncated" };
    throw error;
  }
}

// The hot path (hundreds of thousands of records a second): plain reads at a local offset, one bounds check per
// fixed-size section and per IO group instead of one per field, and no closures per record.
function decodeRecord(r: Reader, codec: number): DecodedRecord {
  const buf = r.buf;
  const end = r.end;
  const extended = codec === CODEC.C8E;
  const wide = codec !== CODEC.C8; // 8E and 16 use 2-byte IO ids
  const idSize = wide ? 2 : 1;
  const countSize = extended ? 2 : 1;
  let o = r.offset;
  // timestamp 8, priority 1, GPS 15, event id, [generation type], total count
  const head = 24 + idSize + (codec === CODEC.C16 ? 1 : 0) + countSize;
  if (o + head > end) throw new TruncatedError();
  const timestamp = buf.readUInt32BE(o) * 0x100000000 + buf.readUInt32BE(o + 4);
  const priority = buf[o + 8]!;
  const longitude = buf.readInt32BE(o + 9) / 1e7;
  const latitude = buf.readInt32BE(o + 13) / 1e7;
  const altitude = buf.readInt16BE(o + 17);
  const angle = buf.readUInt16BE(o + 19);
  const satellites = buf[o + 21]!;
  const speed = buf.readUInt16BE(o + 22);
  o += 24;
  const eventIoId = wide ? buf.readUInt16BE(o) : buf[o]!;
  o += idSize;
  let generationType: number | undefined;
  if (codec === CODEC.C16) generationType = buf[o++]!;
  o += countSize; // total IO count; the per-size counts below are authoritative

  const io: Record<number, IoValue> = {};
  for (let size = 1; size <= 8; size *= 2) {
    if (o + countSize > end) throw new TruncatedError();
    const n = extended ? buf.readUInt16BE(o) : buf[o]!;
    o += countSize;
    if (o + n * (idSize + size) > end) throw new TruncatedError();
    for (let i = 0; i < n; i++) {
      const key = wide ? buf.readUInt16BE(o) : buf[o]!;
      o += idSize;
      if (size === 1) io[key] = buf[o]!;
      else if (size === 2) io[key] = buf.readUInt16BE(o);
      else if (size === 4) io[key] = buf.readUInt32BE(o);
      else {
        const high = buf.readUInt32BE(o);
        const low = buf.readUInt32BE(o + 4);
        // exact as a double below 2^53; beyond that keep every digit
        io[key] = high < 0x200000 ? high * 0x100000000 + low : ((BigInt(high) << 32n) | BigInt(low)).toString();
      }
      o += size;
    }
  }
  if (extended) {
    if (o + 2 > end) throw new TruncatedError();
    const n = buf.readUInt16BE(o);
    o += 2;
    for (let i = 0; i < n; i++) {
      if (o + 4 > end) throw new TruncatedError();
      const key = buf.readUInt16BE(o);
      const length = buf.readUInt16BE(o + 2);
      o += 4;
      if (o + length > end) throw new TruncatedError();
      io[key] = buf.toString("hex", o, o + length);
      o += length;
    }
  }
  r.offset = o;
  const record: DecodedRecord = { timestamp, priority, longitude, latitude, altitude, angle, satellites, speed, eventIoId, io };
  if (generationType !== undefined) record.generationType = generationType;
  return record;
}

const COMMAND_RESPONSE = 0x06;

function decodeCommandResponses(r: Reader, count: number, codec: number): DecodeResult {
  const responses: string[] = [];
  for (let i = 0; i < count; i++) {
    const type = r.u8();
    const size = r.u32();
    if (type !== COMMAND_RESPONSE) {
      r.need(size);
      r.offset += size;
      continue;
    }
    responses.push(r.latin1(size));
  }
  const countAgain = r.u8();
  if (countAgain !== count) return { kind: "rejected", reason: `response counts differ (${count} vs ${countAgain})` };
  return { kind: "command-response", codec, responses };
}

/** Decodes one complete TCP packet (preamble, length, data, CRC) as cut by TeltonikaFrameSplitter. */
export function decodeTcpPacket(packet: Buffer): DecodeResult {
  if (packet.length < 12 || packet.readUInt32BE(0) !== 0) return { kind: "rejected", reason: "not an AVL packet" };
  const length = packet.readUInt32BE(4);
  if (packet.length !== 8 + length + 4) return { kind: "rejected", reason: "length field does not match the packet" };
  const expected = packet.readUInt32BE(8 + length) & 0xffff;
  const actual = crc16Ibm(packet, 8, 8 + length);
  if (expected !== actual) return { kind: "rejected", reason: "CRC mismatch" };
  return decodeAvlData(packet, 8, 8 + length);
}

export interface UdpDecodeResult {
  imei: string;
  result: DecodeResult;
  /** the UDP acknowledgement (packet id, AVL packet id, record count), present when records decoded */
  reply?: Buffer;
}

/** Decodes a UDP datagram: length, packet id, 0x01, AVL packet id, IMEI length + IMEI, AVL data. */
export function decodeUdpDatagram(datagram: Buffer): UdpDecodeResult | { imei?: undefined; result: DecodeResult; reply?: undefined } {
  const r = new Reader(datagram, 0, datagram.length);
  try {
    const length = r.u16();
    if (length !== datagram.length - 2) {
      return { result: { kind: "rejected", reason: "length field does not match the datagram" } };
    }
    const packetId = r.u16();
    r.u8(); // not usable byte (0x01)
    const avlPacketId = r.u8();
    const imeiLength = r.u16();
    if (imeiLength === 0 || imeiLength > 20) return { result: { kind: "rejected", reason: "bad IMEI length" } };
    const imei = r.latin1(imeiLength);
    if (!/^\d+$/.test(imei)) return { result: { kind: "rejected", reason: "IMEI is not numeric" } };
    const result = decodeAvlData(datagram, r.offset, datagram.length);
    if (result.kind !== "records") return { imei, result };
    const reply = Buffer.alloc(7);
    reply.writeUInt16BE(5, 0); // length of what follows
    reply.writeUInt16BE(packetId, 2);
    reply.writeUInt8(0x01, 4);
    reply.writeUInt8(avlPacketId, 5);
    reply.writeUInt8(result.records.length, 6);
    return { imei, result, reply };
  } catch (error) {
    if (error instanceof TruncatedError) return { result: { kind: "rejected", reason: "datagram is truncated" } };
    throw error;
  }
}

/**
 * The TCP acknowledgement of an AVL packet: how many of its records the server took. A device resends the whole packet
 * when the count is lower than what it sent.
 */
export function tcpAcknowledgement(count: number): Buffer {
  const reply = Buffer.alloc(4);
  reply.writeUInt32BE(count);
  return reply;
}

/** A datagram's UDP acknowledgement (`reply` of decodeUdpDatagram) with the number of records the server took. */
export function udpAcknowledgement(reply: Buffer, count: number): Buffer {
  const answer = Buffer.from(reply);
  answer.writeUInt8(count, 6);
  return answer;
}

/** The one-byte answer to an IMEI login: accepted (0x01) or refused (0x00). */
export function loginReply(accepted: boolean): Buffer {
  return Buffer.from([accepted ? 0x01 : 0x00]);
}
