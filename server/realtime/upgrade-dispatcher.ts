// Every WebSocket upgrade on the HTTP server goes through here and is routed by path: socket.io (`/socket.io/`),
// the Pusher-protocol server (`/app/{key}`), the report-status socket (`/reporting`), and Next.js (dev HMR). Nothing else listens for `upgrade`, so no
// handler destroys a socket another one owns (stack.md trap 10).
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

export interface UpgradeRoute {
  /** path prefix, e.g. "/socket.io/" */
  prefix: string;
  handle: UpgradeHandler;
}

export function createUpgradeDispatcher(routes: UpgradeRoute[], fallback?: UpgradeHandler): UpgradeHandler {
  return (request, socket, head) => {
    const pathname = (request.url ?? "/").split("?")[0]!;
    const route = routes.find((candidate) => pathname.startsWith(candidate.prefix));
    if (route) return route.handle(request, socket, head);
    if (fallback) return fallback(request, socket, head);
    socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
  };
}
