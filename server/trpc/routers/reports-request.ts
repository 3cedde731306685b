// The report request as the dashboard sends it (tRPC and the download route): "all" or chosen asset ids, the range,
// period and options. It is validated by the same use case as the REST API (parseReportRequest: range limits, periods
// per type, every asset one the member sees), so the page gets the API's messages; "all" becomes the ids of the
// assets the member sees, narrowed by groupId / tagId, as for the REST API's asset_ids=all (expandAllAssets).
import { z } from "zod";
import type { AssetScope } from "../../modules/asset-scope/asset-scope";
import { expandAllAssets } from "../../modules/reports/jobs/answer-report";
import { REPORT_LIMITS, parseReportRequest } from "../../modules/reports/reports.schema";
import { REPORT_PERIODS, REPORT_TYPES, type ReportRequest } from "../../modules/reports/report-model";

export { SYNC_COST_LIMIT } from "../../modules/reports/engine/report-cost";
/** rows per JSON page the dashboard asks for (the table pages on with "Load more") */
export const PAGE_LIMIT = REPORT_LIMITS.defaultPageSize;

export const ZRequest = z.object({
  type: z.enum(REPORT_TYPES),
  /** "all": every asset of the account */
  assetIds: z.union([z.literal("all"), z.array(z.number().int().positive()).min(1).max(REPORT_LIMITS.maxAssets)]),
  /** only the assets in this group (with its subgroups) */
  groupId: z.number().int().positive().optional(),
  /** only the assets with this tag */
  tagId: z.number().int().positive().optional(),
  from: z.date(),
  to: z.date(),
  period: z.enum(REPORT_PERIODS).optional(),
  options: z
    .object({
      ioColumns: z.array(z.string().min(1).max(64)).max(REPORT_LIMITS.maxIoColumns).optional(),
      temperatureMinC: z.number().optional(),
      temperatureMaxC: z.number().optional(),
      eventTypes: z.array(z.string().min(1).max(64)).max(50).optional(),
    })
    .optional(),
});
export type ReportRequestInput = z.infer<typeof ZRequest>;

/** the engine's request for one member, checked as the REST API checks it ("all": the assets they see, ≤ 500) */
export async function toRequest(scope: AssetScope, input: ReportRequestInput): Promise<ReportRequest> {
  const { options } = input;
  const parsed = await parseReportRequest({
    accountId: scope.accountId,
    scope,
    type: input.type,
    query: {
      asset_ids: await expandAllAssets(scope, input.assetIds, { group_id: input.groupId, tag_id: input.tagId }),
      from: input.from.toISOString(),
      to: input.to.toISOString(),
      ...(input.period && { period: input.period }),
      ...(options?.ioColumns?.length && { io_columns: options.ioColumns }),
      ...(options?.temperatureMinC !== undefined && { temp_min: options.temperatureMinC }),
      ...(options?.temperatureMaxC !== undefined && { temp_max: options.temperatureMaxC }),
      ...(options?.eventTypes?.length && { event_types: options.eventTypes }),
    },
  });
  return parsed.request;
}
