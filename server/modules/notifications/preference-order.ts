// Which preference row decides whether an alert type reaches a recipient on a channel: no row means on, the most
// specific row wins (type and channel, then type, then channel, then */*). One order for the notification worker
// (what is sent) and the dashboard's matrix (what is shown), so the two can never disagree.
export const ANY_PREFERENCE = "*";

export interface PreferenceRow {
  alertType: string;
  channel: string;
  enabled: boolean;
}

const specificity = (row: PreferenceRow) => (row.alertType !== ANY_PREFERENCE ? 2 : 0) + (row.channel !== ANY_PREFERENCE ? 1 : 0);

/** the row that decides (type, channel), or null when none applies */
export function decidingPreference<R extends PreferenceRow>(rows: readonly R[], alertType: string, channel: string): R | null {
  let best: R | null = null;
  for (const row of rows) {
    if ((row.alertType !== alertType && row.alertType !== ANY_PREFERENCE) || (row.channel !== channel && row.channel !== ANY_PREFERENCE)) continue;
    if (!best || specificity(row) > specificity(best)) best = row;
  }
  return best;
}

export function preferenceAllows(rows: readonly PreferenceRow[], alertType: string, channel: string): boolean {
  return decidingPreference(rows, alertType, channel)?.enabled ?? true;
}
