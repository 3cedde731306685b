// The wrapper for callers without credentials (public tracking info, verify): error mapping, request ids and an
// optional per-IP rate limit (spec: e.g. POST verify 30 per minute per IP), nothing else.
import { rateLimiter, type RateLimit } from "../security/rate-limit";
import { clientAddressKey } from "./client-address-key";
import { clientIp } from "./request-input";
import { resolveParams, type BaseContext, type HandlerResult, type RouteHandler, type RouteParams } from "./route-types";
import { runApiRequest, toResponse } from "./run-api-request";

export interface PublicAccessOptions {
  /** per-IP request budget */
  rateLimit?: RateLimit;
}

export interface PublicContext<P extends RouteParams> extends BaseContext<P> {
  /** the caller's address as per-IP budgets count it (clientAddressKey: an IPv6 client by its /64) */
  ipKey: string;
}

export function withPublicAccess<P extends RouteParams = RouteParams>(
  options: PublicAccessOptions,
  handler: (context: PublicContext<P>) => Promise<HandlerResult>,
): RouteHandler<P> {
  const limiter = options.rateLimit ? rateLimiter(options.rateLimit) : null;
  return (request, context) =>
    runApiRequest(request, async (frame) => {
      const ipKey = clientAddressKey(clientIp(request));
      await limiter?.consume(ipKey);
      const params = await resolveParams(context);
      return toResponse(await handler({ ...frame, request, params, ipKey }));
    });
}
