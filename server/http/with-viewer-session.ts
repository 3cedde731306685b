// The wrapper for public tracking viewers: header X-Session-Token, resolved by the caller's `resolveSession` (the
// tracking-link feature owns the session table). Missing or unknown sessions are 401 `{"message": "Unauthenticated."}`.
// Every route has a per-IP budget of token lookups (PUBLIC_TRACKING_LIMITS.sessionLookupsPerIp unless given), spent
// before the database is asked and given back for a live session: a stream of invented tokens gets 429, not lookups.
import { unauthenticatedResponse } from "./api-response";
import { rateLimiter, type RateLimit } from "../security/rate-limit";
import { clientAddressKey } from "./client-address-key";
import { PUBLIC_TRACKING_LIMITS } from "../modules/tracking-links/public-tracking-limits";
import { clientIp } from "./request-input";
import { resolveParams, type BaseContext, type HandlerResult, type RouteHandler, type RouteParams } from "./route-types";
import { runApiRequest, toResponse } from "./run-api-request";

export const SESSION_HEADER = "x-session-token";
const MAX_TOKEN_LENGTH = 256;

export interface ViewerSessionOptions<S, P extends RouteParams> {
  /** the session behind a token, or null when it is unknown (it may throw an AppError, e.g. for an ended session) */
  resolveSession: (token: string, params: P) => Promise<S | null>;
  /** a request budget per client IP, spent before the token is looked up (every request counts) */
  rateLimitPerIp?: RateLimit;
  /** token lookups per client IP: counted before the lookup, given back when the token names a session */
  lookupsPerIp?: RateLimit;
  /** a request budget per session (spec: location polling 60 a minute per session) */
  rateLimit?: { limit: RateLimit; key: (session: S) => string };
}

export interface ViewerSessionContext<S, P extends RouteParams> extends BaseContext<P> {
  session: S;
}

export function withViewerSession<S, P extends RouteParams = RouteParams>(
  options: ViewerSessionOptions<S, P>,
  handler: (context: ViewerSessionContext<S, P>) => Promise<HandlerResult>,
): RouteHandler<P> {
  const limiter = options.rateLimit ? rateLimiter(options.rateLimit.limit) : null;
  const ipLimiter = options.rateLimitPerIp ? rateLimiter(options.rateLimitPerIp) : null;
  const lookups = rateLimiter(options.lookupsPerIp ?? PUBLIC_TRACKING_LIMITS.sessionLookupsPerIp);
  return (request, context) =>
    runApiRequest(request, async (frame) => {
      const ip = clientAddressKey(clientIp(request)); // an IPv6 client counts by its /64
      await ipLimiter?.consume(ip);
      const token = request.headers.get(SESSION_HEADER)?.trim();
      if (!token || token.length > MAX_TOKEN_LENGTH) return unauthenticatedResponse();
      await lookups.consume(ip);
      const params = await resolveParams(context);
      const session = await options.resolveSession(token, params);
      if (!session) return unauthenticatedResponse();
      await lookups.refund(ip);
      if (limiter) await limiter.consume(options.rateLimit!.key(session));
      return toResponse(await handler({ ...frame, request, params, session }));
    });
}
