// /api/{account_key}/report-jobs/{id}: GET reads a job (file_url once done); DELETE cancels a queued or running job
// or removes a finished one with its file (204).
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { deleteReportJob } from "@/server/modules/reports/jobs/delete-report-job";
import { getReportJob } from "@/server/modules/reports/jobs/get-report-job";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; jobId: string };

export const GET = withApiAuth<Params>({ scope: "reports:read" }, async ({ params, account, scope, client }) => ({
  data: await getReportJob({ accountId: account.id, owner: { scope, createdBy: `oauth:${client.clientId}` }, jobId: idParam(params.jobId, "REPORT_JOB_NOT_FOUND") }),
}));

export const DELETE = withApiAuth<Params>({ scope: "reports:read" }, async ({ params, account, scope, client }) => {
  await deleteReportJob({ accountId: account.id, owner: { scope, createdBy: `oauth:${client.clientId}` }, jobId: idParam(params.jobId, "REPORT_JOB_NOT_FOUND") });
  return new Response(null, { status: 204 });
});

export const POST = methodNotAllowed(["GET", "DELETE"]);
export const PUT = POST;
export const PATCH = POST;
