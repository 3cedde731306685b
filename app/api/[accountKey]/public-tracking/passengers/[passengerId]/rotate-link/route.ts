// POST /api/{account_key}/public-tracking/passengers/{id}/rotate-link: a new address for the passenger's own tracking
// link; the old address ends at once for whoever holds it (404 from then on, viewers disconnected, sessions ended).
// Answers the new link; nothing is sent (send-welcome sends it). API key of an admin, fleet manager or office
// staff; 60 calls a minute per key (docs/passengers.md).
import { jsonResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam } from "@/server/http/request-input";
import { withApiKey } from "@/server/http/with-api-key";
import { PASSENGER_LIMITS, toPassengerLinkDto } from "@/server/modules/passengers/passengers.schema";
import { rotatePassengerLink } from "@/server/modules/passengers/rotate-passenger-link";

export const dynamic = "force-dynamic";

export const POST = withApiKey<{ accountKey: string; passengerId: string }>(
  { rateLimit: { name: "rotate-passenger-link", points: PASSENGER_LIMITS.rotationsPerMinute, duration: 60 } },
  async ({ params, account }) => {
    const passengerId = idParam(params.passengerId, "PASSENGER_NOT_FOUND");
    const link = await rotatePassengerLink({ accountId: account.id, passengerId });
    return jsonResponse({ data: toPassengerLinkDto(passengerId, link) });
  },
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
