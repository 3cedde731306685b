// The report request as the dashboard sends it (tRPC and the download route): "all" or chosen asset ids, the range,
// period and options. It is validated by the same use case as the REST API (parseReportRequest: range limits, periods
// per type, every asset the account's), so the page gets the API's messages; "all" becomes the account's asset ids.
import { z } from "zod";
import { AppError } from "../../errors";
import { listAssets } from "../../modules/assets/list-assets";
import { MAX_PAGE_SIZE } from "../../modules/paging";
import { REPORT_LIMITS, parseReportRequest } from "../../modules/reports/reports.schema";
import { REPORT_PERIODS, REPORT_TYPES, type ReportRequest } from "../../modules/reports/report-model";

export { SYNC_COST_LIMIT } from "../../modules/reports/engine/report-cost";
/** rows per JSON page the dashboard asks for (the table pages on with "Load more") */
export const PAGE_LIMIT = REPORT_LIMITS.defaultPageSize;

export const ZRequest = z.object({
  type: z.enum(REPORT_TYPES),
  /** "all": every asset of the account */
  assetIds: z.union([z.literal("all"), z.array(z.number().int().positive()).min(1).max(REPORT_LIMITS.maxAssets)]),
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

/** the account's assets the request names ("all": every one; more than the per-report limit is refused later) */
async function resolveAssetIds(accountId: number, assetIds: ReportRequestInput["assetIds"]): Promise<number[]> {
  if (assetIds !== "all") return assetIds;
  const ids: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await listAssets({ accountId, cursor, limit: MAX_PAGE_SIZE });
    ids.push(...page.data.map((asset) => asset.id));
    cursor = page.next_cursor ?? undefined;
  } while (cursor && ids.length <= REPORT_LIMITS.maxAssets);
  return ids;
}

/** the engine's request for one account, checked as the REST API checks it */
export async function toRequest(accountId: number, input: ReportRequestInput): Promise<ReportRequest> {
  const assetIds = await resolveAssetIds(accountId, input.assetIds);
  if (assetIds.length === 0) {
    throw new AppError("VALIDATION_FAILED", "The account has no assets to report on yet.", [
      { field: "assetIds", message: "the account has no assets yet" },
    ]);
  }
  const { options } = input;
  const parsed = await parseReportRequest({
    accountId,
    type: input.type,
    query: {
      asset_ids: assetIds,
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
