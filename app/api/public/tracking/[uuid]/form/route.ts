// The link's passenger form, for a viewer with a session of the link (X-Session-Token), kept apart from the link
// info, whose fields the spec fixes (docs/public-tracking.md, "Link forms"):
//   GET   -> {data: {title, choices}}; 404 FORM_NOT_FOUND when the link has none; 60 a minute per session
//   POST  {choice, message?} -> 201 {data: {choice, message, submitted_at}}; 10 an hour per session
import { z } from "zod";
import { jsonResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readOptionalJson } from "@/server/http/request-input";
import { withViewerSession } from "@/server/http/with-viewer-session";
import { getPublicLinkForm } from "@/server/modules/link-forms/get-public-link-form";
import { submitLinkForm } from "@/server/modules/link-forms/submit-link-form";
import { PUBLIC_TRACKING_LIMITS } from "@/server/modules/tracking-links/public-tracking-limits";
import { findViewerSession, type ViewerSession } from "@/server/modules/tracking-links/viewer-sessions";

export const dynamic = "force-dynamic";

const bySession = (session: ViewerSession) => String(session.id);

export const GET = withViewerSession<ViewerSession, { uuid: string }>(
  {
    resolveSession: (token) => findViewerSession(token),
    rateLimit: { limit: PUBLIC_TRACKING_LIMITS.formReadsPerSession, key: bySession },
  },
  async ({ session, params }) => ({ data: getPublicLinkForm({ uuid: params.uuid, session }) }),
);

export const POST = withViewerSession<ViewerSession, { uuid: string }>(
  {
    resolveSession: (token) => findViewerSession(token),
    rateLimit: { limit: PUBLIC_TRACKING_LIMITS.formSubmissionsPerSession, key: bySession },
  },
  async ({ request, session, params }) => {
    const body = await readOptionalJson(request, z.unknown());
    return jsonResponse({ data: await submitLinkForm({ uuid: params.uuid, session, body }) }, { status: 201 });
  },
);

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
