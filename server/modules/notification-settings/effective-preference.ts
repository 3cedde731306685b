// The dashboard's matrix of a member's preferences: whether a cell is on, and the rows after switching one, by the
// order the notification worker sends by (notifications/preference-order.ts).
import { preferenceAllows } from "../notifications/preference-order";
import type { Preference } from "./notification-settings.schema";

type Row = Pick<Preference, "alert_type" | "channel" | "enabled">;

const ordered = (row: Row) => ({ alertType: row.alert_type, channel: row.channel, enabled: row.enabled });

export function preferenceEnabled(rows: readonly Row[], alertType: string, channel: string): boolean {
  return preferenceAllows(rows.map(ordered), alertType, channel);
}

/**
 * The rows after switching one (type, channel) cell: the cell's own row is replaced, and dropped when the broader
 * rows already give the wanted value, so the document stays as small as what the member chose.
 */
export function withPreference(rows: readonly Row[], alertType: Row["alert_type"], channel: Row["channel"], enabled: boolean): Row[] {
  const others = rows.filter((row) => !(row.alert_type === alertType && row.channel === channel));
  if (preferenceEnabled(others, alertType, channel) === enabled) return others;
  return [...others, { alert_type: alertType, channel, enabled }];
}
