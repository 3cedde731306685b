// The live stream on a port of its own (STREAM_PORT), for deployments that give the spec's {avl_url} its own host
// name, separate from the REST API. Only socket.io's path is served there (long-polling and WebSocket upgrades);
// anything else is a 404. The stream stays available on the main port too, so one origin keeps working.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SOCKET_IO_PATH, type LiveStreamServer } from "./socket-io";

export interface LiveStreamListener {
  port: number;
  close(): Promise<void>;
}

const NOT_FOUND = JSON.stringify({ message: "Not found. This port serves only the live stream at /socket.io/." });

export async function startLiveStreamListener(options: { host: string; port: number; live: LiveStreamServer }): Promise<LiveStreamListener> {
  const prefix = `${SOCKET_IO_PATH}/`;
  const isStream = (url: string | undefined) => (url ?? "/").split("?")[0]!.startsWith(prefix);
  const server: Server = createServer((request, response) => {
    if (isStream(request.url)) return options.live.handleRequest(request, response);
    response.writeHead(404, { "content-type": "application/json" }).end(NOT_FOUND);
  });
  server.on("upgrade", (request, socket, head) => {
    if (isStream(request.url)) return options.live.handleUpgrade(request, socket, head);
    socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
