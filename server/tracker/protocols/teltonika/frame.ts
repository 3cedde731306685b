// Splits a Teltonika TCP byte stream into frames. A connection starts with the IMEI login
// (2-byte length + ASCII digits); afterwards it carries AVL/command packets
// (4 zero bytes, 4-byte data length, data, 4-byte CRC) and single 0xFF keep-alive bytes.
// Pure and incremental: feed() takes whatever arrived and returns the complete frames in order; a partial frame
// stays buffered. Garbage never throws: it comes back as an `invalid` frame so the session can decide.

/** Largest data field we accept; real devices send at most a few KiB (Codec 8E with NX elements included). */
export const MAX_DATA_LENGTH = 64 * 1024;
const IMEI_MAX_LENGTH = 20;

export type TcpFrame =
  | { kind: "imei"; imei: string }
  | { kind: "packet"; bytes: Buffer } // the whole packet: preamble .. CRC
  | { kind: "ping" }
  | { kind: "invalid"; reason: string };

export class TeltonikaFrameSplitter {
  private buffer: Buffer = Buffer.alloc(0);
  private loggedIn = false;

  /** bytes waiting for the rest of their frame */
  get pending(): number {
    return this.buffer.length;
  }

  feed(chunk: Buffer): TcpFrame[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const frames: TcpFrame[] = [];
    for (;;) {
      const frame = this.next();
      if (!frame) break;
      frames.push(frame);
      if (frame.kind === "invalid") {
        this.buffer = Buffer.alloc(0); // resynchronising inside a corrupt stream is guesswork: drop what is left
        break;
      }
    }
    return frames;
  }

  private take(length: number): Buffer {
    const head = this.buffer.subarray(0, length);
    this.buffer = this.buffer.subarray(length);
    return head;
  }

  private next(): TcpFrame | undefined {
    const buf = this.buffer;
    if (!this.loggedIn) {
      if (buf.length < 2) return undefined;
      const length = buf.readUInt16BE(0); // IMEI length
      if (length === 0 || length > IMEI_MAX_LENGTH) return { kind: "invalid", reason: `bad IMEI length ${length}` };
      if (buf.length < 2 + length) return undefined;
      const imei = buf.toString("latin1", 2, 2 + length);
      this.take(2 + length);
      if (!/^\d+$/.test(imei)) return { kind: "invalid", reason: "IMEI is not numeric" };
      this.loggedIn = true;
      return { kind: "imei", imei };
    }
    if (buf.length === 0) return undefined;
    if (buf[0] === 0xff) {
      this.take(1);
      return { kind: "ping" };
    }
    if (buf.length < 8) {
      // the preamble must be zeros as far as it has arrived
      return buf.subarray(0, Math.min(4, buf.length)).every((b) => b === 0)
        ? undefined
        : { kind: "invalid", reason: "missing preamble" };
    }
    if (buf.readUInt32BE(0) !== 0) return { kind: "invalid", reason: "missing preamble" };
    const dataLength = buf.readUInt32BE(4);
    if (dataLength < 3 || dataLength > MAX_DATA_LENGTH) {
      return { kind: "invalid", reason: `data length ${dataLength} out of range` };
    }
    const total = 8 + dataLength + 4;
    if (buf.length < total) return undefined;
    return { kind: "packet", bytes: Buffer.from(this.take(total)) };
  }
}
