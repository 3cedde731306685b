// The TCP listener of every stream protocol in the registry (protocols/registry.ts): the protocol's decoder turns
// bytes into messages (protocols/protocol.ts); this file owns the sockets and the rules. IMEI login first, then
// records acknowledged (with the protocol's answer) only after the sink has stored them, in frame order; command
// answers routed to the waiting command; keep-alives ignored.
// Robustness: a frame the protocol rejects (bad CRC, counts that do not check out) is not acknowledged (the device
// resends) and the connection stays open; garbage the protocol cannot resynchronise on closes the connection; a sink
// failure never acknowledges and never crashes the listener; a socket stops being read while maxQueuedPackets frames
// wait to be stored (backpressure); the newest login of a tracker wins (newest-login-wins.ts); a graceful stop
// acknowledges what is being stored before it closes.
// Under attack (docs/ingest.md "Tracker ports under attack"): a connection must log in within a short deadline,
// connections per source address are capped, a started frame must complete within its deadline however slowly its
// bytes trickle in, a login that is not a valid IMEI is refused before any database work, and the warnings about
// all of this are sampled so that an attack cannot flood the log.
import net from "node:net";
import type { Logger } from "pino";
import { DeviceSession, type DeviceSessions } from "./device-sessions";
import type { StreamProtocol } from "./protocols/protocol";
import { isValidImei } from "../modules/assets/imei";
import { SampledLog } from "./sampled-log";
import { EndSessionError, type KnownTracker, type TrackerSink } from "./tracker-sink";
import { settledWithin } from "../deadlines";
import { clientAddressKey } from "../http/client-address-key";
import { metricSources } from "../metrics/metric-sources";
import { metrics } from "../metrics/registry";

export interface TcpListenerOptions {
  protocol: StreamProtocol;
  host: string;
  port: number;
  sink: TrackerSink;
  sessions: DeviceSessions;
  logger: Logger;
  /** close a connection with no bytes for this long (devices ping at least every few minutes) */
  idleTimeoutMs?: number;
  /** close a connection whose started frame is not complete this long after its first byte arrived */
  frameTimeoutMs?: number;
  /** close a connection that has not sent its IMEI login this long after it was accepted */
  loginTimeoutMs?: number;
  /** refuse a new connection while this many connections from the same address are open */
  maxConnectionsPerAddress?: number;
  /** at most one warning of each kind (refused connection, refused login, ...) per this many ms */
  logSampleMs?: number;
  /** stop reading from a socket while this many packets wait to be stored */
  maxQueuedPackets?: number;
}

/**
 * Connections waiting to be accepted. After a server restart every device of a fleet reconnects within seconds; with
 * Node's default (511) the kernel's accept queue overflows while the event loop is busy and devices see resets.
 * The kernel caps it at net.core.somaxconn.
 */
const ACCEPT_BACKLOG = 8192;

/**
 * A graceful stop waits this long for packets already received to be stored and acknowledged before it closes the
 * connections anyway (operations.md: "acknowledges what was stored"); then this long for the acknowledgements to
 * leave before it destroys what is still open.
 */
export const STOP_DRAIN_MS = 10_000;
const STOP_FLUSH_MS = 2_000;

/** how long a refused login's connection may stay half-closed while the refusal byte reaches the device */
const REFUSAL_LINGER_MS = 2_000;

/** Defaults of the limits above (docs/ingest.md "Tracker ports under attack"). */
export const TCP_LIMITS = {
  idleTimeoutMs: 10 * 60_000,
  frameTimeoutMs: 60_000,
  loginTimeoutMs: 20_000,
  maxConnectionsPerAddress: 1_000,
  maxQueuedPackets: 8,
};

