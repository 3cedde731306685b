// /api/{account_key}/alert/{id}: one alert rule. GET reads it, PUT replaces it (the whole rule), DELETE removes it
// (204; its fired alerts stay). Another account's rule is 404 ALERT_RULE_NOT_FOUND, like a missing one.
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam, readJson } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { deleteAlertRule } from "@/server/modules/alerts/delete-alert-rule";
import { getAlertRule } from "@/server/modules/alerts/get-alert-rule";
import { updateAlertRule } from "@/server/modules/alerts/update-alert-rule";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; ruleId: string };

export const GET = withApiAuth<Params>({ scope: "alerts:read" }, async ({ params, account }) => ({
  data: await getAlertRule({ accountId: account.id, ruleId: idParam(params.ruleId, "ALERT_RULE_NOT_FOUND") }),
}));

export const PUT = withApiAuth<Params>({ scope: "alerts:write" }, async ({ request, params, account }) => {
  const ruleId = idParam(params.ruleId, "ALERT_RULE_NOT_FOUND");
  return { data: await updateAlertRule({ accountId: account.id, ruleId, body: await readJson(request, z.unknown()) }) };
});

export const DELETE = withApiAuth<Params>({ scope: "alerts:write" }, async ({ params, account }) => {
  await deleteAlertRule({ accountId: account.id, ruleId: idParam(params.ruleId, "ALERT_RULE_NOT_FOUND") });
  return new Response(null, { status: 204 });
});

export const POST = methodNotAllowed(["GET", "PUT", "DELETE"]);
export const PATCH = POST;
