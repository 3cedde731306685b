// GET /api/public/tracking/{uuid}/info: the link's public info (no credentials; docs/public-tracking.md).
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { withPublicAccess } from "@/server/http/with-public-access";
import { getLinkInfo } from "@/server/modules/tracking-links/get-link-info";
import { PUBLIC_TRACKING_LIMITS } from "@/server/modules/tracking-links/public-tracking-limits";

export const dynamic = "force-dynamic";

export const GET = withPublicAccess<{ uuid: string }>({ rateLimit: PUBLIC_TRACKING_LIMITS.infoPerIp }, async ({ params }) => ({
  data: await getLinkInfo({ uuid: params.uuid }),
}));

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
