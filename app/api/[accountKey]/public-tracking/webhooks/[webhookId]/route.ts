// /api/{account_key}/public-tracking/webhooks/{id}: one webhook. GET reads it (no secret), DELETE removes it with its
// delivery log (204). Another account's webhook is 404 WEBHOOK_NOT_FOUND, like a missing one.
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam } from "@/server/http/request-input";
import { withApiKey } from "@/server/http/with-api-key";
import { deleteWebhook } from "@/server/modules/webhooks/delete-webhook";
import { getWebhook } from "@/server/modules/webhooks/get-webhook";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; webhookId: string };

export const GET = withApiKey<Params>({}, async ({ params, account }) => ({
  data: await getWebhook({ accountId: account.id, webhookId: idParam(params.webhookId, "WEBHOOK_NOT_FOUND") }),
}));

export const DELETE = withApiKey<Params>({}, async ({ params, account }) => {
  await deleteWebhook({ accountId: account.id, webhookId: idParam(params.webhookId, "WEBHOOK_NOT_FOUND") });
  return new Response(null, { status: 204 });
});

export const POST = methodNotAllowed(["GET", "DELETE"]);
export const PUT = POST;
export const PATCH = POST;
