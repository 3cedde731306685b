// A GT06 (Concox) device's side of a TCP session for the simulator: log in (0x01) and wait for the server's answer,
// send each record as a location frame (0x22, which the vendor leaves unanswered), and every few locations a
// heartbeat (0x13) whose acknowledgement shows the session is still alive. An unanswered login is how a server
// refuses an unknown terminal (it never says no), so it counts as refused; a broken connection reconnects with
// backoff and resends what may not have arrived, like a device's re-upload.
import net from "node:net";
import { DeviceRefusedError } from "./device-client";
import { encodeLocation, encodeLogin, encodeStatus } from "../tracker/protocols/gt06/device-encoder";
import { Gt06FrameSplitter } from "../tracker/protocols/gt06/frame";
import { PROTOCOL } from "../tracker/protocols/gt06/messages";
import { IO } from "../tracker/protocols/teltonika/io-elements";
import type { RecordToEncode } from "../tracker/protocols/teltonika/avl-encoder";

/** locations between heartbeats: often enough to notice a dead session within a minute at the default interval */
const LOCATIONS_PER_HEARTBEAT = 5;

export class Gt06DeviceClient {
  private socket: net.Socket | null = null;
  private splitter = new Gt06FrameSplitter();
  private answers: { protocol: number; serial: number }[] = [];
  private wake: (() => void) | null = null;
  private closed = false;
  private serial = 0;
  private sinceHeartbeat = 0;

  constructor(
    readonly imei: string,
    private readonly host: string,
    private readonly port: number,
    private readonly answerTimeoutMs = 10_000,
  ) {}

  async send(records: RecordToEncode[]): Promise<void> {
    for (let attempt = 0; !this.closed; attempt++) {
      try {
        const socket = await this.connected();
        for (const record of records) await this.write(socket, locationFrame(record, this.nextSerial()));
        this.sinceHeartbeat += records.length;
        if (this.sinceHeartbeat >= LOCATIONS_PER_HEARTBEAT) {
          this.sinceHeartbeat = 0;
          const ignition = records.at(-1)?.io.u8?.[IO.IGNITION] === 1;
          await this.exchange(socket, (serial) => encodeStatus({ ignition, gsmSignal: 4, voltageLevel: 5 }, serial), PROTOCOL.STATUS);
        }
        return;
      } catch (error) {
        if (error instanceof DeviceRefusedError) throw error;
        this.drop();
        await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 500 * 2 ** attempt)));
      }
    }
    throw new Error("device client closed");
  }

  close(): void {
    this.closed = true;
    this.drop();
  }

  private async connected(): Promise<net.Socket> {
    if (this.socket && !this.socket.destroyed) return this.socket;
    const socket = net.connect({ host: this.host, port: this.port });
    socket.setNoDelay(true);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("error", reject);
    });
    this.socket = socket;
    this.splitter = new Gt06FrameSplitter();
    this.answers = [];
    this.serial = 0; // serial numbers restart per connection, like a device's after power-on
    socket.on("data", (chunk: Buffer) => {
      for (const frame of this.splitter.feed(chunk)) {
        if (frame.kind !== "frame") continue;
        const header = frame.extended ? 4 : 3;
        this.answers.push({ protocol: frame.bytes[header]!, serial: frame.bytes.readUInt16BE(frame.bytes.length - 6) });
      }
      this.wake?.();
    });
    socket.on("error", () => {});
    socket.on("close", () => this.wake?.());
    try {
      await this.exchange(socket, (serial) => encodeLogin(this.imei, serial), PROTOCOL.LOGIN);
    } catch {
      this.drop(); // connected but the login went unanswered (or was hung up on): the server does not know us
      throw new DeviceRefusedError(this.imei);
    }
    return socket;
  }

  private write(socket: net.Socket, frame: Buffer): Promise<void> {
    return new Promise((resolve, reject) => socket.write(frame, (error) => (error ? reject(error) : resolve())));
  }

  /** sends a frame for the next serial and waits for the answer with its protocol number and serial */
  private async exchange(socket: net.Socket, build: (serial: number) => Buffer, protocol: number): Promise<void> {
    const serial = this.nextSerial();
    await this.write(socket, build(serial));
    const deadline = Date.now() + this.answerTimeoutMs;
    for (;;) {
      const index = this.answers.findIndex((a) => a.protocol === protocol && a.serial === serial);
      if (index >= 0) {
        this.answers.splice(0, index + 1);
        return;
      }
      if (socket.destroyed) throw new Error("connection closed");
      if (Date.now() > deadline) throw new Error(`no answer to protocol 0x${protocol.toString(16)}`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 200);
      });
    }
  }

  private nextSerial(): number {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }

  private drop() {
    this.socket?.destroy();
    this.socket = null;
  }
}

/** the vehicle's record as a 0x22 location: speed in km/h, course, satellites, ignition and CAN mileage (metres) */
function locationFrame(record: RecordToEncode, serial: number): Buffer {
  const mileage = record.io.u32?.[87];
  return encodeLocation(
    {
      time: new Date(record.timestamp),
      latitude: record.latitude,
      longitude: record.longitude,
      speed: record.speed,
      course: record.angle,
      satellites: Math.min(15, record.satellites),
    },
    serial,
    { protocol: PROTOCOL.LOCATION_UTC, ignition: record.io.u8?.[IO.IGNITION] === 1, mileage },
  );
}
