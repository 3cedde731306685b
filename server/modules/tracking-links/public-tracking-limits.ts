// Every limit on public tracking in one place (spec, Limits; docs/public-tracking.md). Those marked "spec" are the
// contract's; the others are this platform's choice, sized so that a page used as intended never meets them.
import type { RateLimit } from "../../security/rate-limit";

export const PUBLIC_TRACKING_LIMITS = {
  /** spec: POST verify, 30 requests per minute per IP */
  verifyPerIp: { name: "tracking-verify", points: 30, duration: 60 } satisfies RateLimit,
  /** spec: GET public location polling, 60 requests per minute per session */
  locationPerSession: { name: "tracking-location", points: 60, duration: 60 } satisfies RateLimit,
  /** the day's run of a route-based link (its notice): read once a page opens and every few minutes */
  runPerSession: { name: "tracking-run", points: 60, duration: 60 } satisfies RateLimit,
  /** a passenger stopping messages through their link: one tap, repeated at most by an impatient thumb */
  optOutPerSession: { name: "tracking-opt-out", points: 10, duration: 60 } satisfies RateLimit,
  /** a passenger turning the approach alert on, off or to other minutes: a few taps */
  approachAlertPerSession: { name: "tracking-approach-alert", points: 10, duration: 60 } satisfies RateLimit,
  /**
   * failed access codes per link, from anywhere, in a day: past it verify with a code answers 429 for that link until
   * the day is over (a warning is logged for the team), so guessing across many known addresses stops at 50 tries
   * (codes-mailed and the spec's per-IP verify limit bound each address and source, not their sum)
   */
  codeFailuresPerLink: { name: "tracking-code-failures", points: 50, duration: 24 * 60 * 60 } satisfies RateLimit,
  /**
   * session tokens looked up per IP on the session-token endpoints (location, run, form, opt-out, approach alert, /broadcasting/auth):
   * counted before the database lookup and given back when the token names a live session, so invented tokens stop
   * here while many viewers behind one carrier address never meet it
   */
  sessionLookupsPerIp: { name: "tracking-session-lookup", points: 120, duration: 60 } satisfies RateLimit,
  /** link info is read by every page load and by reconnecting viewers; generous for many phones behind one NAT */
  infoPerIp: { name: "tracking-info", points: 300, duration: 60 } satisfies RateLimit,
  /** one channel authorisation per (re)connection */
  channelAuthPerIp: { name: "tracking-channel-auth", points: 60, duration: 60 } satisfies RateLimit,
  /** access requests to authorised-only links: a person asks once, a family or office behind one address a few times */
  accessRequestsPerIp: { name: "tracking-access-request", points: 10, duration: 60 } satisfies RateLimit,
  /**
   * new access requests to one link, from anywhere: bounds the team's notification e-mails and a flood of invented
   * addresses. Only requests that create a pending request count (a repeat, a listed address or a cool-down changes
   * nothing and costs nothing)
   */
  accessRequestsPerLink: { name: "tracking-access-request-link", points: 100, duration: 60 * 60 } satisfies RateLimit,
  /** new access requests to one link from one IP: a share of the link's budget, so one source cannot spend all of it */
  accessRequestsPerLinkAndIp: { name: "tracking-access-request-link-ip", points: 5, duration: 60 * 60 } satisfies RateLimit,
  /** reading the link's form: once per page view, like the location's first read */
  formReadsPerSession: { name: "tracking-form-read", points: 60, duration: 60 } satisfies RateLimit,
  /** form submissions: "running late", then "not riding today" fits; a stream of them is a stuck button or abuse */
  formSubmissionsPerSession: { name: "tracking-form-submit", points: 10, duration: 60 * 60 } satisfies RateLimit,
  /** spec: public WebSocket connections, 100 per IP */
  webSocketsPerIp: 100,
  /** spec: messages per channel, 10 per second */
  messagesPerChannelPerSecond: 10,
} as const;
