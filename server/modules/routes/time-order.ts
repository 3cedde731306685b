// A route or run ends after it starts. Times are kept to the minute from local midnight and school runs do not
// cross midnight, so an end at or before the start is a slip (most often a 12-hour afternoon time typed without
// "pm"), refused under the end time with the way to write it.
import { AppError } from "../../errors";
import { formatClockMinutes } from "../time/zoned-time";

export function ensureTimeOrder(startMinute: number | null, endMinute: number | null, field = "endTime"): void {
  if (startMinute === null || endMinute === null || endMinute > startMinute) return;
  const message = `must be after the start time ${formatClockMinutes(startMinute)}; write afternoon times as 15:30 or 3:30 pm`;
  throw new AppError("VALIDATION_FAILED", `${field}: ${message}`, [{ field, message }]);
}
