// Test support: a Teltonika device on a real TCP connection, speaking real frames (avl-encoder.ts). It logs in, sends
// one packet at a time and waits for its acknowledgement as real devices do, and tells when the server closed the
// connection. Packets are plain records, so a test can resend exactly what went unacknowledged. Codec 12 commands
// from the server are taken out of the byte stream as they arrive (acknowledgements stay in it) and answered by the
// test's handler as a device would (server/simulator/fmb-parameter-memory.ts answers setparam/getparam like an
// FMB); without a handler, or when it returns null, the device stays silent, like one that ignores commands.
import net from "node:net";
import { commandFrameAt } from "../tracker/protocols/teltonika/command-frame-reader";
import {
  encodeCommandResponse,
  encodeLogin,
  encodeTcpPacket8E,
  type RecordToEncode,
} from "../tracker/protocols/teltonika/avl-encoder";

/** answers a command text with the device's response text; null: no answer at all */
export type CommandHandler = (command: string) => string | null | Promise<string | null>;


/** a plausible moving record at `timestamp` (epoch ms); `over` replaces any field */
export function testRecord(timestamp: number, over: Partial<RecordToEncode> = {}): RecordToEncode {
  return {
    timestamp,
    priority: 0,
    latitude: 54.6872,
    longitude: 25.2797 + (timestamp % 3_600_000) * 1e-8,
    altitude: 110,
    angle: 90,
    satellites: 12,
    speed: 30,
    eventIoId: 0,
    io: { u8: { 239: 1 } },
    ...over,
  };
}

export class TestDevice {
  private received = Buffer.alloc(0);
  private readonly waiters: (() => void)[] = [];
  private isClosed = false;
  private commandHandler: CommandHandler | null = null;
  private answering: Promise<void> = Promise.resolve();
  /** every command text the server sent, in order */
  readonly commands: string[] = [];
  /** resolves when the connection is closed (by either side) */
  readonly closed: Promise<void>;

  private constructor(private readonly socket: net.Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.takeCommands();
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

  /**
   * connects and logs in; rejects unless the server accepts the IMEI. `onCommand` answers Codec 12 commands from the
   * moment of login (a server may send one right after accepting it).
   */
  static async connect(port: number, imei: string, host = "127.0.0.1", onCommand?: CommandHandler): Promise<TestDevice> {
    const socket = net.connect({ host, port });
    await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    const device = new TestDevice(socket);
    device.commandHandler = onCommand ?? null;
    socket.write(encodeLogin(imei));
    const answer = await device.take(1, 10_000);
    if (answer[0] !== 1) {
      device.destroy();
      throw new Error(`login of ${imei} refused`);
    }
    return device;
  }

  get open(): boolean {
    return !this.isClosed;
  }

  /** answers commands from now on with `handler` (null: stays silent) */
  onCommand(handler: CommandHandler | null): void {
    this.commandHandler = handler;
  }

  /** resolves once the server has sent `count` commands in all; rejects on close or after `timeoutMs` */
  async commandsReceived(count: number, timeoutMs = 10_000): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.commands.length < count) {
      if (this.isClosed) throw new Error("the server closed the connection");
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`only ${this.commands.length} of ${count} commands arrived within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, Math.min(left, 100));
      });
    }
    return this.commands.slice(0, count);
  }

  /** sends one packet and resolves with the acknowledged record count; rejects on close or after `timeoutMs` */
  async send(records: RecordToEncode[], timeoutMs = 10_000): Promise<number> {
    this.socket.write(encodeTcpPacket8E(records));
    return (await this.take(4, timeoutMs)).readUInt32BE(0);
  }

  /** true when nothing at all arrives from the server within `ms` */
  async silentFor(ms: number): Promise<boolean> {
    const before = this.received.length;
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.received.length === before;
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** takes the complete commands at the head of what arrived and answers them in order */
  private takeCommands() {
    for (;;) {
      const command = commandFrameAt(this.received);
      if (!command) return;
      this.received = this.received.subarray(command.length);
      this.commands.push(command.text);
      const handler = this.commandHandler;
      this.answering = this.answering.then(async () => {
        const answer = handler ? await handler(command.text) : null;
        if (answer !== null && !this.isClosed) this.socket.write(encodeCommandResponse(answer));
      });
    }
  }

  private wake() {
    this.waiters.splice(0).forEach((wake) => wake());
  }

  private async take(bytes: number, timeoutMs: number): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < bytes) {
      if (this.isClosed) throw new Error("the server closed the connection");
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no answer from the server within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, Math.min(left, 100));
      });
    }
    const out = this.received.subarray(0, bytes);
    this.received = this.received.subarray(bytes);
    this.takeCommands(); // a command may have arrived right behind the bytes just taken
    return out;
  }
}
