// Teltonika over UDP: each datagram carries the IMEI and its records; the acknowledgement (packet id, AVL packet
// id, record count) goes back only after the records are stored. Datagrams of one device are handled in order.
// Unknown IMEIs and malformed datagrams get no answer.
import dgram from "node:dgram";
import type { Logger } from "pino";
import { decodeUdpDatagram } from "./protocols/teltonika/decoder";
import { PROTOCOL } from "./teltonika-tcp-listener";
import type { TrackerSink } from "./tracker-sink";

export interface UdpListener {
  port: number;
  close(): Promise<void>;
}

export async function startTeltonikaUdpListener(options: {
  host: string;
  port: number;
  sink: TrackerSink;
  logger: Logger;
}): Promise<UdpListener> {
  const { sink, logger } = options;
  const socket = dgram.createSocket({ type: options.host.includes(":") ? "udp6" : "udp4" });
  const chains = new Map<string, Promise<void>>(); // per IMEI, so one device's datagrams stay in order

  socket.on("message", (datagram, remote) => {
    const decoded = decodeUdpDatagram(datagram);
    const imei = decoded.imei;
    if (!imei || decoded.result.kind !== "records" || !("reply" in decoded) || !decoded.reply) {
      const reason = decoded.result.kind === "rejected" ? decoded.result.reason : "not a record datagram";
      logger.warn({ remoteAddress: remote.address, reason }, "udp datagram not acknowledged");
      return;
    }
    const { records } = decoded.result;
    const reply = decoded.reply;
    const previous = chains.get(imei) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        const tracker = await sink.identify({ imei, protocol: PROTOCOL, remoteAddress: remote.address });
        if (!tracker) return;
        await sink.ingest(tracker, records, { protocol: PROTOCOL, receivedAt: Date.now() });
        socket.send(reply, remote.port, remote.address);
      })
      .catch((error) => logger.error({ err: error, imei }, "udp datagram handling failed"))
      .finally(() => {
        if (chains.get(imei) === next) chains.delete(imei);
      });
    chains.set(imei, next);
  });
  socket.on("error", (error) => logger.error({ err: error }, "teltonika udp listener error"));

  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(options.port, options.host, () => {
      socket.off("error", reject);
      resolve();
    });
  });
  return {
    port: socket.address().port,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
