// POST /broadcasting/auth: Pusher private-channel authorisation (body socket_id and channel_name, form-encoded as
// pusher-js sends it, or JSON). Public tracking viewers send header X-Session-Token and get `{auth}` only for their
// session's own channel `private-tracking.{uuid}` (docs/public-tracking.md). Requests without that header are for
// the other private channels (server/realtime/pusher/private-channel-authorizers.ts: the dashboard user's
// `private-user.{userId}` by its session cookie, docs/notifications-inbox.md).
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readFormOrJson } from "@/server/http/request-input";
import { SESSION_HEADER, withViewerSession } from "@/server/http/with-viewer-session";
import { authorizeChannel, ZChannelAuthRequest } from "@/server/modules/tracking-links/authorize-channel";
import { PUBLIC_TRACKING_LIMITS } from "@/server/modules/tracking-links/public-tracking-limits";
import { findViewerSession, type ViewerSession } from "@/server/modules/tracking-links/viewer-sessions";
import { authorizePrivateChannelRequest } from "@/server/realtime/pusher/authorize-private-channel";
import type { RouteHandler, RouteParams } from "@/server/http/route-types";

export const dynamic = "force-dynamic";

const trackingViewer = withViewerSession<ViewerSession>(
  { resolveSession: (token) => findViewerSession(token), rateLimitPerIp: PUBLIC_TRACKING_LIMITS.channelAuthPerIp },
  async ({ request, session }) => authorizeChannel(session, await readFormOrJson(request, ZChannelAuthRequest)),
);

export const POST: RouteHandler<RouteParams> = (request, context) =>
  request.headers.has(SESSION_HEADER) ? trackingViewer(request, context) : authorizePrivateChannelRequest(request);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
