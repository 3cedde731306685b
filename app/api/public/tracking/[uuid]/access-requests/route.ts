// POST /api/public/tracking/{uuid}/access-requests: a viewer of an authorised-only link asks the team for access
// (`{email, name?, message?}`). 202 for every accepted request, whatever became of it (no probing of the list);
// 10 requests a minute per IP; 100 new requests an hour per link, 5 of them from one IP (docs/public-tracking.md,
// "Access requests").
import { z } from "zod";
import { jsonResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readOptionalJson } from "@/server/http/request-input";
import { withPublicAccess } from "@/server/http/with-public-access";
import { requestAccess } from "@/server/modules/access-requests/request-access";
import { PUBLIC_TRACKING_LIMITS } from "@/server/modules/tracking-links/public-tracking-limits";

export const dynamic = "force-dynamic";

export const POST = withPublicAccess<{ uuid: string }>(
  { rateLimit: PUBLIC_TRACKING_LIMITS.accessRequestsPerIp },
  async ({ request, params, ipKey }) => {
    const body = await readOptionalJson(request, z.unknown());
    return jsonResponse(await requestAccess({ uuid: params.uuid, body, ip: ipKey }), { status: 202 });
  },
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
