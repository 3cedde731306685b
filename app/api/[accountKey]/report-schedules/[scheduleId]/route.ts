// /api/{account_key}/report-schedules/{id}: GET reads a schedule (reports:read); PUT replaces its settings as a
// whole and DELETE removes it (reports:write; 204). Jobs it made stay until their files expire.
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam, readJson } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { deleteReportSchedule } from "@/server/modules/reports/schedules/delete-report-schedule";
import { getReportSchedule } from "@/server/modules/reports/schedules/get-report-schedule";
import { updateReportSchedule } from "@/server/modules/reports/schedules/update-report-schedule";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; scheduleId: string };
const scheduleId = (params: Params) => idParam(params.scheduleId, "REPORT_SCHEDULE_NOT_FOUND");

export const GET = withApiAuth<Params>({ scope: "reports:read", accountWide: true }, async ({ params, account }) => ({
  data: await getReportSchedule({ accountId: account.id, scheduleId: scheduleId(params) }),
}));

export const PUT = withApiAuth<Params>({ scope: "reports:write", accountWide: true }, async ({ request, params, account }) => ({
  data: await updateReportSchedule({ accountId: account.id, scheduleId: scheduleId(params), body: await readJson(request, z.unknown()) }),
}));

export const DELETE = withApiAuth<Params>({ scope: "reports:write", accountWide: true }, async ({ params, account }) => {
  await deleteReportSchedule({ accountId: account.id, scheduleId: scheduleId(params) });
  return new Response(null, { status: 204 });
});

export const POST = methodNotAllowed(["GET", "PUT", "DELETE"]);
export const PATCH = POST;
