// Stream clients for the live-stream benchmark, run as their own process (their sockets and JSON parsing are not
// the server's). Spawned with an IPC channel: the options arrive as the first message; it connects every client
// (socket.io-client over WebSocket), answers {type:"connected"} once each has its first message, records the
// latency of every later location frame (now - receivedAt, the server's TCP receipt time; same machine clock) until
// told {type:"stop"}, then prints one JSON line of counts and samples and exits.
import { io, type Socket } from "socket.io-client";

interface Options {
  url: string;
  /** address: the client address the stream should count it under (X-Forwarded-For; the server trusts the proxy) */
  clients: { token: string; assetIds: number[]; address: string }[];
  style: "detailed" | "standard";
}

const options = await new Promise<Options>((resolve) => process.once("message", (message) => resolve(message as Options)));

const CONNECT_WAVE = 50;
const sockets: Socket[] = [];
let deliveries = 0;
let refused = 0;
/** why clients were refused, with counts (the handshake's error message) */
const reasons: Record<string, number> = {};
/** [receive time, latency ms] per frame */
const samples: [number, number][] = [];

function connect(client: Options["clients"][number]): Promise<void> {
  return new Promise((resolve) => {
    const query: Record<string, string> = { access_token: client.token, asset_ids: JSON.stringify(client.assetIds) };
    if (options.style === "detailed") query.style = "detailed";
    const socket = io(options.url, { path: "/socket.io", query, transports: ["websocket"], reconnection: false, forceNew: true, extraHeaders: { "x-forwarded-for": client.address } });
    sockets.push(socket);
    socket.once("connect_error", (error) => {
      refused++;
      reasons[error.message] = (reasons[error.message] ?? 0) + 1;
      resolve();
    });
    socket.on("location", (message: { receivedAt?: number } | unknown[]) => {
      if (Array.isArray(message)) return resolve(); // the first message
      const now = Date.now();
      deliveries++;
      const receivedAt = (message as { receivedAt?: number }).receivedAt;
      if (typeof receivedAt === "number") samples.push([now, now - receivedAt]);
    });
  });
}

for (let i = 0; i < options.clients.length; i += CONNECT_WAVE) {
  await Promise.all(options.clients.slice(i, i + CONNECT_WAVE).map(connect));
}
process.send?.({ type: "connected", connected: sockets.length - refused, refused, reasons });
await new Promise<void>((resolve) => process.on("message", (message: { type?: string }) => message.type === "stop" && resolve()));
process.stdout.write(JSON.stringify({ deliveries, refused, samples }) + "\n", () => {
  for (const socket of sockets) socket.disconnect();
  process.exit(0);
});
