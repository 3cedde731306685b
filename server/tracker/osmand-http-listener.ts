// OsmAnd over HTTP (phones running Traccar Client or OsmAnd): a plain node:http server on its own port, apart from
// the dashboard's Next server so a flood of phones cannot slow the dashboard and the port can be closed alone.
// Every request is one upload: decode (protocols/osmand), identify the device id, ingest, and answer 200 only
// once `ingest` resolved, so the app keeps and resends what was not stored. Refusals say why in plain text:
// 400 malformed input, 405 other methods, 413 bodies over the limit, 429 an address guessing ids, 503 when the
// store (or the lookup) failed, which the app retries. A request with cell or Wi-Fi data and no coordinates is a
// sign of life: the device is marked heard (`heard`), nothing is stored.
// The device id is a phone's only credential (docs/osmand.md "The device id is a credential"), so the port must not
// help anyone guess one: an unknown id is answered exactly like a known one (200, empty body, same headers, after a
// wait drawn from recent store times: osmand-store-time.ts), and an address sending many different unknown ids is
// blocked for a while (osmand-unknown-id-throttle.ts). Unknown ids are still handed to `identify`, which records them.
// Generic over its callbacks so it does not depend on the ingest pipeline; the integrator maps positions on.
// Under attack, like the TCP listeners (docs/ingest.md "Tracker ports under attack"): connections per source
// address are capped, headers and bodies must arrive within deadlines, bodies are bounded, warnings are sampled.
import http from "node:http";
import type net from "node:net";
import type { Logger } from "pino";
import { decodeRequest } from "./protocols/osmand/decoder";
import type { OsmandPosition } from "./protocols/osmand/messages";
import { SampledLog } from "./sampled-log";
import { StoreTimeImitation } from "./osmand-store-time";
import { UNKNOWN_ID_THROTTLE, UnknownIdThrottle } from "./osmand-unknown-id-throttle";
import { settledWithin } from "../deadlines";
import { clientAddressKey } from "../http/client-address-key";
import { metricSources } from "../metrics/metric-sources";
import { metrics } from "../metrics/registry";

export const PROTOCOL = "osmand";

/** What the listener needs from the rest of the server. */
export interface OsmandCallbacks<Tracker> {
  /** the provisioned tracker with this device id, or null (the caller records the unknown device) */
  identify(input: { deviceId: string; protocol: string; remoteAddress?: string }): Promise<Tracker | null> | Tracker | null;
  /** stores the positions durably; resolves only once they are stored, rejects when they are not */
  ingest(tracker: Tracker, positions: OsmandPosition[], meta: { protocol: string; receivedAt: number }): Promise<void>;
  /** the device was heard without a position (cell or Wi-Fi data only): it counts as heard for connectivity */
  heard(tracker: Tracker, meta: { protocol: string; receivedAt: number }): void;
}

export interface OsmandListenerOptions<Tracker> {
  host: string;
  port: number;
  callbacks: OsmandCallbacks<Tracker>;
  logger: Logger;
  /** bodies above this many bytes are refused with 413 */
  maxBodyBytes?: number;
  /** refuse a new connection while this many connections from the same address are open */
  maxConnectionsPerAddress?: number;
  /** a request's headers must arrive within this long of its first byte */
  headersTimeoutMs?: number;
  /** a whole request (headers and body) must arrive within this long */
  requestTimeoutMs?: number;
  /** at most one warning of each kind per this many ms */
  logSampleMs?: number;
  /** different unknown device ids one address (IPv6: one /64) may send per window before it gets 429 */
  unknownIdsPerAddress?: number;
  /** that window, ms */
  unknownIdWindowMs?: number;
  /** how long an address over that budget gets 429 for every request, ms */
  unknownIdBlockMs?: number;
  /** the throttle's clock (tests move it) */
  now?: () => number;
}

/** Defaults of the limits above. The apps send a few hundred bytes per position, a batch a few KiB. */
export const OSMAND_LIMITS = {
  maxBodyBytes: 64 * 1024,
  maxConnectionsPerAddress: 1_000, // a carrier's NAT puts many phones behind one address
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 60_000,
  unknownIdsPerAddress: UNKNOWN_ID_THROTTLE.perWindow,
  unknownIdWindowMs: UNKNOWN_ID_THROTTLE.windowMs,
  unknownIdBlockMs: UNKNOWN_ID_THROTTLE.blockMs,
};

/** a graceful stop waits this long for requests being stored before it closes their connections anyway */
export const STOP_DRAIN_MS = 10_000;

