// GET /api/{account_key}/fired-alert: alerts that fired, newest first ({data, next_cursor}), filtered by asset_id,
// rule_id, type, from and to.
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { withApiAuth } from "@/server/http/with-api-auth";
import { listFiredAlerts } from "@/server/modules/alerts/list-fired-alerts";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string }>({ scope: "alerts:read" }, async ({ request, account, scope }) =>
  listFiredAlerts({ accountId: account.id, scope, query: Object.fromEntries(new URL(request.url).searchParams) }),
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
