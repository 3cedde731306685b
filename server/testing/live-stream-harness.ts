// Test support for the live stream: a real HTTP server with the real socket.io server and gateway on a loopback
// port, and real socket.io-client connections that record every event. Positions are published on a real hub (or
// come through the real tracker pipeline), exactly as in production.
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { io as connectClient, type Socket as ClientSocket } from "socket.io-client";
import { env } from "../env";
import { createMemoryHub, setHub, type Hub } from "../hub";
import type { RateLimit } from "../security/rate-limit";
import { randomId } from "../security/random";
import type { Clock } from "../modules/stream/clock";
import { startLiveStream } from "../realtime/live-stream";
import type { LiveStreamGateway } from "../realtime/live-stream-gateway";
import { createSocketIoServer, SOCKET_IO_PATH, type LiveStreamServer } from "../realtime/socket-io";

export interface RecordedEvent {
  event: string;
  payload: unknown;
}

/** the error a refused handshake gives the client */
export interface ConnectError extends Error {
  data?: { code?: string };
}

export class StreamClient {
  readonly events: RecordedEvent[] = [];
  private waiters: { match: (e: RecordedEvent) => boolean; resolve: (e: RecordedEvent) => void }[] = [];
  readonly first: Promise<unknown[]>;

  constructor(readonly socket: ClientSocket) {
    socket.onAny((event: string, payload: unknown) => {
      const recorded = { event, payload };
      this.events.push(recorded);
      for (const waiter of [...this.waiters]) {
        if (waiter.match(recorded)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(recorded);
        }
      }
    });
    this.first = new Promise((resolve, reject) => {
      socket.once("connect_error", reject);
      void this.next((e) => e.event === "location").then((e) => resolve(e.payload as unknown[]));
    });
    this.first.catch(() => {}); // read by the test when it cares
  }

  /** the first recorded event (already received or still to come) that matches */
  next(match: (e: RecordedEvent) => boolean): Promise<RecordedEvent> {
    const found = this.events.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  /** a later location frame (single object) of `assetId` with exactly this wsSeq */
  frame(assetId: number, wsSeq: number): Promise<Record<string, unknown>> {
    return this.next((e) => e.event === "location" && !Array.isArray(e.payload) && isFrame(e.payload, assetId, wsSeq)).then(
      (e) => e.payload as Record<string, unknown>,
    );
  }

  /** wsSeqs of the single-object location frames received so far for `assetId` */
  seqs(assetId: number): number[] {
    return this.events
      .filter((e) => e.event === "location" && !Array.isArray(e.payload) && (e.payload as { assetId: number }).assetId === assetId)
      .map((e) => (e.payload as { wsSeq: number }).wsSeq);
  }

  eventsNamed(event: string): unknown[] {
    return this.events.filter((e) => e.event === event).map((e) => e.payload);
  }

  /** resolves with the refusal, rejects when the connection was accepted */
  refused(): Promise<ConnectError> {
    return this.first.then(
      () => {
        throw new Error("expected the connection to be refused");
      },
      (error: ConnectError) => error,
    );
  }

  close(): void {
    this.socket.disconnect();
  }
}

function isFrame(payload: unknown, assetId: number, wsSeq: number): boolean {
  const frame = payload as { assetId?: number; wsSeq?: number };
  return frame.assetId === assetId && frame.wsSeq === wsSeq;
}

/** a socket.io-client connection to the live stream at `url` (no automatic reconnection: tests decide) */
export function connectStream(url: string, query: Record<string, string | undefined>, options: { transports?: string[] } = {}): StreamClient {
  const defined = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as Record<string, string>;
  const socket = connectClient(url, {
    path: SOCKET_IO_PATH,
    query: defined,
    transports: options.transports ?? ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  return new StreamClient(socket);
}

export interface StreamHarness {
  url: string;
  hub: Hub;
  live: LiveStreamServer;
  gateway: LiveStreamGateway;
  connect(query: Record<string, string | undefined>, options?: { transports?: string[] }): StreamClient;
  close(): Promise<void>;
}

export async function startStreamHarness(
  options: {
    clock?: Clock;
    hub?: Hub;
    redisUrl?: string;
    maxConnectionsPerAccount?: number;
    maxBufferedPackets?: number;
    /** Redis key prefix of the connection cap (tests isolate themselves from other runs on the same Redis) */
    capKeyPrefix?: string;
    /** installs the hub as the process hub (revocations are published there) */
    installHub?: boolean;
    /** handshakes per address a minute; by default a generous budget of this harness's own, so suites never share one */
    handshakeRateLimit?: RateLimit | false;
  } = {},
): Promise<StreamHarness> {
  const hub = options.hub ?? createMemoryHub();
  if (options.installHub !== false) setHub(hub);
  const live = await createSocketIoServer({ redisUrl: options.redisUrl });
  const http: HttpServer = createServer((request, response) => live.handleRequest(request, response));
  http.on("upgrade", (request, socket, head) => live.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const gateway = await startLiveStream({
    io: live.io,
    hub,
    redisUrl: options.redisUrl,
    maxConnectionsPerAccount: options.maxConnectionsPerAccount ?? 5,
    logger: pino({ level: env().LOG_LEVEL }),
    clock: options.clock,
    maxBufferedPackets: options.maxBufferedPackets,
    capKeyPrefix: options.capKeyPrefix,
    handshakeRateLimit: options.handshakeRateLimit ?? { name: `stream-handshake-${randomId(8)}`, points: 1_000, duration: 60 },
  });
  await hub.ready();
  const clients: StreamClient[] = [];
  return {
    url,
    hub,
    live,
    gateway,
    connect(query, connectOptions = {}) {
      const client = connectStream(url, query, connectOptions);
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients) client.close();
      await gateway.close();
      await live.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      if (options.installHub !== false) setHub(undefined);
      if (!options.hub) await hub.close();
    },
  };
}

/** handshake query for asset ids and options, as a client library would build it */
export function streamQuery(token: string, assetIds: unknown[], extra: { style?: string; channels?: string } = {}) {
  return { access_token: token, asset_ids: JSON.stringify(assetIds), ...extra };
}
