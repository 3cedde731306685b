// Teltonika as the registry sees it: IMEI login answered 0x01/0x00, AVL packets (Codec 8, 8E, 16) acknowledged with
// the number of records stored, Codec 12 command answers, 0xFF keep-alives; the same AVL data over UDP with the
// IMEI in each datagram. Both listen on TELTONIKA_PORT. Commands are Codec 12.
import type { DatagramProtocol, StreamMessage, StreamProtocol } from "../protocol";
import { decodeTcpPacket, decodeUdpDatagram, loginReply, tcpAcknowledgement, udpAcknowledgement } from "./decoder";
import { encodeCommand } from "./encoder";
import { TeltonikaFrameSplitter, type TcpFrame } from "./frame";
import { normalizeRecords, teltonikaIo } from "./normalize";

const NAME = "teltonika";
const DEFAULT_PORT = 5027;
const PORT_ENV = "TELTONIKA_PORT";
const commands = { encode: encodeCommand };

function message(frame: TcpFrame): StreamMessage {
  switch (frame.kind) {
    case "invalid":
      return frame;
    case "ping":
      return { kind: "ignore" };
    case "imei":
      return { kind: "login", imei: frame.imei, reply: loginReply };
    case "packet": {
      const result = decodeTcpPacket(frame.bytes);
      if (result.kind === "rejected") return result;
      if (result.kind === "command-response") return { kind: "command-response", responses: result.responses };
      return { kind: "records", records: normalizeRecords(result.records), ack: tcpAcknowledgement };
    }
  }
}

export const teltonikaTcp: StreamProtocol = {
  name: NAME,
  transport: "tcp",
  defaultPort: DEFAULT_PORT,
  portEnv: PORT_ENV,
  commands,
  io: teltonikaIo,
  openStream() {
    const splitter = new TeltonikaFrameSplitter();
    return {
      feed: (chunk) => splitter.feed(chunk).map(message),
      get pending() {
        return splitter.pending;
      },
    };
  },
};

export const teltonikaUdp: DatagramProtocol = {
  name: NAME,
  transport: "udp",
  defaultPort: DEFAULT_PORT,
  portEnv: PORT_ENV,
  commands: null, // a datagram has no session to send a command on; commands go over TCP
  io: teltonikaIo,
  decodeDatagram(datagram) {
    const decoded = decodeUdpDatagram(datagram);
    const { imei, result } = decoded;
    if (!imei || result.kind !== "records" || !decoded.reply) {
      return { kind: "rejected", reason: result.kind === "rejected" ? result.reason : "not a record datagram" };
    }
    const reply = decoded.reply;
    return { kind: "records", imei, records: normalizeRecords(result.records), ack: (stored) => udpAcknowledgement(reply, stored) };
  },
};
