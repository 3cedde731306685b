// The socket.io server of the live stream ({avl_url}, path /socket.io). Its engine is bound by hand rather than
// attached to the HTTP server, so HTTP long-polling and WebSocket upgrades reach it only through our own request
// handler and upgrade dispatcher. With REDIS_URL it uses the Redis adapter so broadcasts reach every node.
// Its middleware and handlers are registered by the live stream gateway (server/realtime/live-stream-gateway.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { createAdapter } from "@socket.io/redis-adapter";
import { Server as EngineServer } from "engine.io";
import { createClient } from "redis";
import { redisClientOptions } from "../redis-options";
import { Server } from "socket.io";
import { closeRedisClient, type ClosableRedisClient } from "../redis-close";

export const SOCKET_IO_PATH = "/socket.io";

export interface LiveStreamServer {
  io: Server;
  handleRequest(request: IncomingMessage, response: ServerResponse): void;
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

export async function createSocketIoServer(options: {
  redisUrl?: string;
  onError?: (error: Error) => void;
}): Promise<LiveStreamServer> {
  // Neither `path` nor `destroyUpgrade` apply: the engine is never attached to the HTTP server; our request handler
  // and upgrade dispatcher hand it only what is under /socket.io/.
  const engine = new EngineServer({
    cors: { origin: true, credentials: false },
  });
  const io = new Server({ path: SOCKET_IO_PATH, serveClient: false });
  io.bind(engine);

  const redisClients: ClosableRedisClient[] = [];
  if (options.redisUrl) {
    const onError = options.onError ?? (() => {});
    const pub = createClient(redisClientOptions(options.redisUrl));
    const sub = createClient(redisClientOptions(options.redisUrl, "subscriber"));
    for (const client of [pub, sub]) client.on("error", onError);
    // the adapter sends these without handling a rejection: with no offline queue a publish during an outage rejects
    // at once, its subscribes are rejected when the connection drops before Redis answers them, and the unsubscribes
    // of its close() are rejected ("Disconnects client") when a client still reconnecting after an outage is
    // destroyed at shutdown. Each must be reported, not left to crash the process as an unhandled rejection (a
    // graceful stop that exits 1).
    reportRejections(pub, ["publish"], onError);
    reportRejections(sub, ["subscribe", "pSubscribe", "sSubscribe", "unsubscribe", "pUnsubscribe", "sUnsubscribe"], onError);
    await Promise.all([pub.connect(), sub.connect()]);
    redisClients.push(pub, sub);
    // the adapter's typings lag behind redis 6's client generics; the runtime API is the same
    io.adapter(createAdapter(pub as never, sub as never));
  }

  return {
    io,
    handleRequest: (request, response) => engine.handleRequest(request, response),
    handleUpgrade: (request, socket, head) => engine.handleUpgrade(request, socket, head),
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      engine.close();
      await Promise.all(redisClients.map((client) => closeRedisClient(client)));
    },
  };
}

/** replaces each named command of `client` with one that reports its rejection to `onError` and resolves instead */
function reportRejections(client: object, commands: string[], onError: (error: Error) => void) {
  const methods = client as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const command of commands) {
    const original = methods[command]!.bind(client);
    methods[command] = (...args: unknown[]) =>
      original(...args).catch((error: Error) => {
        onError(error);
        return 0;
      });
  }
}
