// POST /api/{account_key}/reports: a report asked for as a job whatever its cost (docs/reports.md "Jobs"). The body
// carries the GET query's fields as JSON and goes through the same parser and limits; an unknown type is a 422 on
// `type` here (in the GET path it is a 404).
import { AppError } from "../../../errors";
import type { AssetScope } from "../../asset-scope/asset-scope";
import { parseInput } from "../../parse-input";
import { REPORT_TYPES } from "../report-model";
import { parseReportRequest } from "../reports.schema";
import { expandAllAssets } from "./answer-report";
import { createReportJob } from "./create-report-job";
import { ZReportJobBody, type ReportJobDto } from "./report-jobs.schema";

export async function queueReportJob(input: { accountId: number; scope: AssetScope; body: unknown; createdBy: string }): Promise<ReportJobDto> {
  const body = parseInput(ZReportJobBody, input.body);
  if (!(REPORT_TYPES as readonly string[]).includes(body.type)) {
    const message = `must be one of ${REPORT_TYPES.join(", ")}`;
    throw new AppError("VALIDATION_FAILED", `type: ${message}`, [{ field: "type", message }]);
  }
  const query: Record<string, unknown> = {
    asset_ids: await expandAllAssets(input.scope, body.asset_ids, body),
    from: body.from,
    to: body.to,
    format: body.format,
    ...(body.period ? { period: body.period } : {}),
    ...(body.options?.io_columns ? { io_columns: body.options.io_columns } : {}),
    ...(body.options?.temp_min !== undefined ? { temp_min: body.options.temp_min } : {}),
    ...(body.options?.temp_max !== undefined ? { temp_max: body.options.temp_max } : {}),
    ...(body.options?.event_types ? { event_types: body.options.event_types } : {}),
  };
  const { request, format } = await parseReportRequest({ accountId: input.accountId, scope: input.scope, type: body.type, query });
  return createReportJob({ accountId: input.accountId, request, format, createdBy: input.createdBy });
}
