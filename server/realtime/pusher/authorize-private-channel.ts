// POST /broadcasting/auth for the registered private channels (private-channel-authorizers.ts): requests without
// X-Session-Token come here. The per-IP budget is public tracking's (the same named counter, spent first, every
// request counts); then the body (socket_id, channel_name, form-encoded as pusher-js sends it, or JSON); then the
// channel's authoriser. A signed channel gives its point back: every dashboard page load subscribes the bell, and an
// office of dispatchers behind one address must neither run out of the budget nor spend its viewers' share of it;
// refusals (no session, someone else's channel, bad bodies) keep counting. A channel no authoriser knows (public tracking's among them, whose session token is missing)
// answers 401 `{"message": "Unauthenticated."}`, as this endpoint always did without a token.
import { unauthenticatedResponse } from "../../http/api-response";
import { clientAddressKey } from "../../http/client-address-key";
import { clientIp, readFormOrJson } from "../../http/request-input";
import { runApiRequest, toResponse } from "../../http/run-api-request";
import { AppError } from "../../errors";
import { signChannel } from "../../modules/tracking-links/channel-signature";
import { ZChannelAuthRequest } from "../../modules/tracking-links/authorize-channel";
import { PUBLIC_TRACKING_LIMITS } from "../../modules/tracking-links/public-tracking-limits";
import { rateLimiter } from "../../security/rate-limit";
import { findPrivateChannelAuthorizer } from "./private-channel-authorizers";

export async function authorizePrivateChannelRequest(request: Request): Promise<Response> {
  const ipLimiter = rateLimiter(PUBLIC_TRACKING_LIMITS.channelAuthPerIp);
  return runApiRequest(request, async () => {
    const ipKey = clientAddressKey(clientIp(request));
    await ipLimiter.consume(ipKey);
    const { socket_id, channel_name } = await readFormOrJson(request, ZChannelAuthRequest);
    const authorizer = findPrivateChannelAuthorizer(channel_name);
    if (!authorizer) return unauthenticatedResponse();
    const decision = await authorizer.authorize(request, channel_name);
    if (decision === "unauthenticated") return unauthenticatedResponse();
    if (!decision) throw new AppError("CHANNEL_FORBIDDEN", "This session may not subscribe to that channel.");
    await ipLimiter.refund(ipKey);
    return toResponse({ auth: signChannel(socket_id, channel_name) });
  });
}
