// POST /api/public/tracking/{uuid}/opt-out with X-Session-Token: stops welcome and other messages to the passenger
// whose own link this is (the page's "Stop messages"); 404 PASSENGER_LINK_NOT_FOUND for any other link. Ours: the
// spec names opt-out ("opted_out" in send-welcome) but no call for it. Works while the session lasts, whatever the
// link's state: stopping messages must always be possible. 10 requests a minute per session.
import { AppError } from "@/server/errors";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { withViewerSession } from "@/server/http/with-viewer-session";
import { optOutThroughLink } from "@/server/modules/passengers/opt-out-passenger";
import { PUBLIC_TRACKING_LIMITS } from "@/server/modules/tracking-links/public-tracking-limits";
import { findViewerSession, type ViewerSession } from "@/server/modules/tracking-links/viewer-sessions";

export const dynamic = "force-dynamic";

export const POST = withViewerSession<ViewerSession, { uuid: string }>(
  {
    resolveSession: (token) => findViewerSession(token),
    rateLimit: { limit: PUBLIC_TRACKING_LIMITS.optOutPerSession, key: (session) => String(session.id) },
  },
  async ({ session, params }) => {
    if (params.uuid.toLowerCase() !== session.link.uuid) {
      throw new AppError("CHANNEL_FORBIDDEN", "This session belongs to another tracking link.");
    }
    return { data: await optOutThroughLink(session.link) };
  },
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
