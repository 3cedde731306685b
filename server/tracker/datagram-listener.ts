// The UDP listener of every datagram protocol in the registry (protocols/registry.ts; Teltonika today): each
// datagram carries the IMEI and its records; the protocol's acknowledgement (Teltonika: packet id, AVL packet id,
// record count) goes back only after the records are stored. Datagrams of one device are handled in order.
// Unknown IMEIs and malformed datagrams get no answer.
// Under attack (docs/ingest.md "Tracker ports under attack"): UDP has no handshake and its source is spoofable, so
// the work is bounded instead: at most a few datagrams wait per device and a fixed number in total. A datagram over
// either bound, with an IMEI that is not a valid IMEI, or malformed is dropped without an answer (the device resends
// what is not acknowledged), counted, and logged at most once per interval per kind.
// A graceful stop takes no new datagram, lets those already taken be stored and acknowledged (as the TCP listener
// does, for at most STOP_DRAIN_MS), then closes the socket; a device resends whatever was not acknowledged.
import dgram from "node:dgram";
import type { Logger } from "pino";
import { isValidImei } from "../modules/assets/imei";
import type { DatagramProtocol } from "./protocols/protocol";
import { SampledLog } from "./sampled-log";
import { STOP_DRAIN_MS } from "./stream-listener";
import { settledWithin } from "../deadlines";
import { KeyedSerialQueue } from "../keyed-serial-queue";
import { metricSources } from "../metrics/metric-sources";
import { metrics } from "../metrics/registry";
import type { TrackerSink } from "./tracker-sink";

/** Defaults of the bounds (docs/ingest.md "Tracker ports under attack"). */
export const UDP_LIMITS = {
  /** datagrams of one IMEI waiting to be stored; a device waits for each answer, so a handful is plenty */
  maxQueuedPerDevice: 8,
  /** datagrams of all devices waiting to be stored */
  maxQueuedTotal: 2_000,
};

/** Datagrams dropped without an answer since the listener started, by reason. */
export interface UdpListenerCounters {
  /** not a record datagram of the protocol, or its structure did not check out */
  malformed: number;
  /** the IMEI is not 15 digits with a valid check digit */
  invalidImei: number;
  /** its device already had maxQueuedPerDevice datagrams waiting */
  deviceQueueFull: number;
  /** maxQueuedTotal datagrams were waiting */
  totalQueueFull: number;
  /** stored and acknowledged */
  acknowledged: number;
  /** arrived while the listener was stopping */
  stopping: number;
  /** carried an IMEI no asset's tracker has */
  unknownTracker: number;
}

export interface UdpListener {
  port: number;
  /** false once a stop began */
  listening(): boolean;
  counters: Readonly<UdpListenerCounters>;
  close(): Promise<void>;
}

export async function startDatagramListener(options: {
  protocol: DatagramProtocol;
  host: string;
  port: number;
  sink: TrackerSink;
  logger: Logger;
  maxQueuedPerDevice?: number;
  maxQueuedTotal?: number;
  /** at most one warning of each kind per this many ms */
  logSampleMs?: number;
}): Promise<UdpListener> {
  const { sink, logger, protocol } = options;
  const PROTOCOL = protocol.name;
  const maxPerDevice = options.maxQueuedPerDevice ?? UDP_LIMITS.maxQueuedPerDevice;
  const maxTotal = options.maxQueuedTotal ?? UDP_LIMITS.maxQueuedTotal;
  const warnings = new SampledLog(logger, options.logSampleMs);
  const counters: UdpListenerCounters = { malformed: 0, invalidImei: 0, deviceQueueFull: 0, totalQueueFull: 0, acknowledged: 0, stopping: 0, unknownTracker: 0 };
  const received = metrics().recordsReceived.labels(PROTOCOL, "udp");
  const acknowledged = metrics().recordsAcknowledged.labels(PROTOCOL, "udp");
  const socket = dgram.createSocket({ type: options.host.includes(":") ? "udp6" : "udp4" });
  // per IMEI, so one device's datagrams stay in order; a device has an entry only while it has datagrams waiting, so
  // there are at most maxQueuedTotal entries
  const perDevice = new KeyedSerialQueue<string>();
  let stopping = false;
  let closed = false;

  const drop = (reason: keyof UdpListenerCounters, message: string, fields: Record<string, unknown>) => {
    counters[reason]++;
    warnings.warn(message, { ...fields, dropped: counters[reason] });
  };

  socket.on("message", (datagram, remote) => {
    if (stopping) return void counters.stopping++;
    const decoded = protocol.decodeDatagram(datagram);
    if (decoded.kind === "rejected") {
      return drop("malformed", "udp datagram dropped: malformed", { remoteAddress: remote.address, reason: decoded.reason });
    }
    const imei = decoded.imei;
    if (!isValidImei(imei)) {
      return drop("invalidImei", "udp datagram dropped: not a valid IMEI", { remoteAddress: remote.address, imei });
    }
    if (perDevice.waitingFor(imei) >= maxPerDevice) {
      return drop("deviceQueueFull", "udp datagram dropped: its device has too many waiting", { remoteAddress: remote.address, imei });
    }
    if (perDevice.size >= maxTotal) {
      return drop("totalQueueFull", "udp datagram dropped: too many waiting", { remoteAddress: remote.address, imei });
    }
    const { records, ack } = decoded;
    received.inc(records.length);
    void perDevice
      .run(imei, async () => {
        const tracker = await sink.identify({ imei, protocol: PROTOCOL, remoteAddress: remote.address });
        // unknown, or registered for another protocol (its records would be named as that protocol's)
        if (!tracker || tracker.protocol !== PROTOCOL) return void counters.unknownTracker++;
        const stored = await sink.ingest(tracker, records, { protocol: PROTOCOL, receivedAt: Date.now() });
        if (closed) return; // stored after the stop's grace: the device resends, and the writer keeps it once
        // awaited: the send resolves the address first, and a stop must not close the socket under it
        await new Promise<void>((resolve, reject) =>
          socket.send(ack(stored), remote.port, remote.address, (error) => (error ? reject(error) : resolve())),
        );
        counters.acknowledged++;
        acknowledged.inc(stored);
      })
      .catch((error) => logger.error({ err: error, imei }, "udp datagram handling failed"));
  });
  socket.on("error", (error) => logger.error({ err: error, protocol: PROTOCOL }, "tracker udp listener error"));

  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(options.port, options.host, () => {
      socket.off("error", reject);
      resolve();
    });
  });
  const unregisterMetrics = metricSources().add("trackerListener", { protocol: PROTOCOL, transport: "udp", counters });
  return {
    port: socket.address().port,
    listening: () => !stopping,
    counters,
    close: async () => {
      stopping = true;
      await settledWithin(perDevice.idle(), STOP_DRAIN_MS);
      closed = true;
      await new Promise<void>((resolve) => socket.close(() => resolve()));
      unregisterMetrics(); // its counts are kept as totals
    },
  };
}
