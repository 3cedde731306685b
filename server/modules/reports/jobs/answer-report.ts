// GET /api/{account_key}/reports/{type} as a use case (docs/reports.md): the type (404 when unknown), `asset_ids=all`
// (every asset of the account, at most 500), the engine's parser (422 with field errors, 404 for another account's
// asset), then either a job (reportCost above SYNC_COST_LIMIT: 202) or the answer now: a JSON page or a file, from
// the report cache when an identical request's data version is unchanged (first pages and files only).
import { z } from "zod";
import { db } from "../../../db/client";
import { AppError } from "../../../errors";
import type { Prisma } from "../../../generated/prisma/client";
import { type AssetScope, scopedAssetWhere } from "../../asset-scope/asset-scope";
import { groupTagWhere } from "../../asset-scope/group-asset-filter";
import { parseInput } from "../../parse-input";
import { CACHE_HEADER, readReportCache, reportCacheKey, writeReportCache, type ReportCacheHeader } from "../cache/report-cache";
import { readDataVersion } from "../engine/data-version";
import { reportCost, SYNC_COST_LIMIT } from "../engine/report-cost";
import { runReport } from "../engine/run-report";
import { REPORT_TYPES, type ReportFormat, type ReportType } from "../report-model";
import { parseReportRequest, REPORT_LIMITS, ZReportQuery } from "../reports.schema";
import { createReportJob } from "./create-report-job";
import { produceReportFile } from "./produce-report-file";
import type { ReportJobDto } from "./report-jobs.schema";

export { CACHE_HEADER };

export type ReportAnswer =
  | { kind: "page"; body: Uint8Array; cache: ReportCacheHeader }
  | { kind: "file"; contentType: string; fileName: string; body: Uint8Array; cache: ReportCacheHeader }
  | { kind: "job"; job: ReportJobDto };

export const JSON_PAGE_CONTENT_TYPE = "application/json; charset=utf-8";

/** a path's report type, or REPORT_TYPE_NOT_FOUND (404) */
export function reportTypeOf(value: string): ReportType {
  if (!(REPORT_TYPES as readonly string[]).includes(value)) {
    throw new AppError("REPORT_TYPE_NOT_FOUND", `Unknown report type "${value.slice(0, 40)}"; the types are ${REPORT_TYPES.join(", ")}.`);
  }
  return value as ReportType;
}

/** a report's group_id / tag_id (REST query text or dashboard numbers) */
export interface ReportAssetFilters {
  group_id?: unknown;
  tag_id?: unknown;
}

const ZFilterIds = z.object({
  group_id: z.coerce.number({ error: "must be a group id" }).int("must be a group id").positive("must be a group id").optional(),
  tag_id: z.coerce.number({ error: "must be a tag id" }).int("must be a tag id").positive("must be a tag id").optional(),
});

/**
 * `asset_ids=all` (or ["all"]) becomes the ids of the assets the caller sees (the whole account, or a limited
 * member's groups); group_id / tag_id narrow them to a group (with its subgroups) or a tag, and stand for
 * asset_ids=all when asset_ids is left out. Named ids are kept as named (parseReportRequest checks them).
 */
export async function expandAllAssets(scope: AssetScope, assetIds: unknown, filters: ReportAssetFilters = {}): Promise<unknown> {
  const { group_id: groupId, tag_id: tagId } = parseInput(ZFilterIds, { group_id: filters.group_id ?? undefined, tag_id: filters.tag_id ?? undefined });
  const filtered = groupId !== undefined || tagId !== undefined;
  const all = assetIds === "all" || (Array.isArray(assetIds) && assetIds.length === 1 && assetIds[0] === "all") || (filtered && assetIds === undefined);
  if (!all && !filtered) return assetIds;
  const where: Prisma.AssetWhereInput[] = [scopedAssetWhere(scope), ...(await groupTagWhere(scope.accountId, { groupId, tagId }))];
  if (!all) {
    const named = parseInput(ZReportQuery.pick({ asset_ids: true }), { asset_ids: assetIds }).asset_ids;
    where.push({ id: { in: named } });
  }
  const assets = await db().asset.findMany({ where: { AND: where }, select: { id: true }, orderBy: { id: "asc" }, take: REPORT_LIMITS.maxAssets + 1 });
  if (assets.length === 0) {
    const message = filtered ? "no asset matches the group or tag" : "the account has no assets";
    throw new AppError("VALIDATION_FAILED", `asset_ids: ${message}`, [{ field: "asset_ids", message }]);
  }
  if (assets.length > REPORT_LIMITS.maxAssets) {
    const message = `the account has more than ${REPORT_LIMITS.maxAssets} assets; name at most ${REPORT_LIMITS.maxAssets} per report`;
    throw new AppError("VALIDATION_FAILED", `asset_ids: ${message}`, [{ field: "asset_ids", message }]);
  }
  return assets.map((asset) => asset.id);
}

export async function answerReport(input: {
  accountId: number;
  /** the assets the caller sees (asset-scope/asset-scope.ts) */
  scope: AssetScope;
  type: string;
  query: Record<string, unknown>;
  createdBy: string;
}): Promise<ReportAnswer> {
  const type = reportTypeOf(input.type);
  const query = { ...input.query, asset_ids: await expandAllAssets(input.scope, input.query.asset_ids, input.query) };
  const parsed = await parseReportRequest({ accountId: input.accountId, scope: input.scope, type, query });
  const { request, format, cursor, limit } = parsed;
  const account = await db().account.findUniqueOrThrow({
    where: { id: input.accountId },
    select: { name: true, brandingPrimaryColor: true, timeZone: true },
  });
  const key = reportCacheKey({ request, format, timeZone: account.timeZone, ...(format === "json" ? { limit } : {}) });
  const cacheable = cursor === null;
  const dataVersion = cacheable ? await readDataVersion(request) : null;
  if (dataVersion !== null) {
    const cached = await readReportCache({ accountId: input.accountId, key, dataVersion });
    if (cached && format === "json") return { kind: "page", body: cached.body, cache: "hit" };
    if (cached) return { kind: "file", contentType: cached.contentType, fileName: cached.fileName ?? "report", body: cached.body, cache: "hit" };
  }

  if (reportCost(request) > SYNC_COST_LIMIT) {
    return { kind: "job", job: await createReportJob({ accountId: input.accountId, request, format, createdBy: input.createdBy }) };
  }

  if (format === "json") {
    const page = await runReport(request, { cursor, limit });
    const body = Buffer.from(JSON.stringify(page));
    if (dataVersion !== null) await writeReportCache({ accountId: input.accountId, key, dataVersion, contentType: JSON_PAGE_CONTENT_TYPE, fileName: null, body });
    return { kind: "page", body, cache: "miss" };
  }
  const file = await produceReportFile({ request, format: format as Exclude<ReportFormat, "json">, heading: { accountName: account.name, primaryColor: account.brandingPrimaryColor } });
  if (dataVersion !== null) {
    await writeReportCache({ accountId: input.accountId, key, dataVersion, contentType: file.contentType, fileName: file.fileName, body: file.body });
  }
  return { kind: "file", contentType: file.contentType, fileName: file.fileName, body: file.body, cache: "miss" };
}
