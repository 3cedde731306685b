// A Pusher-protocol (version 7) WebSocket server on `ws`, at /app/{key} on the main HTTP port (the spec's {ws_url};
// TLS is the reverse proxy's job). It speaks the protocol and nothing else: the handshake
// (pusher:connection_established with socket_id and activity_timeout), pings both ways, pusher:subscribe and
// pusher:unsubscribe, pusher:error, and close codes (close-codes.ts). Which subscriptions are allowed and what a
// channel carries is the business of a ChannelAuthority (public tracking: public-tracking-gateway.ts).
//
// Limits: connections per client address (a ConnectionCap, counted in Redis across nodes when configured; over it,
// pusher:error 4100 and close 4100, so pusher-js backs off), a cap on message size, and a rate of client messages
// per connection (over it, pusher:error 4301 and the message is dropped).
import { randomInt } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { Logger } from "pino";
import { WebSocket, WebSocketServer } from "ws";
import { clientAddressKey } from "../../http/client-address-key";
import { clientIpFromHeader } from "../../http/request-input";
import type { ConnectionCap } from "../connection-cap";
import { CLOSE_MESSAGES, PusherCloseCode, PusherErrorCode, type CloseCode } from "./close-codes";
import { metrics } from "../../metrics/registry";
import {
  type ClientMessage,
  connectionEstablishedFrame,
  errorFrame,
  parseClientMessage,
  PING_FRAME,
  PONG_FRAME,
  PusherEvent,
  subscriptionSucceededFrame,
  SUPPORTED_PROTOCOLS,
} from "./pusher-frames";

export const PUSHER_PATH_PREFIX = "/app/";

export const PUSHER_LIMITS = {
  /** seconds of silence after which a client pings (sent in the handshake; Pusher's own value) */
  activityTimeoutS: 120,
  /** after a server ping, the client must answer within this */
  pongTimeoutMs: 30_000,
  /** how often silent connections are looked for */
  sweepMs: 15_000,
  /** client messages are small (subscribe, ping); anything larger is not the protocol */
  maxPayloadBytes: 10 * 1024,
  /** client messages per connection: a burst of this many, refilled at this many per second */
  clientMessagesBurst: 20,
  clientMessagesPerSecond: 10,
  /** bytes queued for a socket that does not read, above which new channel frames to it are dropped */
  maxBufferedBytes: 1024 * 1024,
} as const;

export interface PusherConnection {
  readonly socketId: string;
  /** the client's address (X-Forwarded-For's right-most entry behind a trusted proxy) */
  readonly ip: string;
  /** channels this connection is subscribed to */
  readonly channels: Set<string>;
  /** sends an encoded frame (shared by many sockets); skipped for a socket too far behind */
  send(frame: Buffer | string): void;
  /** pusher:error with the code's message, then a close frame with the code */
  close(code: CloseCode, message?: string): void;
  readonly open: boolean;
}

export interface ChannelAuthority {
  /**
   * pusher:subscribe. Resolves true to confirm (the server sends subscription_succeeded and then `afterSubscribe`),
   * false to ignore the request; to refuse, close the connection with a code.
   */
  subscribe(connection: PusherConnection, channel: string, data: { auth?: string; channel_data?: string }): Promise<boolean>;
  afterSubscribe?(connection: PusherConnection, channel: string): void;
  unsubscribe(connection: PusherConnection, channel: string): void;
  disconnected(connection: PusherConnection): void;
}

export interface PusherServerOptions {
  appKey: string;
  authority: ChannelAuthority;
  /** connections per client address */
  ipCap: ConnectionCap;
  /** take the client address from X-Forwarded-For (a trusted reverse proxy sets it) */
  trustProxy: boolean;
  logger: Logger;
}

export interface PusherServerStats {
  connections: number;
  subscriptions: number;
}

export interface PusherServer {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  stats(): PusherServerStats;
  close(): Promise<void>;
}

interface ConnectionState extends PusherConnection {
  ws: WebSocket;
  lastHeardAt: number;
  pingedAt: number | null;
  tokens: number;
  refilledAt: number;
  limitedNotified: boolean;
}

