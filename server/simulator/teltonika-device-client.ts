// A Teltonika device's side of a TCP session: log in with the IMEI, send AVL packets one at a time and wait for
// each acknowledgement, reconnect with backoff and resend what was not acknowledged, like a real FMB does. Codec 12
// commands from the server arrive on the same stream as the acknowledgements (before, between or after them): each
// is taken out as soon as it is complete and answered with what `answer` says (a device without it stays silent).
import { DeviceRefusedError } from "./device-refused-error";
import { ReconnectingDeviceClient, type DeviceConnection, type DeviceProtocol } from "./reconnecting-device-client";
import { encodeCommandResponse, encodeLogin, encodeTcpPacket8E, type RecordToEncode } from "../tracker/protocols/teltonika/avl-encoder";
import { commandFrameAt } from "../tracker/protocols/teltonika/command-frame-reader";

/** answers a command text with the device's answer text; null: no answer */
export type CommandAnswerer = (command: string) => string | null;

/** the server's one-byte answer to a login it accepts */
const LOGIN_ACCEPTED = 0x01;
/** the acknowledgement of a packet: the number of records it took, as a 4-byte integer */
const ACK_BYTES = 4;

export class TeltonikaDeviceClient extends ReconnectingDeviceClient {
  constructor(imei: string, host: string, port: number, options: { ackTimeoutMs?: number; answer?: CommandAnswerer } = {}) {
    super(imei, host, port, new TeltonikaDevice(imei, options.answer ?? null), options.ackTimeoutMs ?? 15_000);
  }
}


/** Teltonika's answers are not framed: the device knows how many bytes to expect and reads them off the stream */
class TeltonikaDevice implements DeviceProtocol {
  private received = Buffer.alloc(0);
  private reply: ((frame: Buffer) => void) | null = null;

  constructor(
    private readonly imei: string,
    private readonly answer: CommandAnswerer | null,
  ) {}

  reset(): void {
    this.received = Buffer.alloc(0);
    this.reply = null;
  }

  receive(chunk: Buffer, reply: (frame: Buffer) => void): void {
    this.received = Buffer.concat([this.received, chunk]);
    this.reply = reply;
    this.takeCommands();
  }

  /** answers the complete commands at the head of what arrived (an acknowledgement ahead of one keeps it waiting) */
  private takeCommands() {
    for (;;) {
      const command = commandFrameAt(this.received);
      if (!command) return;
      this.received = this.received.subarray(command.length);
      const answer = this.answer?.(command.text) ?? null;
      if (answer !== null) this.reply?.(encodeCommandResponse(answer));
    }
  }

  async logIn(connection: DeviceConnection): Promise<void> {
    await connection.write(encodeLogin(this.imei));
    const answer = await this.read(connection, 1);
    if (answer[0] !== LOGIN_ACCEPTED) throw new DeviceRefusedError(this.imei);
  }

  /** sends the records as one packet; resolves once the server acknowledged all of them */
  async send(connection: DeviceConnection, records: RecordToEncode[]): Promise<void> {
    await connection.write(encodeTcpPacket8E(records));
    const acknowledged = (await this.read(connection, ACK_BYTES)).readUInt32BE(0);
    if (acknowledged !== records.length) throw new Error(`acknowledged ${acknowledged} of ${records.length}`);
  }

  private read(connection: DeviceConnection, bytes: number): Promise<Buffer> {
    return connection.waitFor(() => {
      if (this.received.length < bytes) return undefined;
      // four zero bytes open a command still arriving, never an acknowledgement (which counts at least one record)
      if (bytes === ACK_BYTES && this.received.readUInt32BE(0) === 0) return undefined;
      const head = this.received.subarray(0, bytes);
      this.received = this.received.subarray(bytes);
      this.takeCommands(); // a command may have arrived right behind the acknowledgement
      return head;
    }, "no acknowledgement");
  }
}
