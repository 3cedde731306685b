// The wrapper for the driver phone page's JSON calls (docs/messaging.md "The driver page"): the session cookie
// (httpOnly, SameSite=Lax, Secure over https), resolved to the driver; missing, ended or revoked sessions are 401.
// Writes must come from this server's own pages (crossSiteReason), on top of SameSite=Lax. Every route has a per-IP
// budget spent before the cookie is looked up, so invented cookies get 429, not lookups.
import { env } from "../env";
import { requestCookie } from "../modules/messages/driver-channel";
import { DRIVER_SESSION_COOKIE, type DriverSessionInfo } from "../modules/messages/driver-session.schema";
import { findDriverSession } from "../modules/messages/find-driver-session";
import { rateLimiter, type RateLimit } from "../security/rate-limit";
import { unauthenticatedResponse } from "./api-response";
import { clientAddressKey } from "./client-address-key";
import { clientIp } from "./request-input";
import { assertSameSite } from "./assert-same-site";
import { requestOrigin } from "./request-origin";
import { resolveParams, type BaseContext, type HandlerResult, type RouteHandler, type RouteParams } from "./route-types";
import { runApiRequest, toResponse } from "./run-api-request";

export const DRIVER_PAGE_LIMIT: RateLimit = { name: "driver-page", points: 240, duration: 60 };

export interface DriverSessionContext<P extends RouteParams> extends BaseContext<P> {
  session: DriverSessionInfo;
}

/** Set-Cookie for a driver session (a token) or its removal (null) */
export function driverSessionCookie(request: Request, value: { token: string; expiresAt: Date } | null): string {
  const https = requestOrigin(request, env()).startsWith("https:") || new URL(request.url).protocol === "https:";
  const secure = https ? "; Secure" : "";
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure}`;
  return value
    ? `${DRIVER_SESSION_COOKIE}=${value.token}; ${attributes}; Expires=${value.expiresAt.toUTCString()}`
    : `${DRIVER_SESSION_COOKIE}=; ${attributes}; Max-Age=0`;
}

export function withDriverSession<P extends RouteParams = RouteParams>(
  handler: (context: DriverSessionContext<P>) => Promise<HandlerResult>,
  options: { rateLimitPerIp?: RateLimit } = {},
): RouteHandler<P> {
  const limiter = rateLimiter(options.rateLimitPerIp ?? DRIVER_PAGE_LIMIT);
  return (request, context) =>
    runApiRequest(request, async (frame) => {
      await limiter.consume(clientAddressKey(clientIp(request)));
      assertSameSite(request);
      const token = requestCookie(request, DRIVER_SESSION_COOKIE);
      const session = token ? await findDriverSession(token) : null;
      if (!session) return unauthenticatedResponse();
      const params = await resolveParams(context);
      return toResponse(await handler({ ...frame, request, params, session }));
    });
}
