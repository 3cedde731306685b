// The report-status socket at /reporting on the HTTP port (the spec's {reporting_ws_url}; docs/reports.md "Job status
// over WebSocket"). A plain WebSocket (`ws`) carrying JSON text messages. Authentication is the REST API's OAuth
// bearer token with reports:read: in the upgrade's Authorization header, or (browsers cannot set headers) as the
// first message {"type": "auth", "token": "..."} within 5 s; never in the URL, which proxies log. After it the server
// sends {"type": "ready"} and then one {"type": "job", "job": {...}} per change of any of the account's jobs
// (queued, running with progress, done, failed) and {"type": "job.deleted", "id": n} when one is cancelled or
// removed, whichever node made the change (hub event report-job.changed). Close codes: reporting-close-codes.ts.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { Logger } from "pino";
import { WebSocket, WebSocketServer } from "ws";
import type { Hub, HubEvents } from "../hub";
import { authenticateAccessToken, type AuthenticatedClient } from "../modules/oauth/authenticate-access-token";
import { forgetOAuthClient } from "../modules/oauth/find-active-oauth-client";
import { ReportingCloseCode, REPORTING_CLOSE_REASONS, type ReportingCloseCodeValue } from "./reporting-close-codes";

export const REPORTING_PATH = "/reporting";

export const REPORTING_LIMITS = {
  /** a socket without an Authorization header must authenticate within this */
  authTimeoutMs: 5_000,
  /** the server pings this often; a socket that did not answer the previous ping is closed */
  pingIntervalMs: 30_000,
  /** client messages are tiny (auth, ping) */
  maxPayloadBytes: 16 * 1024,
  /** open sockets of one account on one node (tabs, integrations); one more is closed with 4029 */
  connectionsPerAccount: 20,
  /** a token longer than this is not one of ours */
  maxTokenLength: 4096,
} as const;

/** what the server sends */
export type ReportingServerMessage =
  | { type: "ready"; account_key: string }
  | { type: "job"; job: NonNullable<HubEvents["report-job.changed"]["job"]> }
  | { type: "job.deleted"; id: number }
  | { type: "pong" }
  | { type: "error"; code: "BAD_MESSAGE"; message: string };

export interface ReportingSocketServer {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  stats(): { connections: number };
  close(): Promise<void>;
}

interface Connection {
  ws: WebSocket;
  auth: AuthenticatedClient | null;
  /** kept (in memory only) to check the token again when its client's scopes or secret change */
  token: string | null;
  alive: boolean;
  expiryTimer: NodeJS.Timeout | null;
}

