// A cancelled run scheduled again by the team (the dashboard, a runs import with status scheduled)
// is followed again from where it was: its stored progress, cancelled at once when it was cancelled
// (cancel-followed-runs.ts), is revived before "runs.changed", and a tracker holding the cancelled copy drops it when
// it reads the account's runs again, so the vehicle's next fix continues the run and its event numbering.
import { database } from "../../db/client";
import { loadFollowedRuns } from "./followed-runs";
import { restore } from "./run-progress";
import { readProgress, writeProgress, WRITE_ATTEMPTS } from "./run-progress-store";

/**
 * a cancelled run scheduled again: the progress of the account's followed days on `routeIds` that were cancelled is
 * followed again from where it was, so the next fix continues it (no event: there is no "restored" webhook). Called
 * before "runs.changed", so the trackers that drop their cancelled copy read this one.
 */
export async function restoreFollowedRuns(input: { accountId: number; routeIds: number[]; now?: number }): Promise<void> {
  const now = input.now ?? Date.now();
  const { sql } = database();
  const routes = new Set(input.routeIds);
  const runs = (await loadFollowedRuns(sql, input.accountId, now)).filter((run) => !run.plan.cancelled && routes.has(run.routeId));
  for (const run of runs) {
    for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt++) {
      const stored = await readProgress(sql, run);
      const state = stored && restore(stored.state);
      if (!stored || !state) break;
      if (await writeProgress(sql, run, { readCount: stored.eventCount, state, eventCount: stored.eventCount, assetId: stored.assetId })) break;
    }
  }
}