/** What the listener refused or closed since it started, by reason (also in the sampled warnings). */
export interface TcpListenerCounters {
  /** connections refused because their address had maxConnectionsPerAddress open */
  overAddressCap: number;
  /** connections closed for not logging in in time */
  loginTimeouts: number;
  /** connections closed because a started frame did not complete in time */
  frameTimeouts: number;
  /** logins refused because the IMEI is not 15 digits with a valid check digit */
  invalidImeis: number;
  /** connections closed on garbage the protocol cannot recover from (Teltonika: missing preamble, oversize frame) */
  invalidFrames: number;
  /** logins refused because no asset has the IMEI's tracker, or its tracker is registered for another protocol */
  unknownTrackers: number;
  /** frames not acknowledged because their CRC, length or counts did not check out (the device resends) */
  invalidPackets: number;
}

export interface TcpListener {
  server: net.Server;
  port: number;
  connections(): number;
  counters: Readonly<TcpListenerCounters>;
  close(): Promise<void>;
}

type ConnectionOptions = TcpListenerOptions & {
  /** bound once per listener: the hot path only adds */
  received: { inc(count: number): void };
  acknowledged: { inc(count: number): void };
  idleTimeoutMs: number;
  frameTimeoutMs: number;
  loginTimeoutMs: number;
  maxQueued: number;
  counters: TcpListenerCounters;
  warnings: SampledLog;
};

export async function startStreamListener(options: TcpListenerOptions): Promise<TcpListener> {
  const protocolName = options.protocol.name;
  const connectionOptions: ConnectionOptions = {
    ...options,
    received: metrics().recordsReceived.labels(protocolName, "tcp"),
    acknowledged: metrics().recordsAcknowledged.labels(protocolName, "tcp"),
    idleTimeoutMs: options.idleTimeoutMs ?? TCP_LIMITS.idleTimeoutMs,
    frameTimeoutMs: options.frameTimeoutMs ?? TCP_LIMITS.frameTimeoutMs,
    loginTimeoutMs: options.loginTimeoutMs ?? TCP_LIMITS.loginTimeoutMs,
    maxQueued: options.maxQueuedPackets ?? TCP_LIMITS.maxQueuedPackets,
    counters: { overAddressCap: 0, loginTimeouts: 0, frameTimeouts: 0, invalidImeis: 0, invalidFrames: 0, unknownTrackers: 0, invalidPackets: 0 },
    warnings: new SampledLog(options.logger, options.logSampleMs),
  };
  const maxPerAddress = options.maxConnectionsPerAddress ?? TCP_LIMITS.maxConnectionsPerAddress;
  const { counters, warnings } = connectionOptions;
  // each open connection and its drain (stop reading, wait for what it received to be stored and acknowledged)
  const sockets = new Map<net.Socket, () => Promise<void>>();
  // open connections per source address; an address leaves the map with its last connection, so the map is bounded
  // by the open connections
  const perAddress = new Map<string, number>();

  const server = net.createServer((socket) => {
    const address = socket.remoteAddress ?? "";
    const key = clientAddressKey(address); // an IPv6 source by its /64; the log keeps the address
    const open = perAddress.get(key) ?? 0;
    if (open >= maxPerAddress) {
      counters.overAddressCap++;
      warnings.warn("tracker connection refused: too many from its address", { remoteAddress: address, open });
      socket.on("error", () => {});
      socket.destroy();
      return;
    }
    perAddress.set(key, open + 1);
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 60_000);
    sockets.set(socket, handleConnection(socket, connectionOptions));
    socket.once("close", () => {
      sockets.delete(socket);
      const left = (perAddress.get(key) ?? 1) - 1;
      if (left > 0) perAddress.set(key, left);
      else perAddress.delete(key);
    });
  });
  server.maxConnections = 50_000;
  server.on("error", (error) => options.logger.error({ err: error, protocol: protocolName }, "tracker tcp listener error"));

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port: options.port, host: options.host, backlog: ACCEPT_BACKLOG }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as net.AddressInfo).port;
  const unregisterMetrics = metricSources().add("trackerListener", {
    protocol: protocolName,
    transport: "tcp",
    connections: () => sockets.size,
    counters,
  });

  return {
    server,
    port,
    connections: () => sockets.size,
    counters,
    // graceful: stop accepting, stop reading, acknowledge what is being stored, then close (devices resend the rest)
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await settledWithin(Promise.all([...sockets.values()].map((drain) => drain())), STOP_DRAIN_MS);
      for (const socket of sockets.keys()) socket.end();
      await settledWithin(closed, STOP_FLUSH_MS);
      for (const socket of sockets.keys()) socket.destroy();
      await closed;
      unregisterMetrics(); // its counts are kept as totals
    },
  };
}

