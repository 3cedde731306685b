// Test support: an FMB tracker with a CAN adapter on a real TCP connection, speaking real Teltonika frames. It logs
// in, sends records (speed, ignition AVL 239, program number AVL 100, central lock canSsfCarIsClosed AVL 662) and
// answers Codec 12 commands as the adapter would (answer texts of the Teltonika wiki where it gives them):
//   lvcangetprog             -> "CAN Program Nr: <n>"
//   lvcangetinfo             -> "Prog:<n> SWDate:<YYMMDD> SWRev:245 KernVer:0x5A Opt:0x0A ID:0x... ST:0x00"
//   lvcansetprog <n>         -> "Program number set: <n>" (the number is kept unless `keepsProgram` is false)
//   lvcanclosealldoors/...   -> "<command>: OK", then (with `reportsLockState`) a record with the new lock state
// A `silent` device never answers a command (it still reports its lock state when told to); every command received
// is kept in `commands`, so tests can check that nothing was sent twice.
import net from "node:net";
import {
  encodeCommandResponse,
  encodeLogin,
  encodeTcpPacket8E,
  type RecordToEncode,
} from "../tracker/protocols/teltonika/avl-encoder";
import { CODEC } from "../tracker/protocols/teltonika/decoder";

const IO_IGNITION = 239;
const IO_PROGRAM_NUMBER = 100;
const IO_CAR_IS_CLOSED = 662; // canSsfCarIsClosed

export interface CanAdapterOptions {
  /** the program number the adapter holds; 0: none */
  programNumber?: number;
  /** the adapter software's date, YYMMDD */
  softwareDate?: string;
  /** never answers commands */
  silent?: boolean;
  /** false: lvcansetprog is answered but the number does not change (a failed write) */
  keepsProgram?: boolean;
  /** after a lock or unlock, send a record with the new central-lock state */
  reportsLockState?: boolean;
  /** commands answered with "Command not supported" */
  unsupported?: string[];
}

export interface VehicleState {
  speed: number;
  /** null: the record carries no ignition (AVL 239), like a tracker without an ignition input */
  ignition: boolean | null;
  closed: boolean;
  /** fix time of the next record (epoch ms); default now */
  at?: number;
}

export class CanAdapterDevice {
  readonly commands: string[] = [];
  programNumber: number;
  state: VehicleState = { speed: 0, ignition: false, closed: false };
  private received = Buffer.alloc(0);
  private acks: ((count: number) => void)[] = [];
  private lastFix = 0;
  private readonly closed: Promise<void>;

  private constructor(
    private readonly socket: net.Socket,
    private readonly options: CanAdapterOptions,
  ) {
    this.programNumber = options.programNumber ?? 0;
    socket.on("error", () => {});
    this.closed = new Promise((resolve) => socket.once("close", () => resolve()));
  }

  static async connect(port: number, imei: string, options: CanAdapterOptions = {}): Promise<CanAdapterDevice> {
    const socket = net.connect({ host: "127.0.0.1", port });
    await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    const device = new CanAdapterDevice(socket, options);
    const accepted = new Promise<number>((resolve) => socket.once("data", (chunk: Buffer) => {
      resolve(chunk[0]!);
      if (chunk.length > 1) device.onData(chunk.subarray(1));
      socket.on("data", (more: Buffer) => device.onData(more));
    }));
    socket.write(encodeLogin(imei));
    if ((await accepted) !== 1) {
      socket.destroy();
      throw new Error(`login of ${imei} refused`);
    }
    return device;
  }

  /** sends one record of the vehicle's state now (changed by `over`) and waits for its acknowledgement */
  async report(over: Partial<VehicleState> = {}): Promise<number> {
    this.state = { ...this.state, ...over };
    // each record a distinct fix time, as a device's are
    const timestamp = Math.max(this.state.at ?? Date.now(), this.lastFix + 1);
    this.lastFix = timestamp;
    delete this.state.at;
    const u8: Record<number, number> = { [IO_CAR_IS_CLOSED]: this.state.closed ? 1 : 0 };
    if (this.state.ignition !== null) u8[IO_IGNITION] = this.state.ignition ? 1 : 0;
    const record: RecordToEncode = {
      timestamp,
      priority: 0,
      latitude: 54.6872,
      longitude: 25.2797,
      altitude: 110,
      angle: 0,
      satellites: 12,
      speed: this.state.speed,
      eventIoId: 0,
      io: {
        u8,
        u32: { [IO_PROGRAM_NUMBER]: this.programNumber },
      },
    };
    const ack = new Promise<number>((resolve) => this.acks.push(resolve));
    this.socket.write(encodeTcpPacket8E([record]));
    return ack;
  }

  async close(): Promise<void> {
    this.socket.destroy();
    await this.closed;
  }

  private onData(chunk: Buffer) {
    this.received = Buffer.concat([this.received, chunk]);
    for (;;) {
      if (this.received.length < 4) return;
      const head = this.received.readUInt32BE(0);
      if (head !== 0) {
        // an acknowledgement: the count of records the server stored
        this.received = this.received.subarray(4);
        this.acks.shift()?.(head);
        continue;
      }
      if (this.received.length < 12) return;
      const length = this.received.readUInt32BE(4);
      if (this.received.length < 8 + length + 4) return;
      const frame = this.received.subarray(0, 8 + length + 4);
      this.received = this.received.subarray(8 + length + 4);
      if (frame[8] !== CODEC.C12) continue;
      const size = frame.readUInt32BE(11);
      this.onCommand(frame.toString("latin1", 15, 15 + size));
    }
  }

  private onCommand(command: string) {
    this.commands.push(command);
    const [name, argument] = command.trim().split(/\s+/);
    let answer: string;
    let lockChange: boolean | null = null;
    if (this.options.unsupported?.includes(name!)) answer = "Command not supported";
    else if (name === "lvcangetprog") answer = `CAN Program Nr: ${this.programNumber}`;
    else if (name === "lvcangetinfo") {
      answer = `Prog:${this.programNumber} SWDate:${this.options.softwareDate ?? "230101"} SWRev:245 KernVer:0x5A Opt:0x0A ID:0x539B16512B684B21 ST:0x00`;
    } else if (name === "lvcansetprog") {
      if (this.options.keepsProgram !== false) this.programNumber = Number(argument);
      answer = `Program number set: ${argument}`;
    } else {
      answer = `${name}: OK`;
      if (name === "lvcanclosealldoors") lockChange = true;
      if (name === "lvcanopenalldoors") lockChange = false;
    }
    if (!this.options.silent) this.socket.write(encodeCommandResponse(answer));
    if (lockChange !== null && this.options.reportsLockState) void this.report({ closed: lockChange }).catch(() => undefined);
  }
}
