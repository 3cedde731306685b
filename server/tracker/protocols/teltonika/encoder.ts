// Codec 12 commands sent to the device over its open TCP session (e.g. "getinfo", "lvcansetprog 1234").
import { crc16Ibm } from "./crc";
import { CODEC } from "./decoder";

const COMMAND_TYPE = 0x05;

export function encodeCommand(command: string): Buffer {
  const text = Buffer.from(command, "latin1");
  const dataLength = 1 + 1 + 1 + 4 + text.length + 1; // codec, quantity, type, size, command, quantity
  const packet = Buffer.alloc(8 + dataLength + 4);
  let o = 4; // preamble stays zero
  o = packet.writeUInt32BE(dataLength, o);
  o = packet.writeUInt8(CODEC.C12, o);
  o = packet.writeUInt8(1, o); // command quantity 1
  o = packet.writeUInt8(COMMAND_TYPE, o);
  o = packet.writeUInt32BE(text.length, o);
  o += text.copy(packet, o);
  o = packet.writeUInt8(1, o); // command quantity 2
  packet.writeUInt32BE(crc16Ibm(packet, 8, 8 + dataLength), o);
  return packet;
}
