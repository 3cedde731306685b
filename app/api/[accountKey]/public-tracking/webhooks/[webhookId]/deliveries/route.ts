// GET /api/{account_key}/public-tracking/webhooks/{id}/deliveries: the webhook's delivery log, one entry per attempt
// with its response code, newest first ({data, next_cursor}).
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam, readQuery } from "@/server/http/request-input";
import { ZPageQuery } from "@/server/modules/paging";
import { withApiKey } from "@/server/http/with-api-key";
import { listWebhookDeliveries } from "@/server/modules/webhooks/list-webhook-deliveries";

export const dynamic = "force-dynamic";

export const GET = withApiKey<{ accountKey: string; webhookId: string }>({}, async ({ request, params, account }) => {
  const { cursor, limit } = readQuery(request, ZPageQuery);
  const webhookId = idParam(params.webhookId, "WEBHOOK_NOT_FOUND");
  return listWebhookDeliveries({ accountId: account.id, webhookId, cursor, limit });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
