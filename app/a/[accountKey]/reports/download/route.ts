// GET /a/{accountKey}/reports/download: a report as a file for the signed-in dashboard user (the session cookie, not
// an API token; the REST API's file routes take bearer tokens). Two forms:
//   ?type=trips&asset_ids=1,2|all&from=ISO&to=ISO[&period=][&io_columns=a,b][&temp_min=][&temp_max=]
//     &format=pdf|xlsx|html  -> rendered now; refused (409) above the synchronous limit, where the page makes a job
//   ?job=ID                   -> a finished job's file
// Every member who sees the assets may download (assets.read). Answers are never cached.
import { z } from "zod";
import { getSessionUser } from "@/server/auth/session";
import { AppError } from "@/server/errors";
import { errorResponse } from "@/server/http/api-response";
import { mapError } from "@/server/http/map-error";
import { log } from "@/server/log";
import { reportCost } from "@/server/modules/reports/engine/report-cost";
import { streamReport } from "@/server/modules/reports/engine/run-report";
import { readReportFile } from "@/server/modules/reports/jobs/read-report-file";
import { renderReport } from "@/server/modules/reports/render/render-report";
import { getMembership } from "@/server/modules/users/get-membership";
import { can } from "@/server/modules/users/roles";
import { SYNC_COST_LIMIT, toRequest, ZRequest } from "@/server/trpc/routers/reports-request";

export const dynamic = "force-dynamic";

const list = (text: string | undefined) => (text ? text.split(",").map((part) => part.trim()).filter(Boolean) : undefined);
const optionalNumber = z.coerce.number().finite().optional();

/** the query string as ZRequest takes it (the same shape the page's tRPC calls send) */
function parseQuery(query: URLSearchParams) {
  const get = (name: string) => query.get(name) ?? undefined;
  const assets = get("asset_ids");
  const io = list(get("io_columns"));
  const min = optionalNumber.parse(get("temp_min"));
  const max = optionalNumber.parse(get("temp_max"));
  const request = ZRequest.parse({
    type: get("type"),
    assetIds: assets === "all" ? "all" : list(assets)?.map(Number),
    from: get("from") ? new Date(get("from")!) : undefined,
    to: get("to") ? new Date(get("to")!) : undefined,
    period: get("period"),
    options:
      io || min !== undefined || max !== undefined
        ? { ...(io && { ioColumns: io }), ...(min !== undefined && { temperatureMinC: min }), ...(max !== undefined && { temperatureMaxC: max }) }
        : undefined,
  });
  const format = z.enum(["pdf", "xlsx", "html"]).parse(get("format"));
  return { request, format };
}

function fileResponse(file: { fileName: string; contentType: string; body: Uint8Array }): Response {
  const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(Buffer.from(file.body), {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "content-length": String(file.body.byteLength),
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

export async function GET(request: Request, { params }: { params: Promise<{ accountKey: string }> }): Promise<Response> {
  const { accountKey } = await params;
  try {
    const user = await getSessionUser();
    if (!user) return errorResponse(401, { message: "Sign in first.", code: "UNAUTHENTICATED" });
    const { account, role } = await getMembership({ userId: user.id, accountKey });
    if (!can(role, "assets.read")) throw new AppError("FORBIDDEN", "Your role does not allow this.");
    const query = new URL(request.url).searchParams;

    const jobId = query.get("job");
    if (jobId !== null) {
      const id = z.coerce.number().int().positive().parse(jobId);
      return fileResponse(await readReportFile({ accountId: account.id, jobId: id }));
    }

    const { request: choice, format } = parseQuery(query);
    const report = await toRequest(account.id, choice);
    if (reportCost(report) > SYNC_COST_LIMIT) {
      throw new AppError("CONFLICT", "This report is too large to download at once: run it on the Reports page, which makes it in the background.");
    }
    const stream = await streamReport(report);
    const file = await renderReport(format, stream, { accountName: account.name, primaryColor: account.brandingPrimaryColor });
    return fileResponse(file);
  } catch (error) {
    return mapError(error, log("reports-download"));
  }
}
