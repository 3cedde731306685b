// GET / PUT /api/public/tracking/{uuid}/approach-alert with X-Session-Token: a passenger's "alert me before the bus
// arrives" (ours): GET answers `{data: {minutes, channel, available}}`, PUT `{minutes: 1..30 | null}` turns it on,
// changes it or turns it off. Only on a passenger's own link (404 PASSENGER_LINK_NOT_FOUND otherwise); turning it on
// is refused for a passenger who stopped messages (409) or has no contact to send to (422). 10 changes a minute per
// session; reads share the run's budget (read once a page opens).
import { AppError } from "@/server/errors";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJsonBody } from "@/server/http/request-input";
import { withViewerSession } from "@/server/http/with-viewer-session";
import { getApproachAlertThroughLink, setApproachAlertThroughLink } from "@/server/modules/passengers/approach-alert-setting";
import { PUBLIC_TRACKING_LIMITS } from "@/server/modules/tracking-links/public-tracking-limits";
import { findViewerSession, type ViewerSession } from "@/server/modules/tracking-links/viewer-sessions";

export const dynamic = "force-dynamic";

function ownLink(session: ViewerSession, uuid: string) {
  if (uuid.toLowerCase() !== session.link.uuid) throw new AppError("CHANNEL_FORBIDDEN", "This session belongs to another tracking link.");
  return session.link;
}

export const GET = withViewerSession<ViewerSession, { uuid: string }>(
  {
    resolveSession: (token) => findViewerSession(token),
    rateLimit: { limit: PUBLIC_TRACKING_LIMITS.runPerSession, key: (session) => String(session.id) },
  },
  async ({ session, params }) => ({ data: await getApproachAlertThroughLink(ownLink(session, params.uuid)) }),
);

export const PUT = withViewerSession<ViewerSession, { uuid: string }>(
  {
    resolveSession: (token) => findViewerSession(token),
    rateLimit: { limit: PUBLIC_TRACKING_LIMITS.approachAlertPerSession, key: (session) => String(session.id) },
  },
  async ({ session, params, request }) => {
    const link = ownLink(session, params.uuid);
    return { data: await setApproachAlertThroughLink(link, await readJsonBody(request)) };
  },
);

export const POST = methodNotAllowed(["GET", "PUT"]);
export const PATCH = POST;
export const DELETE = POST;
