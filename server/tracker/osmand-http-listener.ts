// OsmAnd over HTTP (phones running Traccar Client or OsmAnd): a plain node:http server on its own port, apart from
// the dashboard's Next server so a flood of phones cannot slow the dashboard and the port can be closed alone.
// Every request is one upload: decode (protocols/osmand), identify the device id, ingest, and answer 200 only
// once `ingest` resolved, so the app keeps and resends what was not stored. Refusals say why in plain text:
// 400 malformed input, 404 unknown device id, 405 other methods, 413 bodies over the limit, 503 when the store
// (or the lookup) failed, which the app retries.
// Generic over two callbacks so it does not depend on the ingest pipeline; the integrator maps positions on.
// Under attack, like the TCP listeners (docs/ingest.md "Tracker ports under attack"): connections per source
// address are capped, headers and bodies must arrive within deadlines, bodies are bounded, warnings are sampled.
import http from "node:http";
import type net from "node:net";
import type { Logger } from "pino";
import { decodeRequest } from "./protocols/osmand/decoder";
import type { OsmandPosition } from "./protocols/osmand/messages";
import { SampledLog } from "./sampled-log";
import { settledWithin } from "../deadlines";
import { clientAddressKey } from "../http/client-address-key";
import { metrics } from "../metrics/registry";

export const PROTOCOL = "osmand";

/** What the listener needs from the rest of the server. */
export interface OsmandCallbacks<Tracker> {
  /** the provisioned tracker with this device id, or null (the caller records the unknown device) */
  identify(input: { deviceId: string; protocol: string; remoteAddress?: string }): Promise<Tracker | null> | Tracker | null;
  /** stores the positions durably; resolves only once they are stored, rejects when they are not */
  ingest(tracker: Tracker, positions: OsmandPosition[], meta: { protocol: string; receivedAt: number }): Promise<void>;
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
}

/** Defaults of the limits above. The apps send a few hundred bytes per position, a batch a few KiB. */
export const OSMAND_LIMITS = {
  maxBodyBytes: 64 * 1024,
  maxConnectionsPerAddress: 1_000, // a carrier's NAT puts many phones behind one address
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 60_000,
};

/** a graceful stop waits this long for requests being stored before it closes their connections anyway */
export const STOP_DRAIN_MS = 10_000;

export const STATUS = {
  OK: 200,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  SERVICE_UNAVAILABLE: 503,
} as const;

/** What the listener refused since it started, by reason. */
export interface OsmandListenerCounters {
  /** connections refused because their address had maxConnectionsPerAddress open */
  overAddressCap: number;
  /** requests answered 400 */
  malformed: number;
  /** requests answered 404: no tracker has the device id */
  unknownDevices: number;
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
  const counters: OsmandListenerCounters = { overAddressCap: 0, malformed: 0, unknownDevices: 0, tooLarge: 0, storeFailures: 0 };
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

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const remoteAddress = req.socket.remoteAddress;
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
    let tracker: Tracker | null;
    try {
      tracker = await callbacks.identify({ deviceId: decoded.deviceId, protocol: PROTOCOL, remoteAddress });
    } catch (error) {
      counters.storeFailures++;
      logger.error({ err: error, remoteAddress }, "osmand device lookup failed");
      return reply(res, STATUS.SERVICE_UNAVAILABLE, "the server could not look the device up; try again later");
    }
    if (!tracker) {
      counters.unknownDevices++;
      warnings.warn("osmand request refused: unknown device id", { remoteAddress });
      return reply(res, STATUS.NOT_FOUND, "unknown device id: add it to an asset as an OsmAnd tracker first");
    }
    try {
      await callbacks.ingest(tracker, decoded.positions, { protocol: PROTOCOL, receivedAt });
    } catch (error) {
      counters.storeFailures++;
      logger.error({ err: error, remoteAddress }, "osmand positions not stored");
      return reply(res, STATUS.SERVICE_UNAVAILABLE, "the positions could not be stored; try again later");
    }
    acknowledged.inc(decoded.positions.length);
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
    const address = clientAddressKey(socket.remoteAddress ?? ""); // an IPv6 source counts by its /64
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

  return {
    server,
    port: (server.address() as net.AddressInfo).port,
    counters,
    close: async () => {
      stopping = true;
      // stops accepting and closes idle keep-alive connections; busy ones close after their answer
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await settledWithin(Promise.all(inFlight), STOP_DRAIN_MS);
      server.closeIdleConnections();
      server.closeAllConnections();
      await closed;
    },
  };
}

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
