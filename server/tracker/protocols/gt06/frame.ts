// Splits a GT06 TCP byte stream into frames. A frame is
//   0x78 0x78, length (1 byte) | 0x79 0x79, length (2 bytes), then `length` bytes (protocol number, content,
//   serial number, CRC), then 0x0D 0x0A.
// Pure and incremental: feed() takes whatever arrived and returns the complete frames in order; a partial frame stays
// buffered. Unlike Teltonika, GT06 frames have a start marker, so after garbage, a too short or oversize length or a
// missing stop the splitter reports the problem and resynchronises on the next start marker instead of dropping the
// stream. CRC is the decoder's job (decoder.ts), so a frame here only has the right shape.

/** Largest length field accepted for an extended (0x79 0x79) frame; short frames cannot exceed 255. Real devices send
 * at most about 1 KiB (photo chunks, 0x94 text); anything larger is a corrupt length that would stall the stream. */
export const MAX_EXTENDED_LENGTH = 2048;
/** protocol number (1) + serial number (2) + CRC (2): the smallest possible length field */
export const MIN_LENGTH = 5;

export const SHORT_START = 0x78;
export const EXTENDED_START = 0x79;
const STOP = 0x0d0a;

export type Gt06Frame =
  | { kind: "frame"; bytes: Buffer; extended: boolean } // the whole frame: start marker .. stop bytes
  | { kind: "invalid"; reason: string };

export class Gt06FrameSplitter {
  private buffer: Buffer = Buffer.alloc(0);

  /** bytes waiting for the rest of their frame */
  get pending(): number {
    return this.buffer.length;
  }

  feed(chunk: Buffer): Gt06Frame[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const frames: Gt06Frame[] = [];
    for (;;) {
      const frame = this.next();
      if (!frame) break;
      frames.push(frame);
    }
    if (this.buffer.length > 0) this.buffer = Buffer.from(this.buffer); // do not pin the caller's chunk
    return frames;
  }

  private skip(length: number): void {
    this.buffer = this.buffer.subarray(length);
  }

  /** index of the next possible start marker at or after `from` (a lone marker byte at the end counts: its twin may
   * be on its way); the buffer length when there is none */
  private nextStart(from: number): number {
    const buf = this.buffer;
    for (let i = from; i < buf.length; i++) {
      const b = buf[i];
      if (b !== SHORT_START && b !== EXTENDED_START) continue;
      if (i + 1 === buf.length || buf[i + 1] === b) return i;
    }
    return buf.length;
  }

  private next(): Gt06Frame | undefined {
    const buf = this.buffer;
    if (buf.length === 0) return undefined;
    const start = this.nextStart(0);
    if (start > 0) {
      this.skip(start);
      return { kind: "invalid", reason: `${start} byte(s) of garbage before a frame start` };
    }
    if (buf.length < 2) return undefined;
    const extended = buf[0] === EXTENDED_START;
    const headerLength = extended ? 4 : 3;
    if (buf.length < headerLength) return undefined;
    const length = extended ? buf.readUInt16BE(2) : buf[2]!;
    if (length < MIN_LENGTH) {
      this.skip(2);
      return { kind: "invalid", reason: `length ${length} is shorter than the ${MIN_LENGTH} bytes of an empty frame` };
    }
    if (extended && length > MAX_EXTENDED_LENGTH) {
      this.skip(2);
      return { kind: "invalid", reason: `oversize frame: length ${length} exceeds ${MAX_EXTENDED_LENGTH}` };
    }
    const total = headerLength + length + 2;
    if (buf.length < total) return undefined;
    if (buf.readUInt16BE(total - 2) !== STOP) {
      this.skip(2);
      return { kind: "invalid", reason: `no 0D 0A stop bytes where the length ${length} says the frame ends` };
    }
    const bytes = Buffer.from(buf.subarray(0, total));
    this.skip(total);
    return { kind: "frame", bytes, extended };
  }
}