export function createReportingSocketServer(options: {
  hub: Hub;
  logger: Logger;
  /** the clock for token expiry (tests) */
  now?: () => number;
  pingIntervalMs?: number;
  authTimeoutMs?: number;
}): ReportingSocketServer {
  const { hub, logger } = options;
  const now = options.now ?? Date.now;
  const wss = new WebSocketServer({ noServer: true, maxPayload: REPORTING_LIMITS.maxPayloadBytes, perMessageDeflate: false });
  const connections = new Set<Connection>();
  let closing = false;

  const send = (connection: Connection, message: ReportingServerMessage) => {
    if (connection.ws.readyState === WebSocket.OPEN) connection.ws.send(JSON.stringify(message));
  };
  const close = (connection: Connection, code: ReportingCloseCodeValue) => {
    if (connection.expiryTimer) clearTimeout(connection.expiryTimer);
    if (connection.ws.readyState === WebSocket.OPEN || connection.ws.readyState === WebSocket.CONNECTING) {
      connection.ws.close(code, REPORTING_CLOSE_REASONS[code]);
    }
  };

  /** a token to its client, or the close code that refuses it */
  const admit = async (token: string | null): Promise<AuthenticatedClient | ReportingCloseCodeValue> => {
    if (!token || token.length > REPORTING_LIMITS.maxTokenLength) return ReportingCloseCode.UNAUTHENTICATED;
    const auth = await authenticateAccessToken(token).catch((error: unknown) => {
      logger.warn({ err: error }, "reporting socket: token check failed");
      return null;
    });
    if (!auth) return ReportingCloseCode.UNAUTHENTICATED;
    if (!auth.scopes.includes("reports:read")) return ReportingCloseCode.INSUFFICIENT_SCOPE;
    return auth;
  };

  const authenticated = (connection: Connection, auth: AuthenticatedClient) => {
    connection.auth = auth;
    // a token ends at its exp, socket or not (access tokens live a year, so the timer is capped and re-armed)
    const armExpiry = () => {
      const left = auth.claims.expiresAt * 1000 - now();
      if (left <= 0) return close(connection, ReportingCloseCode.TOKEN_EXPIRED);
      connection.expiryTimer = setTimeout(armExpiry, Math.min(left, 2 ** 31 - 1)).unref();
    };
    armExpiry();
    if (connection.ws.readyState !== WebSocket.OPEN) return;
    logger.info({ clientId: auth.client.clientId, accountId: auth.account.id }, "reporting socket connected");
    send(connection, { type: "ready", account_key: auth.account.key });
  };

  wss.on("connection", (ws: WebSocket, request: IncomingMessage) => {
    const connection: Connection = { ws, auth: null, token: null, alive: true, expiryTimer: null };
    connections.add(connection);
    let pending = true; // authentication under way (header) or awaited (first message)
    ws.on("pong", () => (connection.alive = true));
    ws.on("close", () => {
      connections.delete(connection);
      if (connection.expiryTimer) clearTimeout(connection.expiryTimer);
    });
    ws.on("error", (error) => logger.debug({ err: error }, "reporting socket error"));

    const header = request.headers.authorization;
    const authTimer = setTimeout(() => {
      if (!connection.auth) close(connection, ReportingCloseCode.AUTH_TIMEOUT);
    }, options.authTimeoutMs ?? REPORTING_LIMITS.authTimeoutMs).unref();
    ws.once("close", () => clearTimeout(authTimer));

    const start = async (token: string | null) => {
      const result = await admit(token);
      clearTimeout(authTimer);
      if (typeof result === "number") return close(connection, result);
      const open = [...connections].filter((other) => other.auth?.account.id === result.account.id).length;
      if (open >= REPORTING_LIMITS.connectionsPerAccount) return close(connection, ReportingCloseCode.TOO_MANY_CONNECTIONS);
      connection.token = token;
      authenticated(connection, result);
    };
    if (header !== undefined) void start(/^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? null);
    else pending = false;

    ws.on("message", (data, isBinary) => {
      let message: { type?: unknown; token?: unknown };
      try {
        if (isBinary) throw new Error("binary");
        message = JSON.parse(data.toString("utf8")) as typeof message;
        if (!message || typeof message !== "object") throw new Error("not an object");
      } catch {
        return send(connection, { type: "error", code: "BAD_MESSAGE", message: "Messages are JSON objects with a type: auth or ping." });
      }
      if (message.type === "ping") return send(connection, { type: "pong" });
      if (message.type === "auth" && !connection.auth && !pending) {
        pending = true;
        return void start(typeof message.token === "string" ? message.token : null);
      }
      if (message.type === "auth") {
        return send(connection, { type: "error", code: "BAD_MESSAGE", message: "Already authenticated (or authenticating)." });
      }
      send(connection, { type: "error", code: "BAD_MESSAGE", message: `Unknown message type; the server accepts auth and ping.` });
    });
  });

  // a socket that did not answer the previous ping is gone (a dead network path never says so)
  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) {
        close(connection, ReportingCloseCode.PONG_TIMEOUT);
        connection.ws.terminate();
        continue;
      }
      connection.alive = false;
      if (connection.ws.readyState === WebSocket.OPEN) connection.ws.ping();
    }
  }, options.pingIntervalMs ?? REPORTING_LIMITS.pingIntervalMs).unref();

  /** the connections of a client (by its row id) or of an account checked again; those that fail are closed */
  const recheck = async (match: (auth: AuthenticatedClient) => boolean, revokedCode: ReportingCloseCodeValue) => {
    for (const connection of [...connections]) {
      const { auth, token } = connection;
      if (!auth || !token || !match(auth)) continue;
      forgetOAuthClient(auth.client.clientId);
      const result = await authenticateAccessToken(token).catch(() => null);
      if (!result) close(connection, revokedCode);
      else if (!result.scopes.includes("reports:read")) close(connection, ReportingCloseCode.INSUFFICIENT_SCOPE);
      else connection.auth = result;
    }
  };

  const unsubscribers = [
    hub.subscribe("report-job.changed", (event) => {
      const message: ReportingServerMessage = event.job ? { type: "job", job: event.job } : { type: "job.deleted", id: event.jobId };
      const text = JSON.stringify(message);
      for (const connection of connections) {
        if (connection.auth?.account.id === event.accountId && connection.ws.readyState === WebSocket.OPEN) connection.ws.send(text);
      }
    }),
    hub.subscribe("credentials.revoked", (event) => {
      if (event.kind !== "oauth_client") return;
      for (const connection of connections) {
        if (connection.auth?.client.id === event.id) close(connection, ReportingCloseCode.CREDENTIALS_REVOKED);
      }
    }),
    hub.subscribe("credentials.changed", (event) => {
      if (event.change === "name") return;
      void recheck((auth) => auth.client.id === event.id, ReportingCloseCode.CREDENTIALS_REVOKED);
    }),
    hub.subscribe("member.changed", (event) => {
      void recheck((auth) => auth.account.id === event.accountId && auth.userId === event.userId, ReportingCloseCode.CREDENTIALS_REVOKED);
    }),
  ];

  return {
    handleUpgrade(request, socket, head) {
      const pathname = (request.url ?? "/").split("?")[0];
      if (closing || pathname !== REPORTING_PATH) {
        socket.end(`HTTP/1.1 ${closing ? "503 Service Unavailable" : "404 Not Found"}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request));
    },
    stats: () => ({ connections: connections.size }),
    async close() {
      closing = true;
      clearInterval(heartbeat);
      for (const unsubscribe of unsubscribers) unsubscribe();
      const closed = [...connections].map(
        (connection) => new Promise<void>((resolve) => (connection.ws.readyState === WebSocket.CLOSED ? resolve() : connection.ws.once("close", () => resolve()))),
      );
      for (const connection of connections) close(connection, ReportingCloseCode.GOING_AWAY);
      // a peer that never answers the close handshake is cut after a moment
      const cut = setTimeout(() => connections.forEach((connection) => connection.ws.terminate()), 2_000).unref();
      await Promise.all(closed);
      clearTimeout(cut);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
