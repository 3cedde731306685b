// /api/{account_key}/public-tracking/webhooks (spec, Passenger links and webhooks): POST registers a webhook (201,
// the record with its secret, shown this once); GET lists them ({data, next_cursor}, never a secret). API keys of an
// admin, fleet manager or office staff; docs/webhooks.md.
import { jsonResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJsonBody, readQuery } from "@/server/http/request-input";
import { ZPageQuery } from "@/server/modules/paging";
import { withApiKey } from "@/server/http/with-api-key";
import { createWebhook } from "@/server/modules/webhooks/create-webhook";
import { listWebhooks } from "@/server/modules/webhooks/list-webhooks";

export const dynamic = "force-dynamic";

export const GET = withApiKey<{ accountKey: string }>({}, async ({ request, account }) => {
  const { cursor, limit } = readQuery(request, ZPageQuery);
  return listWebhooks({ accountId: account.id, cursor, limit });
});

export const POST = withApiKey<{ accountKey: string }>({}, async ({ request, account, userId }) => {
  const webhook = await createWebhook({ accountId: account.id, userId, body: await readJsonBody(request) });
  return jsonResponse(
    { data: webhook },
    { status: 201, headers: { location: `/api/${account.key}/public-tracking/webhooks/${webhook.id}` } },
  );
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
