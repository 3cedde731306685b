// A rule's active hours: it alerts only between two times of day in the account's time zone, judged by the fix time
// of the position that fired it (a record uploaded late counts when it happened). `to` earlier than `from` wraps past
// midnight: 22:00-06:00 is the night. Outside them the rule's state still follows the vehicle (an ignition switched
// on at 21:50 is not reported at 22:00), as with the cooldown: the hours suppress the alert, not what caused it.
import { zonedParts } from "../time/zoned-time";

export interface CompiledActiveHours {
  /** minutes of the day */
  from: number;
  to: number;
  timeZone: string;
}

export function isWithinActiveHours(hours: CompiledActiveHours | null, instant: number): boolean {
  if (!hours) return true;
  const local = zonedParts(instant, hours.timeZone);
  const minute = local.hour * 60 + local.minute;
  return hours.from < hours.to ? minute >= hours.from && minute < hours.to : minute >= hours.from || minute < hours.to;
}
