// A device's reading of the server's Codec 12 commands: the simulator's Teltonika client and the tests' device take
// each command out of their byte stream with it, wherever it falls among the acknowledgements.
import { crc16Ibm } from "./crc";
import { CODEC } from "./decoder";

/** a Codec 12 command's type byte (a response is 0x06) */
const COMMAND_TYPE = 0x05;

/** a complete Codec 12 command at the start of `bytes`: its text and length; null when there is none (yet) */
export function commandFrameAt(bytes: Buffer): { text: string; length: number } | null {
  if (bytes.length < 12 || bytes.readUInt32BE(0) !== 0) return null;
  const dataLength = bytes.readUInt32BE(4);
  if (dataLength < 8 || bytes[8] !== CODEC.C12 || bytes[10] !== COMMAND_TYPE) return null;
  const total = 8 + dataLength + 4;
  if (bytes.length < total) return null;
  if ((bytes.readUInt32BE(8 + dataLength) & 0xffff) !== crc16Ibm(bytes, 8, 8 + dataLength)) return null;
  const size = bytes.readUInt32BE(11);
  return { text: bytes.toString("latin1", 15, 15 + size), length: total };
}
