// POST /api/{account_key}/fired-alert/{id}/acknowledge: stops a critical alert's escalation and records who (the
// token's user) and when; acknowledging again answers the first acknowledgement (docs/notifications.md).
import { db } from "@/server/db/client";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { acknowledgeAlert } from "@/server/modules/notifications/acknowledge-alert";

export const dynamic = "force-dynamic";

export const POST = withApiAuth<{ accountKey: string; alertId: string }>({ scope: "alerts:write" }, async ({ params, account, userId, client }) => {
  const user = await db().user.findUnique({ where: { id: userId }, select: { name: true, email: true } });
  const label = user ? `${user.name} <${user.email}> (API client ${client.clientId})` : `API client ${client.clientId}`;
  return { data: await acknowledgeAlert({ accountId: account.id, alertId: idParam(params.alertId, "ALERT_NOT_FOUND"), by: { userId, label } }) };
});

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
