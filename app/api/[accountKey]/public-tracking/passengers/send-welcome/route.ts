// POST /api/{account_key}/public-tracking/passengers/send-welcome: each passenger's welcome message with their own
// tracking link, by e-mail or SMS; answers the spec's {counts} (docs/passengers.md). API key of an admin, fleet
// manager or office staff; up to 1,000 ids per call, 10 calls a minute per key.
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJson } from "@/server/http/request-input";
import { withApiKey } from "@/server/http/with-api-key";
import { PASSENGER_LIMITS } from "@/server/modules/passengers/passengers.schema";
import { sendWelcome } from "@/server/modules/passengers/send-welcome";

export const dynamic = "force-dynamic";

export const POST = withApiKey<{ accountKey: string }>(
  { rateLimit: { name: "send-welcome", points: PASSENGER_LIMITS.welcomeCallsPerMinute, duration: 60 } },
  async ({ request, account }) => Response.json(await sendWelcome({ accountId: account.id, body: await readJson(request, z.unknown()) })),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
