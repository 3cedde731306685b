// A Teltonika device's side of a TCP session: log in with the IMEI, send AVL packets one at a time and wait for
// each acknowledgement, reconnect with backoff and resend what was not acknowledged, like a real FMB does.
import net from "node:net";
import { encodeLogin, encodeTcpPacket8E, type RecordToEncode } from "../tracker/protocols/teltonika/avl-encoder";

export class DeviceRefusedError extends Error {
  constructor(readonly imei: string) {
    super(`the server does not know IMEI ${imei} (provision it first)`);
    this.name = "DeviceRefusedError";
  }
}

export class DeviceClient {
  private socket: net.Socket | null = null;
  private received = Buffer.alloc(0);
  private wake: (() => void) | null = null;
  private closed = false;

  constructor(
    readonly imei: string,
    private readonly host: string,
    private readonly port: number,
    private readonly ackTimeoutMs = 15_000,
  ) {}

  /** sends the records as one packet; resolves once the server acknowledged all of them */
  async send(records: RecordToEncode[]): Promise<void> {
    const packet = encodeTcpPacket8E(records);
    for (let attempt = 0; !this.closed; attempt++) {
      try {
        const socket = await this.connected();
        socket.write(packet);
        const ack = await this.read(4);
        if (ack.readUInt32BE(0) !== records.length) throw new Error(`acknowledged ${ack.readUInt32BE(0)} of ${records.length}`);
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
    this.received = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake?.();
    });
    socket.on("error", () => {});
    socket.on("close", () => this.wake?.());
    socket.write(encodeLogin(this.imei));
    const answer = await this.read(1);
    if (answer[0] !== 0x01) {
      this.drop();
      throw new DeviceRefusedError(this.imei);
    }
    return socket;
  }

  private async read(bytes: number): Promise<Buffer> {
    const deadline = Date.now() + this.ackTimeoutMs;
    while (this.received.length < bytes) {
      if (!this.socket || this.socket.destroyed) throw new Error("connection closed");
      if (Date.now() > deadline) throw new Error("no acknowledgement");
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 200);
      });
    }
    const head = this.received.subarray(0, bytes);
    this.received = this.received.subarray(bytes);
    return head;
  }

  private drop() {
    this.socket?.destroy();
    this.socket = null;
  }
}