export function createPusherServer(options: PusherServerOptions): PusherServer {
  const { appKey, authority, ipCap, logger } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: PUSHER_LIMITS.maxPayloadBytes, perMessageDeflate: false });
  const connections = new Set<ConnectionState>();
  let closing = false;
  const deliveries = metrics().publicChannelDeliveries;

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const connection of connections) {
      if (connection.pingedAt !== null) {
        if (now - connection.pingedAt > PUSHER_LIMITS.pongTimeoutMs) connection.close(PusherCloseCode.PONG_NOT_RECEIVED);
      } else if (now - connection.lastHeardAt > PUSHER_LIMITS.activityTimeoutS * 1000) {
        connection.pingedAt = now;
        connection.ws.send(PING_FRAME);
      }
    }
  }, PUSHER_LIMITS.sweepMs);
  sweep.unref();

  const admit = (request: IncomingMessage, ws: WebSocket, ip: string, holder: string, socketId: string, admitted: boolean) => {
    const now = Date.now();
    const connection: ConnectionState = {
      socketId,
      ip,
      channels: new Set(),
      ws,
      lastHeardAt: now,
      pingedAt: null,
      tokens: PUSHER_LIMITS.clientMessagesBurst,
      refilledAt: now,
      limitedNotified: false,
      get open() {
        return ws.readyState === WebSocket.OPEN;
      },
      send(frame) {
        if (ws.readyState !== WebSocket.OPEN || ws.bufferedAmount > PUSHER_LIMITS.maxBufferedBytes) return;
        ws.send(frame, { binary: false });
        deliveries.inc();
      },
      close(code, message = CLOSE_MESSAGES[code]) {
        if (ws.readyState !== WebSocket.OPEN) return;
        ws.send(errorFrame(code, message));
        ws.close(code, message);
      },
    };

    const query = new URL(request.url ?? "/", "http://localhost").searchParams;
    const protocol = Number(query.get("protocol"));
    if (!admitted) {
      ws.send(errorFrame(PusherCloseCode.OVER_CAPACITY, CLOSE_MESSAGES[PusherCloseCode.OVER_CAPACITY]));
      ws.close(PusherCloseCode.OVER_CAPACITY, CLOSE_MESSAGES[PusherCloseCode.OVER_CAPACITY]);
      metrics().publicChannelRefusals.inc({ reason: "over_capacity" });
      logger.info({ ip }, "pusher connection refused: over the per-address cap");
      return;
    }
    connections.add(connection);
    ws.on("close", () => {
      connections.delete(connection);
      ipCap.release(holder, socketId);
      authority.disconnected(connection);
    });
    ws.on("error", (error) => logger.debug({ err: error, socketId }, "pusher socket error"));
    if (!(SUPPORTED_PROTOCOLS as readonly number[]).includes(protocol)) {
      metrics().publicChannelRefusals.inc({ reason: "unsupported_protocol" });
      connection.close(PusherCloseCode.UNSUPPORTED_PROTOCOL);
      return;
    }
    ws.on("message", (data, isBinary) => {
      connection.lastHeardAt = Date.now();
      connection.pingedAt = null;
      if (isBinary || !takeToken(connection)) return;
      const message = parseClientMessage(data.toString());
      if (message) void handleMessage(connection, message);
    });
    ws.send(connectionEstablishedFrame(socketId, PUSHER_LIMITS.activityTimeoutS));
  };

  const takeToken = (connection: ConnectionState): boolean => {
    const now = Date.now();
    const refill = ((now - connection.refilledAt) / 1000) * PUSHER_LIMITS.clientMessagesPerSecond;
    connection.tokens = Math.min(PUSHER_LIMITS.clientMessagesBurst, connection.tokens + refill);
    connection.refilledAt = now;
    if (connection.tokens >= 1) {
      connection.tokens -= 1;
      connection.limitedNotified = false;
      return true;
    }
    if (!connection.limitedNotified) {
      connection.limitedNotified = true;
      connection.ws.send(errorFrame(PusherErrorCode.CLIENT_RATE_LIMIT, "Too many messages: slow down; these were dropped."));
    }
    return false;
  };

  const handleMessage = async (connection: ConnectionState, message: ClientMessage) => {
    switch (message.event) {
      case PusherEvent.PING:
        return connection.ws.send(PONG_FRAME);
      case PusherEvent.PONG:
        return;
      case PusherEvent.SUBSCRIBE: {
        const channel = message.data.channel;
        if (typeof channel !== "string" || channel.length === 0 || connection.channels.has(channel)) return;
        const auth = typeof message.data.auth === "string" ? message.data.auth : undefined;
        const channelData = typeof message.data.channel_data === "string" ? message.data.channel_data : undefined;
        try {
          const confirmed = await authority.subscribe(connection, channel, { auth, channel_data: channelData });
          if (!confirmed || !connection.open) return;
          connection.channels.add(channel);
          connection.ws.send(subscriptionSucceededFrame(channel));
          authority.afterSubscribe?.(connection, channel);
        } catch (error) {
          logger.error({ err: error, socketId: connection.socketId }, "pusher subscription failed");
          connection.ws.send(errorFrame(null, "The subscription could not be handled; try again."));
        }
        return;
      }
      case PusherEvent.UNSUBSCRIBE: {
        const channel = message.data.channel;
        if (typeof channel === "string" && connection.channels.delete(channel)) authority.unsubscribe(connection, channel);
        return;
      }
      default:
        if (message.event.startsWith("client-")) {
          connection.ws.send(errorFrame(null, "Client events are not enabled on this server."));
        }
    }
  };

  return {
    handleUpgrade(request, socket, head) {
      const pathname = (request.url ?? "/").split("?")[0]!;
      if (closing || pathname !== `${PUSHER_PATH_PREFIX}${appKey}`) {
        socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
        return;
      }
      const ip = clientAddress(request, options.trustProxy);
      const holder = clientAddressKey(ip); // the cap counts an IPv6 client by its /64; logs keep the address
      // Pusher socket ids are two integers joined by a dot; random, so that nodes never hand out the same one
      const socketId = `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`;
      void ipCap.acquire(holder, socketId).then((admitted) => {
        if (socket.destroyed) {
          if (admitted) ipCap.release(holder, socketId);
          return;
        }
        // over the cap the upgrade still completes, so that the client reads the protocol's error and backs off
        wss.handleUpgrade(request, socket, head, (ws) => admit(request, ws, ip, holder, socketId, admitted));
      });
    },
    stats() {
      let subscriptions = 0;
      for (const connection of connections) subscriptions += connection.channels.size;
      return { connections: connections.size, subscriptions };
    },
    async close() {
      closing = true;
      clearInterval(sweep);
      for (const connection of connections) connection.ws.close(1001, "Server shutting down.");
      for (const connection of connections) connection.ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await ipCap.close();
    },
  };
}

/** the client's address: the socket's, or X-Forwarded-For's right-most entry when a trusted proxy sets it */
function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = clientIpFromHeader(request.headers["x-forwarded-for"]);
    if (forwarded) return forwarded;
  }
  return request.socket.remoteAddress ?? "unknown";
}
