// GET /api/{account_key}/report-jobs/{id}/file: a done job's file (kept 24 h; 410 REPORT_FILE_EXPIRED after that,
// 409 REPORT_NOT_READY before it is done or when it failed).
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { reportFileResponse } from "@/server/http/report-responses";
import { idParam } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { readReportFile } from "@/server/modules/reports/jobs/read-report-file";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string; jobId: string }>({ scope: "reports:read" }, async ({ params, account, scope, client }) =>
  reportFileResponse(await readReportFile({ accountId: account.id, owner: { scope, createdBy: `oauth:${client.clientId}` }, jobId: idParam(params.jobId, "REPORT_JOB_NOT_FOUND") })),
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