export const STATUS = {
  OK: 200,
  BAD_REQUEST: 400,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;

/** What the listener refused since it started, by reason. */
export interface OsmandListenerCounters {
  /** connections refused because their address had maxConnectionsPerAddress open */
  overAddressCap: number;
  /** requests answered 400 */
  malformed: number;
  /** requests with a device id no tracker has (answered like known ones, or 429) */
  unknownDevices: number;
  /** requests answered 429: their address sent too many different unknown ids */
  throttled: number;
  /** requests with cell or Wi-Fi data and no coordinates (answered 200, nothing stored) */
  heardOnly: number;
  /** requests answered 413 */
  tooLarge: number;
  /** requests answered 503: the lookup or the store failed */
  storeFailures: number;
}

export interface OsmandListener {
  server: http.Server;
  port: number;
  counters: Readonly<OsmandListenerCounters>;
  /** stop accepting, answer the requests being stored, then close every connection */
  close(): Promise<void>;
}

class TooLarge extends Error {}

export async function startOsmandHttpListener<Tracker>(options: OsmandListenerOptions<Tracker>): Promise<OsmandListener> {
  const { callbacks, logger } = options;
  const maxBodyBytes = options.maxBodyBytes ?? OSMAND_LIMITS.maxBodyBytes;
  const maxPerAddress = options.maxConnectionsPerAddress ?? OSMAND_LIMITS.maxConnectionsPerAddress;
  const warnings = new SampledLog(logger, options.logSampleMs);
  const counters: OsmandListenerCounters = {
    overAddressCap: 0,
    malformed: 0,
    unknownDevices: 0,
    throttled: 0,
    heardOnly: 0,
    tooLarge: 0,
    storeFailures: 0,
  };
  const now = options.now ?? Date.now;
  const throttle = new UnknownIdThrottle({
    perWindow: options.unknownIdsPerAddress ?? OSMAND_LIMITS.unknownIdsPerAddress,
    windowMs: options.unknownIdWindowMs ?? OSMAND_LIMITS.unknownIdWindowMs,
    blockMs: options.unknownIdBlockMs ?? OSMAND_LIMITS.unknownIdBlockMs,
    maxAddresses: UNKNOWN_ID_THROTTLE.maxAddresses,
    now,
  });
  const storeTime = new StoreTimeImitation();
  const received = metrics().recordsReceived.labels(PROTOCOL, "http");
  const acknowledged = metrics().recordsAcknowledged.labels(PROTOCOL, "http");
  const inFlight = new Set<Promise<void>>();
  const perAddress = new Map<string, number>();
  let stopping = false;

  /** an answer; while stopping it also tells the client to close, so its connection does not outlive the stop */
  const reply = (res: http.ServerResponse, status: number, text: string) => {
    if (stopping) res.setHeader("Connection", "close");
    answer(res, status, text);
  };

  /** 429 for an address that guessed too many ids; the body is not read, so the connection closes after it */
  const refuseBlocked = (res: http.ServerResponse, waitMs: number) => {
    counters.throttled++;
    const seconds = Math.ceil(waitMs / 1000);
    res.setHeader("Retry-After", String(seconds));
    res.setHeader("Connection", "close");
    reply(res, STATUS.TOO_MANY_REQUESTS, `too many unknown device ids from this address; try again in ${seconds} s`);
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const remoteAddress = req.socket.remoteAddress;
    const bucket = clientAddressKey(remoteAddress ?? "");
    const blockedMs = throttle.blockedFor(bucket);
    if (blockedMs > 0) return refuseBlocked(res, blockedMs);
    if (req.method !== "GET" && req.method !== "POST") {
      res.setHeader("Allow", "GET, POST");
      return reply(res, STATUS.METHOD_NOT_ALLOWED, "only GET and POST are accepted");
    }
    let body: Buffer;
    try {
      body = await readBody(req, maxBodyBytes);
    } catch (error) {
      if (!(error instanceof TooLarge)) return; // the client went away mid-body: nobody to answer
      counters.tooLarge++;
      warnings.warn("osmand request refused: body too large", { remoteAddress });
      res.setHeader("Connection", "close"); // the rest of the body is not read
      return reply(res, STATUS.PAYLOAD_TOO_LARGE, `the body is larger than ${maxBodyBytes} bytes`);
    }
    const receivedAt = Date.now();
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    const decoded = decodeRequest({
      query: queryAt < 0 ? "" : url.slice(queryAt + 1),
      contentType: req.headers["content-type"],
      body,
      receivedAt,
    });
    if (!decoded.ok) {
      counters.malformed++;
      warnings.warn("osmand request refused: malformed", { remoteAddress, reason: decoded.reason });
      return reply(res, STATUS.BAD_REQUEST, decoded.reason);
    }
    received.inc(decoded.positions.length);
    const { deviceId, positions } = decoded;
    const startedAt = performance.now(); // store times are measured on the monotonic clock
    let tracker: Tracker | null;
    try {
      tracker = await callbacks.identify({ deviceId, protocol: PROTOCOL, remoteAddress });
    } catch (error) {
      counters.storeFailures++;
      logger.error({ err: error, remoteAddress }, "osmand device lookup failed");
      return reply(res, STATUS.SERVICE_UNAVAILABLE, "the server could not look the device up; try again later");
    }
    const meta = { protocol: PROTOCOL, receivedAt };
    if (!tracker) {
      counters.unknownDevices++;
      warnings.warn("osmand request with an unknown device id (answered like a known one)", { remoteAddress });
      if (throttle.unknownId(bucket, deviceId)) {
        warnings.warn("osmand address blocked: too many unknown device ids", { remoteAddress, address: bucket });
        return refuseBlocked(res, throttle.blockedFor(bucket));
      }
      if (positions.length === 0) return reply(res, STATUS.OK, ""); // a known one is marked heard and answered at once
      const imitated = await storeTime.imitate(deviceId, startedAt, () => performance.now());
      return imitated.stored ? reply(res, STATUS.OK, "") : reply(res, STATUS.SERVICE_UNAVAILABLE, NOT_STORED);
    }
    if (positions.length === 0) {
      counters.heardOnly++;
      callbacks.heard(tracker, meta);
      return reply(res, STATUS.OK, "");
    }
    try {
      await callbacks.ingest(tracker, positions, meta);
    } catch (error) {
      storeTime.record({ ms: performance.now() - startedAt, stored: false });
      counters.storeFailures++;
      logger.error({ err: error, remoteAddress }, "osmand positions not stored");
      return reply(res, STATUS.SERVICE_UNAVAILABLE, NOT_STORED);
    }
    storeTime.record({ ms: performance.now() - startedAt, stored: true });
    acknowledged.inc(positions.length);
    return reply(res, STATUS.OK, "");
  };

  const server = http.createServer(
    { headersTimeout: options.headersTimeoutMs ?? OSMAND_LIMITS.headersTimeoutMs, requestTimeout: options.requestTimeoutMs ?? OSMAND_LIMITS.requestTimeoutMs },
    (req, res) => {
      const work = handle(req, res).catch((error: unknown) => {
        // a bug of ours, never the client's bytes: answer 500 without internals and keep serving
        logger.error({ err: error }, "osmand request failed");
        if (!res.headersSent) answer(res, 500, "internal error");
        else res.destroy();
      });
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    },
  );
  server.on("connection", (socket: net.Socket) => {
    const address = clientAddressKey(socket.remoteAddress ?? ""); // an IPv6 source counts by its /64, as in the throttle
    const open = perAddress.get(address) ?? 0;
    if (open >= maxPerAddress) {
      counters.overAddressCap++;
      warnings.warn("osmand connection refused: too many from its address", { remoteAddress: address, open });
      socket.destroy();
      return;
    }
    perAddress.set(address, open + 1);
    socket.once("close", () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  });
  // malformed HTTP (not even a request line): answer 400 if the socket can still take it, never crash
  server.on("clientError", (error: NodeJS.ErrnoException, socket: net.Socket) => {
    if (error.code !== "ECONNRESET" && socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    else socket.destroy();
  });
  server.on("error", (error) => logger.error({ err: error }, "osmand http listener error"));

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port: options.port, host: options.host }, () => {
      server.off("error", reject);
      resolve();
    });
  });

  const unregisterMetrics = metricSources().add("trackerListener", { protocol: PROTOCOL, transport: "http", counters });

  return {
    server,
    port: (server.address() as net.AddressInfo).port,
    counters,
    close: async () => {
      stopping = true;
      unregisterMetrics(); // its counts are kept as totals
      storeTime.stop(); // unknown ids waiting to look stored are answered now
      // stops accepting and closes idle keep-alive connections; busy ones close after their answer
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await settledWithin(Promise.all(inFlight), STOP_DRAIN_MS);
      server.closeIdleConnections();
      server.closeAllConnections();
      await closed;
    },
  };
}

const NOT_STORED = "the positions could not be stored; try again later";

function answer(res: http.ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

/** the whole body, or TooLarge as soon as it passes `limit` (by its Content-Length or by what arrived) */
function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit) {
      req.resume(); // not read: the connection closes after the answer
      reject(new TooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners("data");
        req.resume();
        reject(new TooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
    req.on("aborted", () => reject(new Error("aborted")));
  });
}
