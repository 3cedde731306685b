import { db } from "../../../db/client";
import { AppError } from "../../../errors";

/** removes a schedule; jobs it made stay (and their files until they expire) */
export async function deleteReportSchedule(input: { accountId: number; scheduleId: number }): Promise<void> {
  const { count } = await db().reportSchedule.deleteMany({ where: { id: input.scheduleId, accountId: input.accountId } });
  if (count === 0) throw new AppError("REPORT_SCHEDULE_NOT_FOUND", "Report schedule not found.");
}
