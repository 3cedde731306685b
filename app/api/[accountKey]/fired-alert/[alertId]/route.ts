// GET /api/{account_key}/fired-alert/{id}: one fired alert (the `id` of the live stream's alert message).
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { getFiredAlert } from "@/server/modules/alerts/get-fired-alert";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string; alertId: string }>({ scope: "alerts:read" }, async ({ params, account }) => ({
  data: await getFiredAlert({ accountId: account.id, alertId: idParam(params.alertId, "ALERT_NOT_FOUND") }),
}));

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
