// GET /api/public/tracking/{uuid}/run with X-Session-Token: the day's run of a route-based link (status, times, the
// run's notice; `{data: {run}}`, run null for links that follow a vehicle and days without a run). Ours: the spec's
// link info is a closed list, so the notice the spec shows passengers comes here. 60 requests a minute per session.
import { AppError } from "@/server/errors";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { withViewerSession } from "@/server/http/with-viewer-session";
import { getLinkRun } from "@/server/modules/tracking-links/get-link-run";
import { PUBLIC_TRACKING_LIMITS } from "@/server/modules/tracking-links/public-tracking-limits";
import { findViewerSession, type ViewerSession } from "@/server/modules/tracking-links/viewer-sessions";

export const dynamic = "force-dynamic";

export const GET = withViewerSession<ViewerSession, { uuid: string }>(
  {
    resolveSession: (token) => findViewerSession(token),
    rateLimit: { limit: PUBLIC_TRACKING_LIMITS.runPerSession, key: (session) => String(session.id) },
  },
  async ({ session, params }) => {
    if (params.uuid.toLowerCase() !== session.link.uuid) {
      throw new AppError("CHANNEL_FORBIDDEN", "This session belongs to another tracking link.");
    }
    return { data: await getLinkRun(session.link) };
  },
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
