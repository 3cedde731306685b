// A Teltonika device's side of a TCP session: log in with the IMEI, send AVL packets one at a time and wait for
// each acknowledgement, reconnect with backoff and resend what was not acknowledged, like a real FMB does.
import { DeviceRefusedError } from "./device-refused-error";
import { ReconnectingDeviceClient, type DeviceConnection, type DeviceProtocol } from "./reconnecting-device-client";
import { encodeLogin, encodeTcpPacket8E, type RecordToEncode } from "../tracker/protocols/teltonika/avl-encoder";

/** the server's one-byte answer to a login it accepts */
const LOGIN_ACCEPTED = 0x01;
/** the acknowledgement of a packet: the number of records it took, as a 4-byte integer */
const ACK_BYTES = 4;

export class TeltonikaDeviceClient extends ReconnectingDeviceClient {
  constructor(imei: string, host: string, port: number, ackTimeoutMs = 15_000) {
    super(imei, host, port, new TeltonikaDevice(imei), ackTimeoutMs);
  }
}

/** Teltonika's answers are not framed: the device knows how many bytes to expect and reads them off the stream */
class TeltonikaDevice implements DeviceProtocol {
  private received = Buffer.alloc(0);

  constructor(private readonly imei: string) {}

  reset(): void {
    this.received = Buffer.alloc(0);
  }

  receive(chunk: Buffer): void {
    this.received = Buffer.concat([this.received, chunk]);
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
      const head = this.received.subarray(0, bytes);
      this.received = this.received.subarray(bytes);
      return head;
    }, "no acknowledgement");
  }
}