/** Serves one device connection; returns its drain for a graceful stop. */
function handleConnection(socket: net.Socket, options: ConnectionOptions): () => Promise<void> {
  const { sink, sessions, logger, counters, warnings, protocol } = options;
  const stream = protocol.openStream();
  const encodeCommand = protocol.commands?.encode ?? noCommands(protocol.name);
  const remoteAddress = socket.remoteAddress;
  let tracker: KnownTracker | null = null;
  let session: DeviceSession | undefined;
  let chain: Promise<void> = Promise.resolve(); // strict per-connection order: login, then each packet in turn
  let queued = 0;
  let closed = false;
  let draining = false;
  let frameTimer: NodeJS.Timeout | undefined;

  const close = (reason: string) => {
    if (closed) return;
    closed = true;
    logger.debug({ imei: tracker?.imei, remoteAddress, reason }, "closing tracker connection");
    socket.destroy();
  };

  /** answers the login with the protocol's refusal (if it has one), then closes; a peer that never closes its side is
   *  cut off soon after */
  const refuse = (reason: string, reply: Buffer | undefined) => {
    if (closed) return;
    closed = true;
    logger.debug({ remoteAddress, reason }, "tracker login refused");
    if (reply) socket.end(reply);
    else socket.end();
    setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS).unref();
  };

  socket.setTimeout(options.idleTimeoutMs, () => close("idle timeout"));
  // the idle timeout restarts with every byte; the login deadline does not: a connection that trickles bytes but
  // never completes an IMEI login holds its slot no longer than this
  let loginTimer: NodeJS.Timeout | undefined = setTimeout(() => {
    counters.loginTimeouts++;
    warnings.warn("tracker connection closed: no login in time", { remoteAddress });
    close("no login in time");
  }, options.loginTimeoutMs);

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
        if (queued < options.maxQueued && !closed && !draining) socket.resume();
      });
  };

  socket.on("data", (chunk: Buffer) => {
    if (closed) return; // refused or closing: what still arrives is neither buffered nor looked at
    let frames;
    try {
      frames = stream.feed(chunk);
    } catch (error) {
      logger.error({ err: error, remoteAddress, protocol: protocol.name }, "frame decoding failed");
      return close("decoder failure");
    }
    // the frame deadline runs from a frame's first byte to its last: it starts when bytes are left waiting for the
    // rest of their frame and is not restarted by more bytes of the same frame (a trickle cannot extend it)
    if (stream.pending === 0) {
      clearTimeout(frameTimer);
      frameTimer = undefined;
    } else if (frameTimer === undefined || frames.length > 0) {
      clearTimeout(frameTimer); // a frame completed in this chunk: what is left is the start of a new one
      frameTimer = setTimeout(() => {
        counters.frameTimeouts++;
        warnings.warn("tracker connection closed: frame not completed in time", { remoteAddress, imei: tracker?.imei });
        close("frame not completed in time");
      }, options.frameTimeoutMs);
    }
    for (const frame of frames) {
      switch (frame.kind) {
        case "invalid":
          counters.invalidFrames++;
          warnings.warn("invalid data from tracker", { remoteAddress, imei: tracker?.imei, reason: frame.reason });
          return close(frame.reason);
        case "ignore":
          break;
        case "login":
          clearTimeout(loginTimer); // the device has done its part; the lookup is ours
          loginTimer = undefined;
          if (tracker || session) break; // one login per connection: a repeated one changes nothing
          if (!isValidImei(frame.imei)) {
            // not a real device: refused with the protocol's answer, before any database work
            counters.invalidImeis++;
            warnings.warn("tracker login refused: not a valid IMEI", { remoteAddress, imei: frame.imei });
            return refuse("not a valid IMEI", frame.reply(false));
          }
          enqueue(async () => {
            tracker = await sink.identify({ imei: frame.imei, protocol: protocol.name, remoteAddress });
            if (closed) return;
            if (!tracker) {
              counters.unknownTrackers++;
              warnings.warn("unknown tracker refused", { imei: frame.imei, remoteAddress });
              return refuse("unknown tracker", frame.reply(false));
            }
            if (tracker.protocol !== protocol.name) {
              // its records would be stored and named as another protocol's: a misconfigured device (or a forged one)
              counters.unknownTrackers++;
              warnings.warn("tracker refused: registered for another protocol", { imei: frame.imei, remoteAddress, registered: tracker.protocol, protocol: protocol.name });
              tracker = null;
              return refuse("registered for another protocol", frame.reply(false));
            }
            const accepted = frame.reply(true);
            if (accepted) socket.write(accepted);
            session = new DeviceSession(tracker, { write: (bytes) => socket.write(bytes), end: close }, encodeCommand);
            sessions.add(session);
            sink.connected?.(tracker);
            logger.debug({ imei: tracker.imei, remoteAddress, protocol: protocol.name }, "tracker logged in");
          });
          break;
        case "rejected":
          enqueue(async () => {
            if (!tracker) return;
            counters.invalidPackets++;
            // sampled: a device (or a GT06 stream full of garbage) can send these as fast as it likes
            warnings.warn("packet not acknowledged", { imei: tracker.imei, remoteAddress, reason: frame.reason });
          });
          break;
        case "reply":
          enqueue(async () => {
            if (tracker) socket.write(frame.bytes);
          });
          break;
        case "command-response":
          enqueue(async () => {
            if (!tracker) return;
            for (const text of frame.responses) {
              if (!session?.answer(text)) sink.commandResponse?.(tracker, text);
            }
          });
          break;
        case "records":
          enqueue(async () => {
            if (!tracker) return;
            let stored = 0;
            if (frame.records.length > 0) {
              options.received.inc(frame.records.length);
              try {
                stored = await sink.ingest(tracker, frame.records, { protocol: protocol.name, receivedAt: Date.now() });
              } catch (error) {
                if (!(error instanceof EndSessionError)) throw error;
                // the tracker left its asset, or the database refuses this packet: not acknowledged, and the device
                // logs in again to be looked up afresh
                logger.warn({ imei: tracker.imei, remoteAddress, reason: error.message }, "tracker session ended");
                return close(error.message);
              }
            }
            if (closed) return;
            const ack = frame.ack(stored); // acknowledged only once stored, with what was stored
            if (ack) socket.write(ack);
            options.acknowledged.inc(stored);
          });
          break;
      }
    }
  });

  socket.on("error", (error) => logger.debug({ err: error, remoteAddress }, "tracker socket error"));
  socket.once("close", () => {
    closed = true;
    clearTimeout(frameTimer);
    clearTimeout(loginTimer);
    // a session replaced by a newer login of its tracker is not the tracker going offline
    const current = session ? sessions.remove(session) : false;
    if (tracker && current) sink.disconnected?.(tracker);
  });

  return async () => {
    draining = true;
    socket.pause(); // nothing new is read; what was received is still stored and acknowledged
    clearTimeout(frameTimer);
    await chain;
  };
}

/** a protocol without commands: a session still exists (online state), but nothing can be sent on it */
function noCommands(protocol: string): (command: string) => Buffer {
  return () => {
    throw new Error(`protocol ${protocol} has no commands`);
  };
}
