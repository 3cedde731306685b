// Teltonika over TCP: IMEI login, then AVL packets acknowledged with their record count only after the sink has
// stored them, Codec 12 answers routed to the waiting command, 0xFF keep-alives ignored.
// Robustness: a packet with a bad CRC or mismatching counts is not acknowledged (the device resends) and the
// connection stays open; garbage or oversize frames close the connection; silent connections and slow partial
// frames (slow-loris) are closed by timers; a sink failure never acknowledges and never crashes the listener.
import net from "node:net";
import type { Logger } from "pino";
import { DeviceSession, type DeviceSessions } from "./device-sessions";
import { decodeTcpPacket, loginReply } from "./protocols/teltonika/decoder";
import { encodeCommand } from "./protocols/teltonika/encoder";
import { TeltonikaFrameSplitter } from "./protocols/teltonika/frame";
import type { KnownTracker, TrackerSink } from "./tracker-sink";

export interface TcpListenerOptions {
  host: string;
  port: number;
  sink: TrackerSink;
  sessions: DeviceSessions;
  logger: Logger;
  /** close a connection with no bytes for this long (devices ping at least every few minutes) */
  idleTimeoutMs?: number;
  /** close a connection whose started frame is not complete after this long */
  frameTimeoutMs?: number;
  /** stop reading from a socket while this many packets wait to be stored */
  maxQueuedPackets?: number;
}

export const PROTOCOL = "teltonika";

/**
 * Connections waiting to be accepted. After a server restart every device of a fleet reconnects within seconds; with
 * Node's default (511) the kernel's accept queue overflows while the event loop is busy and devices see resets.
 * The kernel caps it at net.core.somaxconn.
 */
const ACCEPT_BACKLOG = 8192;

export interface TcpListener {
  server: net.Server;
  port: number;
  connections(): number;
  close(): Promise<void>;
}

export async function startTeltonikaTcpListener(options: TcpListenerOptions): Promise<TcpListener> {
  const idleTimeoutMs = options.idleTimeoutMs ?? 10 * 60_000;
  const frameTimeoutMs = options.frameTimeoutMs ?? 60_000;
  const maxQueued = options.maxQueuedPackets ?? 8;
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 60_000);
    handleConnection(socket, { ...options, idleTimeoutMs, frameTimeoutMs, maxQueued });
    socket.once("close", () => sockets.delete(socket));
  });
  server.maxConnections = 50_000;
  server.on("error", (error) => options.logger.error({ err: error }, "teltonika tcp listener error"));

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port: options.port, host: options.host, backlog: ACCEPT_BACKLOG }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as net.AddressInfo).port;

  return {
    server,
    port,
    connections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

function handleConnection(
  socket: net.Socket,
  options: TcpListenerOptions & { idleTimeoutMs: number; frameTimeoutMs: number; maxQueued: number },
) {
  const { sink, sessions, logger } = options;
  const splitter = new TeltonikaFrameSplitter();
  const remoteAddress = socket.remoteAddress;
  let tracker: KnownTracker | null = null;
  let session: DeviceSession | undefined;
  let chain: Promise<void> = Promise.resolve(); // strict per-connection order: login, then each packet in turn
  let queued = 0;
  let closed = false;
  let frameTimer: NodeJS.Timeout | undefined;

  const close = (reason: string) => {
    if (closed) return;
    closed = true;
    logger.debug({ imei: tracker?.imei, remoteAddress, reason }, "closing tracker connection");
    socket.destroy();
  };

  socket.setTimeout(options.idleTimeoutMs, () => close("idle timeout"));

  const enqueue = (work: () => Promise<void>) => {
    queued++;
    if (queued >= options.maxQueued) socket.pause(); // backpressure: the device waits for its acks anyway
    chain = chain
      .then(() => (closed ? undefined : work()))
      .catch((error) => {
        logger.error({ err: error, imei: tracker?.imei }, "tracker packet handling failed");
      })
      .finally(() => {
        queued--;
        if (queued < options.maxQueued && !closed) socket.resume();
      });
  };

  socket.on("data", (chunk: Buffer) => {
    let frames;
    try {
      frames = splitter.feed(chunk);
    } catch (error) {
      logger.error({ err: error, remoteAddress }, "frame splitter failed");
      return close("splitter failure");
    }
    clearTimeout(frameTimer);
    if (splitter.pending > 0) frameTimer = setTimeout(() => close("frame not completed in time"), options.frameTimeoutMs);
    for (const frame of frames) {
      switch (frame.kind) {
        case "invalid":
          logger.warn({ remoteAddress, imei: tracker?.imei, reason: frame.reason }, "invalid data from tracker");
          return close(frame.reason);
        case "ping":
          break;
        case "imei":
          enqueue(async () => {
            tracker = await sink.identify({ imei: frame.imei, protocol: PROTOCOL, remoteAddress });
            if (closed) return;
            socket.write(loginReply(tracker !== null));
            if (!tracker) {
              logger.info({ imei: frame.imei, remoteAddress }, "unknown tracker refused");
              socket.end();
              closed = true;
              return;
            }
            session = new DeviceSession(tracker.trackerId, tracker.imei, socket, encodeCommand);
            sessions.add(session);
            sink.connected?.(tracker);
            logger.debug({ imei: tracker.imei, remoteAddress }, "tracker logged in");
          });
          break;
        case "packet":
          enqueue(async () => {
            if (!tracker) return;
            const result = decodeTcpPacket(frame.bytes);
            if (result.kind === "rejected") {
              logger.warn({ imei: tracker.imei, reason: result.reason }, "packet not acknowledged");
              return;
            }
            if (result.kind === "command-response") {
              for (const text of result.responses) {
                if (!session?.answer(text)) sink.commandResponse?.(tracker, text);
              }
              return;
            }
            await sink.ingest(tracker, result.records, { protocol: PROTOCOL, receivedAt: Date.now() });
            if (!closed) socket.write(result.reply); // acknowledged only once stored
          });
          break;
      }
    }
  });

  socket.on("error", (error) => logger.debug({ err: error, remoteAddress }, "tracker socket error"));
  socket.once("close", () => {
    closed = true;
    clearTimeout(frameTimer);
    if (session) sessions.remove(session);
    if (tracker) sink.disconnected?.(tracker);
  });
}
