// A GT06 (Concox) device's side of a TCP session for the simulator: log in (0x01) and wait for the server's answer,
// send each record as a location frame (0x22, which the vendor leaves unanswered), and every few locations a
// heartbeat (0x13) whose acknowledgement shows the session is still alive. An unanswered login is how a server
// refuses an unknown terminal (it never says no), so it counts as refused; a broken connection reconnects with
// backoff and resends what may not have arrived, like a device's re-upload.
import { DeviceRefusedError } from "./device-refused-error";
import { ReconnectingDeviceClient, type DeviceConnection, type DeviceProtocol } from "./reconnecting-device-client";
import { encodeLocation, encodeLogin, encodeStatus } from "../tracker/protocols/gt06/device-encoder";
import { Gt06FrameSplitter } from "../tracker/protocols/gt06/frame";
import { PROTOCOL } from "../tracker/protocols/gt06/messages";
import { IO } from "../tracker/protocols/teltonika/io-elements";
import type { RecordToEncode } from "../tracker/protocols/teltonika/avl-encoder";

/** locations between heartbeats: often enough to notice a dead session within a minute at the default interval */
const LOCATIONS_PER_HEARTBEAT = 5;

export class Gt06DeviceClient extends ReconnectingDeviceClient {
  constructor(imei: string, host: string, port: number, answerTimeoutMs = 10_000) {
    super(imei, host, port, new Gt06Device(imei), answerTimeoutMs);
  }
}

class Gt06Device implements DeviceProtocol {
  private splitter = new Gt06FrameSplitter();
  private answers: { protocol: number; serial: number }[] = [];
  private serial = 0;
  private sinceHeartbeat = 0;

  constructor(private readonly imei: string) {}

  reset(): void {
    this.splitter = new Gt06FrameSplitter();
    this.answers = [];
    this.serial = 0; // serial numbers restart per connection, like a device's after power-on
  }

  receive(chunk: Buffer): void {
    for (const frame of this.splitter.feed(chunk)) {
      if (frame.kind !== "frame") continue;
      const header = frame.extended ? 4 : 3;
      this.answers.push({ protocol: frame.bytes[header]!, serial: frame.bytes.readUInt16BE(frame.bytes.length - 6) });
    }
  }

  async logIn(connection: DeviceConnection): Promise<void> {
    try {
      await this.exchange(connection, (serial) => encodeLogin(this.imei, serial), PROTOCOL.LOGIN);
    } catch {
      throw new DeviceRefusedError(this.imei); // connected but the login went unanswered (or was hung up on): the server does not know us
    }
  }

  async send(connection: DeviceConnection, records: RecordToEncode[]): Promise<void> {
    for (const record of records) await connection.write(locationFrame(record, this.nextSerial()));
    this.sinceHeartbeat += records.length;
    if (this.sinceHeartbeat >= LOCATIONS_PER_HEARTBEAT) {
      this.sinceHeartbeat = 0;
      const ignition = records.at(-1)?.io.u8?.[IO.IGNITION] === 1;
      await this.exchange(connection, (serial) => encodeStatus({ ignition, gsmSignal: 4, voltageLevel: 5 }, serial), PROTOCOL.STATUS);
    }
  }

  /** sends a frame for the next serial and waits for the answer with its protocol number and serial */
  private async exchange(connection: DeviceConnection, build: (serial: number) => Buffer, protocol: number): Promise<void> {
    const serial = this.nextSerial();
    await connection.write(build(serial));
    await connection.waitFor(() => {
      const index = this.answers.findIndex((a) => a.protocol === protocol && a.serial === serial);
      if (index < 0) return undefined;
      this.answers.splice(0, index + 1);
      return true;
    }, `no answer to protocol 0x${protocol.toString(16)}`);
  }

  private nextSerial(): number {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
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
