// Frames the server sends: the acknowledgements the Concox documents ask for. An acknowledgement repeats the
// protocol number and the serial number of what it answers, in a short (0x78 0x78) frame with CRC-ITU:
//   78 78 05 <protocol> <serial hi> <serial lo> <crc hi> <crc lo> 0D 0A
// The time request (0x8A) is answered with the current UTC time before the serial number. Location (0x12, 0x22),
// LBS and information (0x94) packets need no answer by the documents, so none is sent.
import { crcItu } from "./crc-itu";
import { EXTENDED_START, SHORT_START } from "./frame";
import { PROTOCOL, type Gt06Message } from "./messages";

/** Builds a complete frame: start, length, protocol number, content, serial number, CRC, stop. */
export function encodeFrame(protocol: number, content: Uint8Array, serial: number, extended = false): Buffer {
  const length = 1 + content.length + 2 + 2; // protocol number, content, serial, CRC
  const header = extended ? 4 : 3;
  if (!extended && length > 0xff) throw new RangeError(`content of ${content.length} bytes needs an extended frame`);
  const frame = Buffer.alloc(header + length + 2);
  frame[0] = frame[1] = extended ? EXTENDED_START : SHORT_START;
  if (extended) frame.writeUInt16BE(length, 2);
  else frame[2] = length;
  frame[header] = protocol;
  frame.set(content, header + 1);
  const serialAt = header + 1 + content.length;
  frame.writeUInt16BE(serial & 0xffff, serialAt);
  frame.writeUInt16BE(crcItu(frame, 2, serialAt + 2), serialAt + 2);
  frame.writeUInt16BE(0x0d0a, serialAt + 4);
  return frame;
}

/** The plain acknowledgement: protocol number and serial number, no content. */
export function encodeAcknowledgement(protocol: number, serial: number): Buffer {
  return encodeFrame(protocol, new Uint8Array(0), serial);
}

/** Answer to a time request (0x8A): YY MM DD hh mm ss of `now` in UTC. */
export function encodeTimeResponse(serial: number, now: Date): Buffer {
  const content = Uint8Array.of(
    now.getUTCFullYear() % 100,
    now.getUTCMonth() + 1,
    now.getUTCDate(),
    now.getUTCHours(),
    now.getUTCMinutes(),
    now.getUTCSeconds(),
  );
  return encodeFrame(PROTOCOL.TIME_REQUEST, content, serial);
}

/** Protocol numbers the vendor documents answer with a plain acknowledgement. */
export const ACKNOWLEDGED: ReadonlySet<number> = new Set([
  PROTOCOL.LOGIN,
  PROTOCOL.STATUS,
  PROTOCOL.HEARTBEAT,
  PROTOCOL.ALARM,
  PROTOCOL.ALARM_UTC,
  PROTOCOL.ALARM_FENCES,
]);

/** What the server answers to a decoded message, or undefined when nothing is due. `now` is only read for a time
 * request. A login is answered here, but the session decides whether the IMEI is known before sending it: a device
 * that gets no answer retries and eventually reboots, which is what an unknown one should do. */
export function acknowledgementFor(message: Gt06Message, now: Date): Buffer | undefined {
  if (message.type === "time-request") return encodeTimeResponse(message.serial, now);
  if (message.type === "unsupported" || !ACKNOWLEDGED.has(message.protocol)) return undefined;
  return encodeAcknowledgement(message.protocol, message.serial);
}
