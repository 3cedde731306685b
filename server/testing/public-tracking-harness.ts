// Test support for public tracking over real sockets: the real server (startFleetline without Next.js, with the
// public REST routes served by their own handlers), viewers on the real pusher-js client, and Teltonika devices over
// TCP. Used by the public tracking suites and the public fan-out benchmark.
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import Pusher from "pusher-js";
import { env as processEnv, parseEnv, setEnv } from "../env";
import { startFleetline, type RunningServer } from "../server";
import { PUBLIC_TRACKING_APP_KEY } from "../modules/tracking-links/public-channel";
import { encodeLogin, encodeTcpPacket8E, type RecordToEncode } from "../tracker/protocols/teltonika/avl-encoder";
import { freePort } from "./free-port";
import { servePublicTrackingRoutes } from "./public-tracking-routes";
import { pollUntil } from "./poll-until";

export interface TrackingServer {
  running: RunningServer;
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  teltonikaPort: number;
  dataDir: string;
  close(): Promise<void>;
}

/** the real server on an embedded in-memory-free PGlite (or DATABASE_URL in `env`), with its own DATA_DIR */
export async function startTrackingServer(env: Record<string, string> = {}): Promise<TrackingServer> {
  const teltonikaPort = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "fleetline-tracking-"));
  const config = parseEnv({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    GT06_PORT: "0", OSMAND_PORT: "0",
    TELTONIKA_PORT: String(teltonikaPort),
    LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
    FLEET_DEMO: "0",
    DATA_DIR: dataDir,
    ...env,
  });
  // modules read the process environment (the mailer's outbox, rate-limit stores): this server's, while it runs
  const previous = processEnv();
  setEnv(config);
  const running = await startFleetline(config, { next: false, fallback: servePublicTrackingRoutes });
  const url = `http://127.0.0.1:${running.port}`;
  return {
    running,
    url,
    port: running.port,
    teltonikaPort,
    dataDir,
    async close() {
      await running.stop();
      setEnv(previous);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** pusher-js's connection options for a local server over plain WebSocket; the channel authorisation is the caller's */
export function localPusherConnection(url: string) {
  const { hostname, port } = new URL(url);
  return { wsHost: hostname, wsPort: Number(port), forceTLS: false, enabledTransports: ["ws" as const], cluster: "", disableStats: true };
}

/** the options an integrator's page passes to pusher-js (spec, Endpoints: channel connection), for a local server */
export function pusherOptions(url: string, sessionToken: string) {
  return {
    ...localPusherConnection(url),
    channelAuthorization: {
      endpoint: `${url}/broadcasting/auth`,
      transport: "ajax" as const,
      headers: { "X-Session-Token": sessionToken },
    },
  };
}

export interface ViewerEvent {
  event: string;
  data: unknown;
}

/** a viewer on pusher-js, subscribed to one link's channel, recording what it hears */
export function connectViewer(url: string, uuid: string, sessionToken: string) {
  const pusher = new Pusher(PUBLIC_TRACKING_APP_KEY, pusherOptions(url, sessionToken));
  const channel = pusher.subscribe(`private-tracking.${uuid}`);
  const events: ViewerEvent[] = [];
  const errors: Array<{ code: number | null; message: string }> = [];
  channel.bind_global((event: string, data: unknown) => events.push({ event, data }));
  pusher.connection.bind("error", (error: { data?: { code?: number; message?: string } }) => {
    if (error?.data) errors.push({ code: error.data.code ?? null, message: error.data.message ?? "" });
  });
  const waitFor = <T>(what: string, probe: () => T | undefined, timeoutMs = 10_000) => waitUntil(what, probe, timeoutMs);
  return {
    pusher,
    channel,
    events,
    errors,
    subscribed: () => waitFor("subscription", () => (channel.subscribed ? true : undefined)),
    /** the first event of that name after `from` events, with its data */
    next: (event: string, from = 0) => waitFor(event, () => events.slice(from).find((e) => e.event === event)?.data),
    /** the close code the server gave (pusher-js reports it as an error), once the connection ended */
    closedWith: () => waitFor("close code", () => errors.find((error) => (error.code ?? 0) >= 4000)?.code),
    disconnect: () => pusher.disconnect(),
  };
}

export type Viewer = ReturnType<typeof connectViewer>;

export function waitUntil<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  return pollUntil(what, probe, timeoutMs);
}

/** a Teltonika device on TCP: logs in, then sends records and waits for each acknowledgement */
export async function trackingDevice(port: number, imei: string) {
  const socket = net.connect({ host: "127.0.0.1", port });
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const reply = () => new Promise<Buffer>((resolve) => socket.once("data", (chunk: Buffer) => resolve(chunk)));
  socket.write(encodeLogin(imei));
  if ((await reply())[0] !== 1) throw new Error(`the server refused the login of ${imei}`);
  return {
    async send(record: Partial<RecordToEncode> & { timestamp: number; latitude: number; longitude: number }) {
      socket.write(
        encodeTcpPacket8E([
          { priority: 0, altitude: 110, angle: 90, satellites: 12, speed: 0, eventIoId: 0, io: { u8: { 239: 1 } }, ...record },
        ]),
      );
      const ack = await reply();
      if (ack.readUInt32BE(0) !== 1) throw new Error("the record was not acknowledged");
    },
    close: () => socket.destroy(),
  };
}
