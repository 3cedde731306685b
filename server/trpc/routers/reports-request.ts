// The report request as the dashboard sends it (tRPC and the download route): "all" or chosen asset ids, the range,
// period and options, turned into the engine's ReportRequest for one account.
import { z } from "zod";
import { listAssets } from "../../modules/assets/list-assets";
import { MAX_PAGE_SIZE } from "../../modules/paging";
import { REPORT_PERIODS, REPORT_TYPES, type ReportRequest } from "../../modules/reports/report-model";

/** the synchronous limit of docs/reports.md: above it a report runs as a job */
export const SYNC_COST_LIMIT = 5_000;
/** rows per JSON page the dashboard asks for (the table pages on with "Load more") */
export const PAGE_LIMIT = 1_000;

export const ZRequest = z.object({
  type: z.enum(REPORT_TYPES),
  /** "all": every asset of the account */
  assetIds: z.union([z.literal("all"), z.array(z.number().int().positive()).min(1).max(500)]),
  from: z.date(),
  to: z.date(),
  period: z.enum(REPORT_PERIODS).optional(),
  options: z
    .object({
      ioColumns: z.array(z.string().min(1).max(64)).max(20).optional(),
      temperatureMinC: z.number().min(-100).max(200).optional(),
      temperatureMaxC: z.number().min(-100).max(200).optional(),
      eventTypes: z.array(z.string().min(1).max(64)).max(50).optional(),
    })
    .optional(),
});
export type ReportRequestInput = z.infer<typeof ZRequest>;

/** the account's assets the request names ("all": every one, at most 500 per report) */
async function resolveAssetIds(accountId: number, assetIds: ReportRequestInput["assetIds"]): Promise<number[]> {
  if (assetIds !== "all") return assetIds;
  const ids: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await listAssets({ accountId, cursor, limit: MAX_PAGE_SIZE });
    ids.push(...page.data.map((asset) => asset.id));
    cursor = page.next_cursor ?? undefined;
  } while (cursor && ids.length <= 500);
  return ids;
}

export async function toRequest(accountId: number, input: ReportRequestInput): Promise<ReportRequest> {
  return {
    accountId,
    type: input.type,
    assetIds: await resolveAssetIds(accountId, input.assetIds),
    from: input.from,
    to: input.to,
    ...(input.period && { period: input.period }),
    ...(input.options && { options: input.options }),
  };
}

