// GET /api/{account_key}/fired-alert/{id}/deliveries: the alert's notifications with every try (docs/notifications.md).
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { listAlertDeliveries } from "@/server/modules/notifications/list-alert-deliveries";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string; alertId: string }>({ scope: "alerts:read" }, async ({ params, account }) => ({
  data: await listAlertDeliveries({ accountId: account.id, alertId: idParam(params.alertId, "ALERT_NOT_FOUND") }),
}));

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
