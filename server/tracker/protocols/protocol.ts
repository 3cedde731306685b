// What a tracker protocol declares so that the generic listeners (stream-listener.ts over TCP, datagram-listener.ts
// over UDP; an HTTP listener for HTTP protocols) can serve it without knowing its bytes: its name and transport, the
// port it listens on by default and the environment variable that moves it, how its bytes become protocol-neutral
// records (../record.ts), what it answers and when, how commands are encoded (or that it has none), and its IO
// dictionary. Listeners keep the robustness rules; a protocol only says what its frames mean.
import type { IoDictionary, TrackerRecord } from "../record";

export type Transport = "tcp" | "udp" | "http";

/** What one complete frame of a stream (TCP) protocol means for the listener. */
export type StreamMessage =
  /** garbage the stream cannot recover from: the connection is closed */
  | { kind: "invalid"; reason: string }
  /** a keep-alive or a frame that needs nothing */
  | { kind: "ignore" }
  /** a well-formed frame that is not acknowledged (bad CRC, counts that do not check out): the device resends */
  | { kind: "rejected"; reason: string }
  /** the device says who it is; `reply` is the protocol's answer (undefined: the protocol sends nothing) */
  | { kind: "login"; imei: string; reply(accepted: boolean): Buffer | undefined }
  /**
   * records to store (possibly none: a heartbeat); `ack` is the answer with the number stored, written only once
   * they are stored, in frame order (undefined: nothing is answered)
   */
  | { kind: "records"; records: TrackerRecord[]; ack(stored: number): Buffer | undefined }
  /** an answer the server sends in frame order without storing anything (a time request) */
  | { kind: "reply"; bytes: Buffer }
  /** answers to commands sent on this session */
  | { kind: "command-response"; responses: string[] };

/** One connection's decoder: bytes in, messages out, in order; partial frames stay buffered. */
export interface StreamDecoder {
  feed(chunk: Buffer): StreamMessage[];
  /** bytes waiting for the rest of their frame (the frame deadline runs while this is not 0) */
  readonly pending: number;
}

/** A datagram (UDP) protocol: each datagram names its device and carries its records. */
export type DatagramMessage =
  | { kind: "records"; imei: string; records: TrackerRecord[]; ack(stored: number): Buffer }
  | { kind: "rejected"; reason: string };

/** How commands reach a device of this protocol. */
export interface CommandEncoder {
  /** the command as the device expects it on its open session */
  encode(command: string): Buffer;
}

interface ProtocolBase {
  /** stored on trackers, in metrics labels and logs: lowercase, no spaces */
  name: string;
  defaultPort: number;
  /** the environment variable that sets the port (0 disables the protocol) */
  portEnv: string;
  /** commands, or null: the protocol has none (vehicle control says so) */
  commands: CommandEncoder | null;
  io: IoDictionary;
}

export interface StreamProtocol extends ProtocolBase {
  transport: "tcp";
  openStream(): StreamDecoder;
}

export interface DatagramProtocol extends ProtocolBase {
  transport: "udp";
  decodeDatagram(datagram: Buffer): DatagramMessage;
}

/** served by its own HTTP listener (the protocol's folder owns parsing; the listener owns the server) */
export interface HttpProtocol extends ProtocolBase {
  transport: "http";
}

export type TrackerProtocol = StreamProtocol | DatagramProtocol | HttpProtocol;
