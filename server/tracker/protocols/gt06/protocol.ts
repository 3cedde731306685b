// GT06 (Concox and compatible) as the registry sees it: a TCP stream of 0x78 0x78 / 0x79 0x79 frames on GT06_PORT,
// the IMEI in the login frame, one record per location or alarm frame. Answers are the vendor's (encoder.ts): the
// login is answered only once the IMEI is known, heartbeats and alarms with their serial number after what came
// before them is stored, locations not at all. A broken frame is not answered and the stream resynchronises on the
// next start marker (GT06 has one, unlike Teltonika). GT06 commands are not supported yet: `commands` is null.
import type { StreamMessage, StreamProtocol } from "../protocol";
import { decodeFrame } from "./decoder";
import { acknowledgementFor } from "./encoder";
import { Gt06FrameSplitter } from "./frame";
import { gt06Io, newGt06State, normalizeMessage } from "./normalize";

export const gt06: StreamProtocol = {
  name: "gt06",
  transport: "tcp",
  defaultPort: 5023,
  portEnv: "GT06_PORT",
  commands: null,
  io: gt06Io,
  openStream() {
    const splitter = new Gt06FrameSplitter();
    const state = newGt06State();
    const message = (bytes: Buffer): StreamMessage => {
      const decoded = decodeFrame(bytes);
      if (decoded.kind === "rejected") return decoded;
      const m = decoded.message;
      switch (m.type) {
        case "login":
          return { kind: "login", imei: m.imei, reply: (accepted) => (accepted ? acknowledgementFor(m, new Date()) : undefined) };
        case "time-request":
          return { kind: "reply", bytes: acknowledgementFor(m, new Date())! };
        case "unsupported":
          return { kind: "ignore" };
        default:
          return { kind: "records", records: normalizeMessage(state, m), ack: () => acknowledgementFor(m, new Date()) };
      }
    };
    return {
      feed: (chunk) => splitter.feed(chunk).map((frame) => (frame.kind === "invalid" ? { kind: "rejected", reason: frame.reason } : message(frame.bytes))),
      get pending() {
        return splitter.pending;
      },
    };
  },
};
