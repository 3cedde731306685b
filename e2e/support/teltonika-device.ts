// A Teltonika device for end-to-end specs: one TCP connection to the server under test, the IMEI login (the server
// answers 0x01), then Codec 8E packets, each acknowledged with its record count once stored.
import net from "node:net";
import type { RecordToEncode } from "../../server/tracker/protocols/teltonika/avl-encoder";

/**
 * One fix of a vehicle on the road as an FMB reports it: ignition on, movement while speed > 0, and the external
 * voltage (IO 66, mV; the live map shows 12.6 V for the default).
 */
export function drivingFix(
  latitude: number,
  longitude: number,
  speed: number,
  angle: number,
  { at = Date.now(), externalVoltageMv = 12_600 }: { at?: number; externalVoltageMv?: number } = {},
): RecordToEncode {
  return {
    timestamp: at,
    priority: 0,
    latitude,
    longitude,
    altitude: 110,
    angle,
    satellites: 12,
    speed,
    eventIoId: 0,
    io: { u8: { 239: 1, 240: speed > 0 ? 1 : 0 }, u16: { 66: externalVoltageMv } },
  };
}

export function trackerPort(): number {
  const port = Number(process.env.FLEETLINE_E2E_TELTONIKA_PORT);
  if (!Number.isInteger(port) || port <= 0) {
    throw new Error("FLEETLINE_E2E_TELTONIKA_PORT is not set: e2e/global-setup.ts must start the server with a Teltonika port and export it");
  }
  return port;
}

export class TeltonikaDevice {
  private buffered = Buffer.alloc(0);
  private waiting: { bytes: number; resolve: (b: Buffer) => void } | null = null;

  private constructor(private readonly socket: net.Socket) {
    socket.on("data", (chunk) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.flush();
    });
  }

  static async connect(port: number, login: Buffer): Promise<TeltonikaDevice> {
    const socket = net.connect({ host: "127.0.0.1", port });
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    const device = new TeltonikaDevice(socket);
    socket.write(login);
    const accepted = await device.read(1);
    if (accepted[0] !== 0x01) throw new Error("the server refused the device's IMEI");
    return device;
  }

  /** sends one packet and resolves with the acknowledged record count */
  async send(packet: Buffer): Promise<number> {
    this.socket.write(packet);
    return (await this.read(4)).readUInt32BE(0);
  }

  close() {
    this.socket.destroy();
  }

  private read(bytes: number): Promise<Buffer> {
    return new Promise((resolve) => {
      this.waiting = { bytes, resolve };
      this.flush();
    });
  }

  private flush() {
    if (!this.waiting || this.buffered.length < this.waiting.bytes) return;
    const { bytes, resolve } = this.waiting;
    this.waiting = null;
    const out = this.buffered.subarray(0, bytes);
    this.buffered = this.buffered.subarray(bytes);
    resolve(out);
  }
}
