import { db } from "../../../db/client";
import { parseInput } from "../../parse-input";
import { decodeCursor, pageById, ZListPage, type ListPageInput } from "../../paging";
import { reportScheduleSelect, toReportScheduleDto } from "./report-schedule-dto";
import type { ReportScheduleDto } from "./report-schedules.schema";

/** the account's schedules, newest first */
export async function listReportSchedules(input: ListPageInput): Promise<{ data: ReportScheduleDto[]; next_cursor: string | null }> {
  const { accountId, cursor, limit } = parseInput(ZListPage, input);
  const rows = await db().reportSchedule.findMany({
    where: { accountId, ...(cursor && { id: { lt: decodeCursor(cursor) } }) },
    select: reportScheduleSelect,
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  return pageById(rows, limit, toReportScheduleDto);
}
