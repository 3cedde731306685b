// GET /api/public/tracking/{uuid}/location with X-Session-Token: the public location object of the link's vehicle
// (`{data: {location}}`, location null until it has reported). 60 requests a minute per session (spec).
import { AppError } from "@/server/errors";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { withViewerSession } from "@/server/http/with-viewer-session";
import { getPublicLocation } from "@/server/modules/tracking-links/get-public-location";
import { PUBLIC_TRACKING_LIMITS } from "@/server/modules/tracking-links/public-tracking-limits";
import { findViewerSession, type ViewerSession } from "@/server/modules/tracking-links/viewer-sessions";

export const dynamic = "force-dynamic";

export const GET = withViewerSession<ViewerSession, { uuid: string }>(
  {
    resolveSession: (token) => findViewerSession(token),
    rateLimit: { limit: PUBLIC_TRACKING_LIMITS.locationPerSession, key: (session) => String(session.id) },
  },
  async ({ session, params }) => {
    if (params.uuid.toLowerCase() !== session.link.uuid) {
      throw new AppError("CHANNEL_FORBIDDEN", "This session belongs to another tracking link.");
    }
    return { data: await getPublicLocation(session.link) };
  },
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
