// /api/{account_key}/report-schedules: scheduled reports (docs/reports.md "Scheduled reports"). GET lists them
// (reports:read); POST creates one (reports:write; 201, {data}, Location).
import { z } from "zod";
import { jsonResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJson, readQuery } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { ZPageQuery } from "@/server/modules/paging";
import { createReportSchedule } from "@/server/modules/reports/schedules/create-report-schedule";
import { listReportSchedules } from "@/server/modules/reports/schedules/list-report-schedules";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string }>({ scope: "reports:read", accountWide: true }, async ({ request, account }) => {
  const query = readQuery(request, ZPageQuery);
  return listReportSchedules({ accountId: account.id, cursor: query.cursor, limit: query.limit });
});

export const POST = withApiAuth<{ accountKey: string }>({ scope: "reports:write", accountWide: true }, async ({ request, account, client }) => {
  const schedule = await createReportSchedule({ accountId: account.id, body: await readJson(request, z.unknown()), createdBy: `oauth:${client.clientId}` });
  return jsonResponse({ data: schedule }, { status: 201, headers: { location: `/api/${account.key}/report-schedules/${schedule.id}` } });
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
