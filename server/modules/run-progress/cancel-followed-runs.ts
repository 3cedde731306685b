// A run cancelled by the team (the dashboard, a runs import) is cancelled in its progress at once,
// not on its vehicle's next fix: a bus that stays in the depot sends none, and the receivers of run_cancelled would
// never hear of it. Only days being followed now (yesterday's and today's, docs/run-progress.md) whose window has not
// ended; a day further ahead is cancelled by the tracker on its first fix of that day, as before.
//
// Once in the cluster: the node that took the request writes the cancelled state over the event count it read
// (run-progress-store.ts) and announces run_cancelled only when that write landed. The tracker that holds the run on
// another node loses its next write, reads the row again and finds the run over, so it never announces it again.
import { processHub } from "../../announce";
import { database } from "../../db/client";
import { log } from "../../log";
import { announceRunEvents } from "./announce-run-events";
import { loadFollowedRuns } from "./followed-runs";
import { cancel, initialState } from "./run-progress";
import { runProgressMessage } from "./run-progress-message";
import { readProgress, writeProgress, WRITE_ATTEMPTS } from "./run-progress-store";


/**
 * cancels the progress of the account's followed cancelled runs on `routeIds` (all routes when omitted) and announces
 * run_cancelled for each that was not over; returns the ids of the events announced
 */
export async function cancelFollowedRuns(input: { accountId: number; routeIds?: number[]; now?: number }): Promise<string[]> {
  const now = input.now ?? Date.now();
  const { sql } = database();
  const routes = input.routeIds && new Set(input.routeIds);
  const runs = (await loadFollowedRuns(sql, input.accountId, now)).filter(
    (run) => run.plan.cancelled && now <= run.plan.finishBy && (!routes || routes.has(run.routeId)),
  );
  const announced: string[] = [];
  for (const run of runs) {
    for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt++) {
      const stored = await readProgress(sql, run);
      const step = cancel(stored?.state ?? initialState(run.plan), now);
      if (step.events.length === 0) break; // over already, or cancelled by another writer
      const eventCount = (stored?.eventCount ?? 0) + 1;
      const assetId = stored?.assetId ?? run.assetId;
      const written = await writeProgress(sql, run, { readCount: stored?.eventCount ?? null, state: step.state, eventCount, assetId });
      if (!written) continue;
      const message = runProgressMessage({ run, state: step.state, event: step.events[0]!, sequence: eventCount, assetId });
      announceRunEvents(processHub(), log("run-progress"), [message], assetId === run.assetId ? run.assetName : null);
      announced.push(message.id);
      break;
    }
  }
  return announced;
}
