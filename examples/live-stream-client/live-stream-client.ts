// A small Fleetline live-stream client (socket.io-client 4): connects with a token and asset ids, keeps the newest
// position per asset (PositionBook: the first message is an array, later ones objects; duplicates and older frames
// by (assetId, wsSeq) skipped), and reconnects with backoff, reusing its token until the server says it is invalid.
//   - Network drops: socket.io-client reconnects by itself, with the backoff configured below.
//   - Refusals (connect_error with data.code) and server-side disconnects: socket.io-client does not retry those,
//     so this client decides (reconnect-policy.ts): retry later, fetch a new token first, or stop.
import { io, type Socket } from "socket.io-client";
import { PositionBook, type LocationFrame } from "./position-book";
import { DEFAULT_BACKOFF, onRefusal, reconnectDelay, type BackoffOptions } from "./reconnect-policy";

export interface LiveStreamClientOptions {
  /** the server's origin, e.g. http://localhost:3000 */
  url: string;
  /** access token from POST /oauth/token (scope stream:read); reused for every reconnect */
  token: string;
  assetIds: number[];
  /** "detailed": the full record, on a plan with the detailed tier */
  style?: "detailed";
  /** extra channels: alert, vehicle_health, driver_behavior (location is always on) */
  channels?: string[];
  /** called when the server says the token is invalid or revoked; resolves with a fresh token */
  refreshToken?: () => Promise<string>;
  onPositions?: (frames: LocationFrame[]) => void;
  /** alert, vehicle_health and driver_behavior messages, as sent */
  onMessage?: (event: string, payload: unknown) => void;
  onStatus?: (status: "connected" | "disconnected" | "retrying" | "stopped", detail?: unknown) => void;
  backoff?: BackoffOptions;
}

export interface LiveStreamClient {
  book: PositionBook;
  socket: Socket;
  close(): void;
}

const CHANNEL_EVENTS = ["alert", "vehicle_health", "driver_behavior"] as const;

export function connectLiveStream(options: LiveStreamClientOptions): LiveStreamClient {
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const book = new PositionBook();
  let token = options.token;
  // The handshake parameters go in socket.io's auth payload, not the query string the spec also accepts: a token in
  // a URL ends up in proxy and access logs, and thousands of asset ids would not fit a URL. socket.io-client calls
  // this at every (re)connection, so a refreshed token is used from the next attempt on.
  const auth = (send: (payload: Record<string, unknown>) => void) =>
    send({
      access_token: token,
      asset_ids: options.assetIds,
      ...(options.style ? { style: options.style } : {}),
      ...(options.channels?.length ? { channels: options.channels } : {}),
    });
  const socket = io(options.url, {
    path: "/socket.io",
    auth,
    transports: ["websocket"],
    reconnectionDelay: backoff.initialMs,
    reconnectionDelayMax: backoff.maxMs,
    randomizationFactor: 0.5,
  });

  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const retryLater = () => {
    const delay = reconnectDelay(attempt++, backoff);
    options.onStatus?.("retrying", { delayMs: delay });
    timer = setTimeout(() => !closed && socket.connect(), delay);
  };
  const stop = (reason: unknown) => {
    closed = true;
    socket.disconnect();
    options.onStatus?.("stopped", reason);
  };

  socket.on("connect", () => {
    attempt = 0;
    options.onStatus?.("connected");
  });
  socket.on("location", (message: unknown) => {
    const fresh = book.apply(message);
    if (fresh.length > 0) options.onPositions?.(fresh);
  });
  for (const event of CHANNEL_EVENTS) socket.on(event, (payload: unknown) => options.onMessage?.(event, payload));
  socket.on("disconnect", (reason) => {
    options.onStatus?.("disconnected", reason);
    // the server closed it (revoked token, shutdown): socket.io-client leaves that to us
    if (reason === "io server disconnect" && !closed) retryLater();
  });
  socket.on("connect_error", (error: Error & { data?: { code?: string } }) => {
    if (closed || socket.active) return; // a network failure: socket.io-client is already retrying
    const action = onRefusal(error.data?.code);
    if (action === "stop") return stop(error);
    if (action === "refresh-token") {
      if (!options.refreshToken) return stop(error);
      options.refreshToken().then(
        (fresh) => {
          token = fresh;
          retryLater();
        },
        (refreshError: unknown) => stop(refreshError),
      );
      return;
    }
    retryLater();
  });

  return {
    book,
    socket,
    close() {
      closed = true;
      clearTimeout(timer);
      socket.disconnect();
    },
  };
}
