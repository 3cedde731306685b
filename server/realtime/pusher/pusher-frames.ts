// The Pusher protocol's messages (version 7): JSON objects {event, channel?, data}. Server-sent `data` is a JSON
// string for channel events and the connection handshake, as the protocol specifies and pusher-js expects; client
// messages carry `data` as an object. Frames that go to many sockets are encoded once, as a Buffer.

export const PusherEvent = {
  CONNECTION_ESTABLISHED: "pusher:connection_established",
  ERROR: "pusher:error",
  PING: "pusher:ping",
  PONG: "pusher:pong",
  SUBSCRIBE: "pusher:subscribe",
  UNSUBSCRIBE: "pusher:unsubscribe",
  SUBSCRIPTION_SUCCEEDED: "pusher_internal:subscription_succeeded",
} as const;

/** the protocol version this server speaks (pusher-js 8 sends protocol=7) */
export const PROTOCOL_VERSION = 7;
/** versions whose clients understand this server (close codes arrive as close frames from 6 on) */
export const SUPPORTED_PROTOCOLS = [6, 7] as const;

export interface ClientMessage {
  event: string;
  channel?: string;
  data: Record<string, unknown>;
}

/** a client's message, or null when it is not one (bad JSON, no event name) */
export function parseClientMessage(raw: string): ClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { event, channel, data } = value as Record<string, unknown>;
  if (typeof event !== "string") return null;
  let payload: unknown = data;
  if (typeof data === "string") {
    try {
      payload = JSON.parse(data); // some clients send data as a JSON string
    } catch {
      payload = {};
    }
  }
  return {
    event,
    channel: typeof channel === "string" ? channel : undefined,
    data: typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>) : {},
  };
}

/** a channel event, ready to send to every subscriber */
export function channelFrame(channel: string, event: string, payload: unknown): Buffer {
  return Buffer.from(JSON.stringify({ event, channel, data: JSON.stringify(payload) }));
}

export function connectionEstablishedFrame(socketId: string, activityTimeoutS: number): string {
  return JSON.stringify({
    event: PusherEvent.CONNECTION_ESTABLISHED,
    data: JSON.stringify({ socket_id: socketId, activity_timeout: activityTimeoutS }),
  });
}

export function subscriptionSucceededFrame(channel: string): string {
  return JSON.stringify({ event: PusherEvent.SUBSCRIPTION_SUCCEEDED, channel, data: "{}" });
}

export function errorFrame(code: number | null, message: string): string {
  return JSON.stringify({ event: PusherEvent.ERROR, data: { code, message } });
}

export const PING_FRAME = JSON.stringify({ event: PusherEvent.PING, data: {} });
export const PONG_FRAME = JSON.stringify({ event: PusherEvent.PONG, data: {} });
