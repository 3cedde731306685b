import { db } from "../../../db/client";
import { parseInput } from "../../parse-input";
import { decodeCursor, pageById, ZListPage, type ListPageInput } from "../../paging";
import { reportJobOwnerWhere } from "./report-job-owner";
import type { AssetScope } from "../../asset-scope/asset-scope";
import { reportJobSelect, toReportJobDto } from "./report-job-dto";
import type { ReportJobDto } from "./report-jobs.schema";

/** the account's jobs, newest first, a page at a time */
export async function listReportJobs(input: ListPageInput & {
  /** the caller's scope and name (user:<id>, oauth:<client_id>): a group-limited member sees only their own jobs */
  owner?: { scope: AssetScope; createdBy: string };
}): Promise<{ data: ReportJobDto[]; next_cursor: string | null }> {
  const { accountId, cursor, limit } = parseInput(ZListPage, input);
  const rows = await db().reportJob.findMany({
    where: { accountId, ...reportJobOwnerWhere(input.owner?.scope, input.owner?.createdBy ?? ""), ...(cursor && { id: { lt: decodeCursor(cursor) } }) },
    select: reportJobSelect,
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  const now = Date.now();
  return pageById(rows, limit, (row) => toReportJobDto(row, now));
}
