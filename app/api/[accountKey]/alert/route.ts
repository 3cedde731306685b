// /api/{account_key}/alert: the account's alert rules. GET lists them ({data, next_cursor}); POST creates one (201,
// {data}). Bodies are validated by the use case (docs/alerts.md lists each type's params).
import { z } from "zod";
import { jsonResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJson, readQuery } from "@/server/http/request-input";
import { ZPageQuery } from "@/server/modules/paging";
import { withApiAuth } from "@/server/http/with-api-auth";
import { createAlertRule } from "@/server/modules/alerts/create-alert-rule";
import { listAlertRules } from "@/server/modules/alerts/list-alert-rules";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string }>({ scope: "alerts:read" }, async ({ request, account }) => {
  const { cursor, limit } = readQuery(request, ZPageQuery);
  return listAlertRules({ accountId: account.id, cursor, limit });
});

export const POST = withApiAuth<{ accountKey: string }>({ scope: "alerts:write" }, async ({ request, account }) => {
  const rule = await createAlertRule({ accountId: account.id, body: await readJson(request, z.unknown()) });
  return jsonResponse({ data: rule }, { status: 201, headers: { location: `/api/${account.key}/alert/${rule.id}` } });
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
