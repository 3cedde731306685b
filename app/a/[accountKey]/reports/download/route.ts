// GET /a/{accountKey}/reports/download: a report as a file for the signed-in dashboard user (the session cookie, not
// an API token; the REST API's file routes take bearer tokens). Two forms:
//   ?type=trips&asset_ids=1,2|all&from=ISO&to=ISO[&period=][&io_columns=a,b][&temp_min=][&temp_max=]
//     &format=pdf|xlsx|html  -> the file, through the REST API's own use case (answerReport: the same validation,
//                               the report cache); above the synchronous limit it queues a job instead and answers
//                               202 with a message (the page lists the job under "Report jobs")
//   ?job=ID                   -> a finished job's file
// Every member who sees the assets may download (assets.read). The browser does not cache the answers.
import { z } from "zod";
import { getSessionUser } from "@/server/auth/session";
import { AppError } from "@/server/errors";
import { errorResponse, jsonResponse } from "@/server/http/api-response";
import { mapError } from "@/server/http/map-error";
import { reportFileResponse } from "@/server/http/report-responses";
import { log } from "@/server/log";
import { answerReport } from "@/server/modules/reports/jobs/answer-report";
import { readReportFile } from "@/server/modules/reports/jobs/read-report-file";
import { getMembership } from "@/server/modules/users/get-membership";
import { can } from "@/server/modules/users/roles";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ accountKey: string }> }): Promise<Response> {
  const { accountKey } = await params;
  try {
    const user = await getSessionUser();
    if (!user) return errorResponse(401, { message: "Sign in first.", code: "UNAUTHENTICATED" });
    const { account, role, scope } = await getMembership({ userId: user.id, accountKey });
    if (!can(role, "assets.read")) throw new AppError("FORBIDDEN", "Your role does not allow this.");
    const query = new URL(request.url).searchParams;

    const jobId = query.get("job");
    if (jobId !== null) {
      const id = z.coerce.number().int().positive().parse(jobId);
      return reportFileResponse(await readReportFile({ accountId: account.id, owner: { scope, createdBy: `user:${user.id}` }, jobId: id }));
    }

    const format = z.enum(["pdf", "xlsx", "html"]).parse(query.get("format"));
    const type = query.get("type") ?? "";
    // the REST query names; a JSON page is never asked here
    const answer = await answerReport({ accountId: account.id, scope, type, query: { ...Object.fromEntries(query), format }, createdBy: `user:${user.id}` });
    if (answer.kind === "job") {
      return jsonResponse(
        { message: "This report is large: it is being made in the background; download it from Report jobs on the Reports page.", job: answer.job },
        { status: 202 },
      );
    }
    if (answer.kind !== "file") throw new AppError("VALIDATION_FAILED", "format must be pdf, xlsx or html");
    return reportFileResponse(answer, { "x-fleetline-cache": answer.cache });
  } catch (error) {
    return mapError(error, log("reports-download"));
  }
}
