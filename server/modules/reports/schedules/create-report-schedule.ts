import { db } from "../../../db/client";
import { AppError } from "../../../errors";
import { parseInput } from "../../parse-input";
import { reportScheduleSelect, toReportScheduleDto } from "./report-schedule-dto";
import { REPORT_SCHEDULE_LIMITS, ZReportScheduleBody, type ReportScheduleDto } from "./report-schedules.schema";
import { scheduleFields } from "./schedule-fields";

/** a new schedule; its first run is the next matching local time from now */
export async function createReportSchedule(input: { accountId: number; body: unknown; createdBy: string }): Promise<ReportScheduleDto> {
  const body = parseInput(ZReportScheduleBody, input.body);
  const count = await db().reportSchedule.count({ where: { accountId: input.accountId } });
  if (count >= REPORT_SCHEDULE_LIMITS.maxSchedules) {
    throw new AppError("QUOTA_EXCEEDED", `An account has at most ${REPORT_SCHEDULE_LIMITS.maxSchedules} report schedules.`);
  }
  const fields = await scheduleFields(input.accountId, body);
  const row = await db().reportSchedule.create({
    data: { accountId: input.accountId, createdBy: input.createdBy, ...fields },
    select: reportScheduleSelect,
  });
  return toReportScheduleDto(row);
}
