// Test support: a GT06 device on a real TCP connection, speaking real frames (protocols/gt06/device-encoder.ts). It
// logs in and waits for the login acknowledgement as a Concox device does, then sends locations (which the vendor
// leaves unanswered), heartbeats and alarms (which it waits to see acknowledged with their serial number), and can ask
// for the time. Serial numbers count up from 1 per connection, like a device's after power-on. Everything the server
// sends is split into frames (frame.ts) and decoded as far as an acknowledgement goes: protocol number and serial.
import net from "node:net";
import {
  encodeAlarm,
  encodeLocation,
  encodeLogin,
  encodeStatus,
  type CellToEncode,
  type FixToEncode,
  type StatusToEncode,
} from "../tracker/protocols/gt06/device-encoder";
import { encodeFrame } from "../tracker/protocols/gt06/encoder";
import { Gt06FrameSplitter } from "../tracker/protocols/gt06/frame";
import { PROTOCOL } from "../tracker/protocols/gt06/messages";

/** A frame from the server, as far as the device reads it. */
export interface ServerFrame {
  protocol: number;
  serial: number;
  content: Buffer; // between protocol number and serial: empty for a plain acknowledgement
  bytes: Buffer;
}

function serverFrame(bytes: Buffer, extended: boolean): ServerFrame {
  const header = extended ? 4 : 3;
  return {
    protocol: bytes[header]!,
    serial: bytes.readUInt16BE(bytes.length - 6),
    content: bytes.subarray(header + 1, bytes.length - 6),
    bytes,
  };
}

/** a plausible moving fix at `time`; `over` replaces any field */
export function testFix(time: Date, over: Partial<FixToEncode> = {}): FixToEncode {
  return { time, latitude: 54.6872, longitude: 25.2797, speed: 42, course: 90, satellites: 9, ...over };
}

export class Gt06TestDevice {
  private readonly splitter = new Gt06FrameSplitter();
  private readonly inbox: ServerFrame[] = [];
  private readonly waiters: (() => void)[] = [];
  private isClosed = false;
  private serial = 0;
  /** every frame the server sent that the device did not yet take as an answer, in order */
  readonly unsolicited: ServerFrame[] = [];
  /** resolves when the connection is closed (by either side) */
  readonly closed: Promise<void>;

  private constructor(
    private readonly socket: net.Socket,
    readonly imei: string,
  ) {
    socket.on("data", (chunk: Buffer) => {
      for (const frame of this.splitter.feed(chunk)) {
        if (frame.kind === "frame") this.inbox.push(serverFrame(frame.bytes, frame.extended));
      }
      this.wake();
    });
    socket.on("error", () => {});
    this.closed = new Promise((resolve) =>
      socket.once("close", () => {
        this.isClosed = true;
        this.wake();
        resolve();
      }),
    );
  }

  /** connects and logs in; rejects unless the server acknowledges the login (serial 1) */
  static async connect(port: number, imei: string, host = "127.0.0.1", timeoutMs = 10_000): Promise<Gt06TestDevice> {
    const socket = net.connect({ host, port });
    await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    const device = new Gt06TestDevice(socket, imei);
    try {
      await device.exchange((serial) => encodeLogin(imei, serial), PROTOCOL.LOGIN, timeoutMs);
    } catch (error) {
      device.destroy();
      throw new Error(`login of ${imei} not acknowledged: ${(error as Error).message}`);
    }
    return device;
  }

  get open(): boolean {
    return !this.isClosed;
  }

  /** sends a location (0x22 unless told 0x12); the vendor expects no answer, so this only writes */
  sendLocation(fix: FixToEncode, options: { protocol?: 0x12 | 0x22; ignition?: boolean; mileage?: number; cell?: CellToEncode } = {}): number {
    const serial = this.nextSerial();
    this.socket.write(encodeLocation(fix, serial, options));
    return serial;
  }

  /** sends a heartbeat (0x13) and resolves with the acknowledgement */
  heartbeat(status: StatusToEncode = {}, timeoutMs = 10_000): Promise<ServerFrame> {
    return this.exchange((serial) => encodeStatus(status, serial), PROTOCOL.STATUS, timeoutMs);
  }

  /** sends an alarm (0x26 unless told 0x16) and resolves with the acknowledgement */
  alarm(fix: FixToEncode, status: StatusToEncode & { alarmCode: number }, protocol: 0x16 | 0x26 = 0x26, timeoutMs = 10_000): Promise<ServerFrame> {
    return this.exchange((serial) => encodeAlarm(fix, status, serial, protocol), protocol, timeoutMs);
  }

  /** asks for the time (0x8A) and resolves with the UTC time the server answered */
  async requestTime(timeoutMs = 10_000): Promise<Date> {
    const answer = await this.exchange((serial) => encodeFrame(PROTOCOL.TIME_REQUEST, new Uint8Array(0), serial), PROTOCOL.TIME_REQUEST, timeoutMs);
    const [yy, mo, dd, hh, mi, ss] = answer.content;
    return new Date(Date.UTC(2000 + yy!, mo! - 1, dd!, hh!, mi!, ss!));
  }

  /** writes raw bytes (broken frames, garbage) */
  write(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** true when nothing at all arrives from the server within `ms` */
  async silentFor(ms: number): Promise<boolean> {
    const before = this.inbox.length + this.splitter.pending;
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.inbox.length + this.splitter.pending === before;
  }

  destroy(): void {
    this.socket.destroy();
  }

  private nextSerial(): number {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }

  /** sends a frame built for the next serial and waits for the answer with the same protocol number and serial;
   * frames that are not that answer are kept in `unsolicited` */
  private async exchange(build: (serial: number) => Buffer, protocol: number, timeoutMs: number): Promise<ServerFrame> {
    const serial = this.nextSerial();
    this.socket.write(build(serial));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.inbox.length > 0) {
        const frame = this.inbox.shift()!;
        if (frame.protocol === protocol && frame.serial === serial) return frame;
        this.unsolicited.push(frame);
      }
      if (this.isClosed) throw new Error("the server closed the connection");
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no answer to protocol 0x${protocol.toString(16)} serial ${serial} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, Math.min(left, 100));
      });
    }
  }

  private wake() {
    this.waiters.splice(0).forEach((wake) => wake());
  }
}
