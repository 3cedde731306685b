// Encodes records as a device would send them (Codec 8 Extended over TCP or UDP). Used by the simulator, the
// benchmarks and the tests; the server itself never sends AVL data.
import { crc16Ibm } from "./crc";
import { CODEC, type DecodedRecord } from "./decoder";

export interface RecordToEncode extends Omit<DecodedRecord, "io" | "generationType"> {
  /** 1-, 2-, 4- and 8-byte values by id; strings are hex for variable-length (NX) elements */
  io: { u8?: Record<number, number>; u16?: Record<number, number>; u32?: Record<number, number>; u64?: Record<number, number | bigint>; hex?: Record<number, string> };
}

function avlData8E(records: RecordToEncode[]): Buffer {
  const parts: Buffer[] = [Buffer.from([CODEC.C8E, records.length])];
  for (const r of records) {
    const head = Buffer.alloc(8 + 1 + 15 + 2);
    let o = head.writeBigUInt64BE(BigInt(r.timestamp), 0);
    o = head.writeUInt8(r.priority, o);
    o = head.writeInt32BE(Math.round(r.longitude * 1e7), o);
    o = head.writeInt32BE(Math.round(r.latitude * 1e7), o);
    o = head.writeInt16BE(r.altitude, o);
    o = head.writeUInt16BE(r.angle, o);
    o = head.writeUInt8(r.satellites, o);
    o = head.writeUInt16BE(r.speed, o);
    head.writeUInt16BE(r.eventIoId, o);
    parts.push(head);
    const groups: [Record<number, number | bigint>, number][] = [
      [r.io.u8 ?? {}, 1],
      [r.io.u16 ?? {}, 2],
      [r.io.u32 ?? {}, 4],
      [r.io.u64 ?? {}, 8],
    ];
    const hex = Object.entries(r.io.hex ?? {});
    const total = groups.reduce((n, [g]) => n + Object.keys(g).length, 0) + hex.length;
    const u16 = (v: number) => {
      const b = Buffer.alloc(2);
      b.writeUInt16BE(v);
      return b;
    };
    parts.push(u16(total));
    for (const [group, size] of groups) {
      const entries = Object.entries(group);
      parts.push(u16(entries.length));
      for (const [id, value] of entries) {
        const b = Buffer.alloc(2 + size);
        b.writeUInt16BE(Number(id));
        if (size === 1) b.writeUInt8(Number(value), 2);
        else if (size === 2) b.writeUInt16BE(Number(value), 2);
        else if (size === 4) b.writeUInt32BE(Number(value), 2);
        else b.writeBigUInt64BE(BigInt(value), 2);
        parts.push(b);
      }
    }
    parts.push(u16(hex.length));
    for (const [id, value] of hex) {
      const bytes = Buffer.from(value, "hex");
      parts.push(u16(Number(id)), u16(bytes.length), bytes);
    }
  }
  parts.push(Buffer.from([records.length]));
  return Buffer.concat(parts);
}

/** a complete TCP AVL packet: preamble, length, Codec 8E data, CRC */
export function encodeTcpPacket8E(records: RecordToEncode[]): Buffer {
  const data = avlData8E(records);
  const packet = Buffer.alloc(8 + data.length + 4);
  packet.writeUInt32BE(data.length, 4);
  data.copy(packet, 8);
  packet.writeUInt32BE(crc16Ibm(data), 8 + data.length);
  return packet;
}

/** the IMEI login a device sends first on a TCP connection */
export function encodeLogin(imei: string): Buffer {
  const b = Buffer.alloc(2 + imei.length);
  b.writeUInt16BE(imei.length);
  b.write(imei, 2, "latin1");
  return b;
}

/** a UDP datagram carrying Codec 8E records */
export function encodeUdpDatagram8E(imei: string, packetId: number, avlPacketId: number, records: RecordToEncode[]): Buffer {
  const data = avlData8E(records);
  const header = Buffer.alloc(8);
  header.writeUInt16BE(packetId, 2);
  header.writeUInt8(0x01, 4);
  header.writeUInt8(avlPacketId, 5);
  header.writeUInt16BE(imei.length, 6);
  const datagram = Buffer.concat([header, Buffer.from(imei, "latin1"), data]);
  datagram.writeUInt16BE(datagram.length - 2, 0);
  return datagram;
}

/** a device's Codec 12 answer to a command: preamble, length, codec 0x0C, 1 response of type 0x06, CRC */
export function encodeCommandResponse(text: string): Buffer {
  const body = Buffer.from(text, "latin1");
  const data = Buffer.alloc(1 + 1 + 1 + 4 + body.length + 1);
  let o = data.writeUInt8(CODEC.C12, 0);
  o = data.writeUInt8(1, o); // response quantity
  o = data.writeUInt8(0x06, o); // type: response
  o = data.writeUInt32BE(body.length, o);
  o += body.copy(data, o);
  data.writeUInt8(1, o); // response quantity again
  const packet = Buffer.alloc(8 + data.length + 4);
  packet.writeUInt32BE(data.length, 4);
  data.copy(packet, 8);
  packet.writeUInt32BE(crc16Ibm(data), 8 + data.length);
  return packet;
}
