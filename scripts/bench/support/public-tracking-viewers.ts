// Public tracking viewers for the public-tracking benchmark, run as their own process (their sockets and JSON parsing
// are not the server's). A lean Pusher-protocol (7) client on `ws`, doing what pusher-js does for a private channel:
// open the WebSocket, read socket_id from pusher:connection_established, POST /broadcasting/auth (form-encoded, with
// X-Session-Token), send pusher:subscribe with the `auth`, and count the viewer connected on
// pusher_internal:subscription_succeeded. Each viewer sends its own X-Forwarded-For address on the upgrade and on the
// auth request (the bench server trusts the proxy header), so the per-address limits are not what is measured.
//
// Spawned with an IPC channel: the options arrive as the first message; it connects every viewer in waves, answers
// {type:"connected"} once all have subscribed (or failed), records [arrival time, viewer index, fix time] for every
// location.updated until told {type:"stop"}, then prints one JSON line of counts and samples and exits.
import http from "node:http";
import { WebSocket } from "ws";

interface Options {
  port: number;
  viewers: { uuid: string; token: string; ip: string }[];
}

const options = await new Promise<Options>((resolve) => process.once("message", (message) => resolve(message as Options)));

const CONNECT_WAVE = 50;
const CONNECT_TIMEOUT_MS = 30_000;
// one connection per auth request: reusing idle keep-alive sockets races the server closing them (ECONNRESET)
const agent = new http.Agent({ keepAlive: false, maxSockets: CONNECT_WAVE });
const sockets: WebSocket[] = [];
let connected = 0;
/** indices of the viewers that could not subscribe */
const failed: number[] = [];
let deliveries = 0;
/** viewers whose connection ended after they had subscribed, by close code */
const dropped: Record<string, number> = {};
/** why viewers could not subscribe */
const failures: Record<string, number> = {};
/** flat triples: arrival (epoch ms), viewer index in this process, fix time of the location (epoch ms) */
const samples: number[] = [];

const count = (into: Record<string, number>, reason: string) => (into[reason] = (into[reason] ?? 0) + 1);

/** POST /broadcasting/auth as pusher-js does; resolves with the `auth` signature */
function authorize(viewer: Options["viewers"][number], socketId: string, channel: string): Promise<string> {
  const body = `socket_id=${encodeURIComponent(socketId)}&channel_name=${encodeURIComponent(channel)}`;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: options.port,
        path: "/broadcasting/auth",
        method: "POST",
        agent,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          "x-session-token": viewer.token,
          "x-forwarded-for": viewer.ip,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          if (response.statusCode !== 200) return reject(new Error(`auth ${response.statusCode}`));
          try {
            resolve((JSON.parse(text) as { auth: string }).auth);
          } catch {
            reject(new Error("auth unreadable"));
          }
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

function connect(viewer: Options["viewers"][number], index: number): Promise<void> {
  return new Promise((resolve) => {
    const channel = `private-tracking.${viewer.uuid}`;
    const ws = new WebSocket(`ws://127.0.0.1:${options.port}/app/public-tracking?protocol=7&client=bench&version=1`, {
      headers: { "x-forwarded-for": viewer.ip },
      perMessageDeflate: false,
    });
    sockets.push(ws);
    let subscribed = false;
    let settled = false;
    const settle = (failure?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (failure) {
        count(failures, failure);
        failed.push(index);
        ws.terminate();
      } else {
        connected++;
      }
      resolve();
    };
    const timer = setTimeout(() => settle("timeout"), CONNECT_TIMEOUT_MS);
    ws.on("message", (raw) => {
      const arrival = Date.now();
      const message = JSON.parse(raw.toString()) as { event: string; channel?: string; data?: unknown };
      switch (message.event) {
        case "location.updated": {
          deliveries++;
          const { location } = JSON.parse(message.data as string) as { location: { timestamp: string } };
          samples.push(arrival, index, Date.parse(location.timestamp));
          return;
        }
        case "pusher:connection_established": {
          const { socket_id: socketId } = JSON.parse(message.data as string) as { socket_id: string };
          authorize(viewer, socketId, channel)
            // a network error (not an answer) is tried once more, as a page would on a flaky connection
            .catch((error: Error) => (error.message.startsWith("auth ") ? Promise.reject(error) : authorize(viewer, socketId, channel)))
            .then(
            (auth) => ws.send(JSON.stringify({ event: "pusher:subscribe", data: { channel, auth } })),
            (error: Error) => settle(error.message.startsWith("auth ") ? error.message : `auth request: ${error.message}`),
          );
          return;
        }
        case "pusher_internal:subscription_succeeded":
          subscribed = true;
          return settle();
        case "pusher:error": {
          const code = (message.data as { code?: number | null } | undefined)?.code ?? null;
          if (!subscribed) settle(`pusher:error ${code}`);
          return;
        }
      }
    });
    ws.on("error", (error: NodeJS.ErrnoException) => settle(`websocket: ${error.code ?? error.message}`));
    ws.on("close", (code) => {
      if (subscribed) count(dropped, String(code));
      else settle(`closed ${code}`);
    });
  });
}

for (let i = 0; i < options.viewers.length; i += CONNECT_WAVE) {
  await Promise.all(options.viewers.slice(i, i + CONNECT_WAVE).map((viewer, j) => connect(viewer, i + j)));
}
process.send?.({ type: "connected", connected, failures, failed });
await new Promise<void>((resolve) => process.on("message", (message: { type?: string }) => message.type === "stop" && resolve()));
process.stdout.write(JSON.stringify({ connected, deliveries, failures, dropped, samples }) + "\n", () => {
  for (const ws of sockets) ws.terminate();
  agent.destroy();
  process.exit(0);
});
