// GET /api/{account_key}/reports/{type}: a report now, or a job when it is too large to answer at once
// (docs/reports.md). format=json (default) answers {data, next_cursor, meta}; html, xlsx and pdf answer the file.
// Over the cost limit: 202 {data: job} with Location. Identical requests whose data did not change come from the
// cache (x-fleetline-cache: hit|miss).
import { JSON_CONTENT_TYPE } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { reportFileResponse, reportJobAccepted } from "@/server/http/report-responses";
import { withApiAuth } from "@/server/http/with-api-auth";
import { answerReport, CACHE_HEADER } from "@/server/modules/reports/jobs/answer-report";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string; type: string }>({ scope: "reports:read" }, async ({ request, account, params, client, scope }) => {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const answer = await answerReport({ accountId: account.id, scope, type: params.type, query, createdBy: `oauth:${client.clientId}` });
  if (answer.kind === "job") return reportJobAccepted(account.key, answer.job);
  if (answer.kind === "file") return reportFileResponse(answer, { [CACHE_HEADER]: answer.cache });
  return new Response(new Uint8Array(answer.body), {
    headers: { "content-type": JSON_CONTENT_TYPE, "cache-control": "no-store", [CACHE_HEADER]: answer.cache },
  });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
