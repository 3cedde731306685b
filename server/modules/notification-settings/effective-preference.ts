// Whether a member's preference rows let an alert type through on a channel: no row means on, the most specific row
// wins (type and channel, then type, then channel, then */*). The notification worker decides by the same order
// (notification-worker.ts preferenceAllows); the dashboard's matrix shows and edits cells with these functions.
import { ANY, type Preference } from "./notification-settings.schema";

type Row = Pick<Preference, "alert_type" | "channel" | "enabled">;

const rank = (row: Row) => (row.alert_type !== ANY ? 2 : 0) + (row.channel !== ANY ? 1 : 0);

/** the row that decides (type, channel), or null when none applies (on) */
function decidingRow(rows: readonly Row[], alertType: string, channel: string): Row | null {
  let best: Row | null = null;
  for (const row of rows) {
    if ((row.alert_type !== alertType && row.alert_type !== ANY) || (row.channel !== channel && row.channel !== ANY)) continue;
    if (!best || rank(row) > rank(best)) best = row;
  }
  return best;
}

export function preferenceEnabled(rows: readonly Row[], alertType: string, channel: string): boolean {
  return decidingRow(rows, alertType, channel)?.enabled ?? true;
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
