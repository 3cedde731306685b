// GET /api/{account_key}/report-jobs: the account's report jobs, newest first ({data, next_cursor}).
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readQuery } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { listReportJobs } from "@/server/modules/reports/jobs/list-report-jobs";
import { ZPageQuery } from "@/server/modules/paging";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string }>({ scope: "reports:read" }, async ({ request, account, scope, client }) => {
  const query = readQuery(request, ZPageQuery);
  return listReportJobs({ accountId: account.id, owner: { scope, createdBy: `oauth:${client.clientId}` }, cursor: query.cursor, limit: query.limit });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
