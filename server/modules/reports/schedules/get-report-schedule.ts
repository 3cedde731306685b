import { db } from "../../../db/client";
import { AppError } from "../../../errors";
import { reportScheduleSelect, toReportScheduleDto } from "./report-schedule-dto";
import type { ReportScheduleDto } from "./report-schedules.schema";

export async function getReportSchedule(input: { accountId: number; scheduleId: number }): Promise<ReportScheduleDto> {
  const row = await db().reportSchedule.findFirst({ where: { id: input.scheduleId, accountId: input.accountId }, select: reportScheduleSelect });
  if (!row) throw new AppError("REPORT_SCHEDULE_NOT_FOUND", "Report schedule not found.");
  return toReportScheduleDto(row);
}
