// Every limit on public tracking in one place (spec, Limits; docs/public-tracking.md). Those marked "spec" are the
// contract's; the others are this platform's choice, sized so that a page used as intended never meets them.
import type { RateLimit } from "../../http/rate-limit";

export const PUBLIC_TRACKING_LIMITS = {
  /** spec: POST verify, 30 requests per minute per IP */
  verifyPerIp: { name: "tracking-verify", points: 30, duration: 60 } satisfies RateLimit,
  /** spec: GET public location polling, 60 requests per minute per session */
  locationPerSession: { name: "tracking-location", points: 60, duration: 60 } satisfies RateLimit,
  /** link info is read by every page load and by reconnecting viewers; generous for many phones behind one NAT */
  infoPerIp: { name: "tracking-info", points: 300, duration: 60 } satisfies RateLimit,
  /** one channel authorisation per (re)connection */
  channelAuthPerIp: { name: "tracking-channel-auth", points: 60, duration: 60 } satisfies RateLimit,
  /** spec: public WebSocket connections, 100 per IP */
  webSocketsPerIp: 100,
  /** spec: messages per channel, 10 per second */
  messagesPerChannelPerSecond: 10,
} as const;
