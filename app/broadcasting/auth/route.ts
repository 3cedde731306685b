// POST /broadcasting/auth: Pusher private-channel authorisation for public tracking viewers (header X-Session-Token,
// body socket_id and channel_name, form-encoded as pusher-js sends it, or JSON). Answers {auth} only for the
// session's own channel `private-tracking.{uuid}` (docs/public-tracking.md).
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readFormOrJson } from "@/server/http/request-input";
import { withViewerSession } from "@/server/http/with-viewer-session";
import { authorizeChannel, ZChannelAuthRequest } from "@/server/modules/tracking-links/authorize-channel";
import { PUBLIC_TRACKING_LIMITS } from "@/server/modules/tracking-links/public-tracking-limits";
import { findViewerSession, type ViewerSession } from "@/server/modules/tracking-links/viewer-sessions";

export const dynamic = "force-dynamic";

export const POST = withViewerSession<ViewerSession>(
  { resolveSession: (token) => findViewerSession(token), rateLimitPerIp: PUBLIC_TRACKING_LIMITS.channelAuthPerIp },
  async ({ request, session }) => authorizeChannel(session, await readFormOrJson(request, ZChannelAuthRequest)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
