import { db } from "../../../db/client";
import { AppError } from "../../../errors";
import { parseInput } from "../../parse-input";
import { reportScheduleSelect, toReportScheduleDto } from "./report-schedule-dto";
import { ZReportScheduleBody, type ReportScheduleDto } from "./report-schedules.schema";
import { scheduleFields } from "./schedule-fields";

/** replaces a schedule's settings (PUT: the whole body); the next run is computed again from now */
export async function updateReportSchedule(input: { accountId: number; scheduleId: number; body: unknown }): Promise<ReportScheduleDto> {
  const body = parseInput(ZReportScheduleBody, input.body);
  const exists = await db().reportSchedule.findFirst({ where: { id: input.scheduleId, accountId: input.accountId }, select: { id: true } });
  if (!exists) throw new AppError("REPORT_SCHEDULE_NOT_FOUND", "Report schedule not found.");
  const fields = await scheduleFields(input.accountId, body);
  const row = await db().reportSchedule.update({
    where: { id: input.scheduleId },
    data: { ...fields, lastError: null },
    select: reportScheduleSelect,
  });
  return toReportScheduleDto(row);
}
