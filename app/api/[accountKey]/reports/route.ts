// POST /api/{account_key}/reports: queue a report job whatever its size (docs/reports.md "Jobs"); 202 {data: job}
// with the job's Location. Follow it at /report-jobs/{id} or on the /reporting socket.
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { reportJobAccepted } from "@/server/http/report-responses";
import { readJson } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { queueReportJob } from "@/server/modules/reports/jobs/queue-report-job";

export const dynamic = "force-dynamic";

export const POST = withApiAuth<{ accountKey: string }>({ scope: "reports:read" }, async ({ request, account, client, scope }) => {
  const job = await queueReportJob({ accountId: account.id, scope, body: await readJson(request, z.unknown()), createdBy: `oauth:${client.clientId}` });
  return reportJobAccepted(account.key, job);
});

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
