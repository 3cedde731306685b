// POST /api/public/tracking/{uuid}/verify: a viewer session, with a body by the link's access mode (200), or 202 when
// an access code was e-mailed first. 30 requests a minute per IP (spec). An API client may send its bearer token to
// open an authorised-only link for a listed address (docs/public-tracking.md).
import { z } from "zod";
import { jsonResponse, unauthenticatedResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { bearerToken, readOptionalJson } from "@/server/http/request-input";
import { withPublicAccess } from "@/server/http/with-public-access";
import { PUBLIC_TRACKING_LIMITS } from "@/server/modules/tracking-links/public-tracking-limits";
import { verifyViewer } from "@/server/modules/tracking-links/verify-viewer";
import { authenticateAccessToken } from "@/server/modules/oauth/authenticate-access-token";

export const dynamic = "force-dynamic";

export const POST = withPublicAccess<{ uuid: string }>({ rateLimit: PUBLIC_TRACKING_LIMITS.verifyPerIp }, async ({ request, params }) => {
  let apiAccountId: number | undefined;
  if (request.headers.has("authorization")) {
    const token = bearerToken(request);
    const client = token ? await authenticateAccessToken(token) : null;
    if (!client) return unauthenticatedResponse("Bearer");
    if (client.scopes.includes("tracking:write")) apiAccountId = client.account.id;
  }
  const result = await verifyViewer({ uuid: params.uuid, body: await readOptionalJson(request, z.unknown()), apiAccountId });
  return jsonResponse(result.body, { status: result.status });
});

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
