// A tracker's side of a TCP session, whatever binary protocol it speaks: connect, log in, send what the vehicle
// logged and wait for the server's answer; when the connection breaks or an answer does not come, reconnect with
// backoff and send again, like a real device re-uploads what was not confirmed. What differs per protocol (the
// login frame, how answers are framed and recognised, how positions are encoded) is a DeviceProtocol.
import net from "node:net";
import { DeviceRefusedError } from "./device-refused-error";
import type { RecordToEncode } from "../tracker/protocols/teltonika/avl-encoder";

/** the first wait before reconnecting; it doubles with every failed attempt */
const FIRST_BACKOFF_MS = 500;
/** the longest wait between reconnect attempts */
const MAX_BACKOFF_MS = 30_000;
/** how often a wait for an answer looks again, should a wake-up from the socket have been missed */
const ANSWER_POLL_MS = 200;

/** one open connection, as a protocol uses it */
export interface DeviceConnection {
  /** resolves once the frame is handed to the operating system */
  write(frame: Buffer): Promise<void>;
  /**
   * resolves with what `take` finds in the answers received so far, looking again whenever data arrives; rejects with
   * `missing` when the answer timeout passes first, or when the connection closes
   */
  waitFor<T>(take: () => T | undefined, missing: string): Promise<T>;
}

/** what a protocol's device does on a connection; it keeps what it received itself, as only it knows the framing */
export interface DeviceProtocol {
  /** a new connection: forget what the last one left half-read (a device also restarts its serial numbers) */
  reset(): void;
  /** bytes from the server, in order; `reply` writes a frame back on the same connection (a command's answer) */
  receive(chunk: Buffer, reply: (frame: Buffer) => void): void;
  /** logs in; rejects with DeviceRefusedError when the server does not know the device, with anything else to retry */
  logIn(connection: DeviceConnection): Promise<void>;
  /** sends the records; resolves once the server took them */
  send(connection: DeviceConnection, records: RecordToEncode[]): Promise<void>;
}

export class ReconnectingDeviceClient {
  private socket: net.Socket | null = null;
  private connection: DeviceConnection | null = null;
  private wake: (() => void) | null = null;
  private closed = false;

  constructor(
    readonly imei: string,
    private readonly host: string,
    private readonly port: number,
    private readonly protocol: DeviceProtocol,
    private readonly answerTimeoutMs: number,
  ) {}

  /** resolves once the server took the records; rejects with DeviceRefusedError when it does not know the device */
  async send(records: RecordToEncode[]): Promise<void> {
    for (let attempt = 0; !this.closed; attempt++) {
      try {
        await this.protocol.send(await this.connected(), records);
        return;
      } catch (error) {
        if (error instanceof DeviceRefusedError) throw error;
        this.drop();
        await new Promise((resolve) => setTimeout(resolve, Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** attempt)));
      }
    }
    throw new Error("device client closed");
  }

  close(): void {
    this.closed = true;
    this.drop();
  }

  /** the open, logged-in connection, or a new one */
  private async connected(): Promise<DeviceConnection> {
    if (this.socket && !this.socket.destroyed && this.connection) return this.connection;
    const socket = net.connect({ host: this.host, port: this.port });
    socket.setNoDelay(true);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("error", reject);
    });
    this.socket = socket;
    this.protocol.reset();
    const reply = (frame: Buffer) => {
      if (!socket.destroyed) socket.write(frame);
    };
    socket.on("data", (chunk: Buffer) => {
      this.protocol.receive(chunk, reply);
      this.wake?.();
    });
    socket.on("error", () => {});
    socket.on("close", () => this.wake?.());
    const connection = this.connectionOver(socket);
    try {
      await this.protocol.logIn(connection);
    } catch (error) {
      this.drop();
      throw error;
    }
    this.connection = connection;
    return connection;
  }

  private connectionOver(socket: net.Socket): DeviceConnection {
    return {
      write: (frame) => new Promise((resolve, reject) => socket.write(frame, (error) => (error ? reject(error) : resolve()))),
      waitFor: async (take, missing) => {
        const deadline = Date.now() + this.answerTimeoutMs;
        for (;;) {
          const found = take();
          if (found !== undefined) return found;
          if (socket.destroyed) throw new Error("connection closed");
          if (Date.now() > deadline) throw new Error(missing);
          await new Promise<void>((resolve) => {
            this.wake = resolve;
            setTimeout(resolve, ANSWER_POLL_MS);
          });
        }
      },
    };
  }

  private drop() {
    this.socket?.destroy();
    this.socket = null;
    this.connection = null;
  }
}
