// POST /api/{account_key}/public-tracking/webhooks/{id}/test: sends a test_ping to the webhook's address. Answers 202
// at once with the event's id; the attempt (with the receiver's response code) appears in the delivery log when it
// ends, within the 5 s a receiver has. 10 tests a minute per account, all its webhooks together.
import { jsonResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam } from "@/server/http/request-input";
import { withApiKey } from "@/server/http/with-api-key";
import { sendTestWebhook } from "@/server/modules/webhooks/send-test-webhook";

export const dynamic = "force-dynamic";

export const POST = withApiKey<{ accountKey: string; webhookId: string }>({}, async ({ params, account }) => {
  const accepted = await sendTestWebhook({ accountId: account.id, webhookId: idParam(params.webhookId, "WEBHOOK_NOT_FOUND") });
  return jsonResponse({ data: accepted }, { status: 202 });
});

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
