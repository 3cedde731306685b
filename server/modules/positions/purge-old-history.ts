// History retention (docs/configuration.md "History retention"): an account may keep its history for a number of
// days; older positions, trips, fired alerts and driver behaviour events are deleted in the background, in small batches with a pause
// between them, so that a large backlog never holds long locks nor crowds out ingest. The newest position of each
// asset stays whatever its age: it is the asset's last known position (asset_states points at it). Every node runs
// the pass; deleting rows another node just deleted is harmless.
import { db } from "../../db/client";

export const HISTORY_RETENTION = {
  /** how often old rows are looked for */
  everyMs: 60 * 60_000,
  /** rows deleted per statement */
  batch: 2_000,
  /** pause between two statements */
  pauseMs: 50,
} as const;

export interface PurgedHistory {
  positions: number;
  trips: number;
  alerts: number;
  behaviorEvents: number;
}

const DAY_MS = 24 * 60 * 60_000;

/** deletes what every account's retention no longer keeps; `stopping()` ends the pass early (server stop) */
export async function purgeOldHistory(
  options: { now?: number; batch?: number; pauseMs?: number; stopping?: () => boolean } = {},
): Promise<PurgedHistory> {
  const now = options.now ?? Date.now();
  const batch = options.batch ?? HISTORY_RETENTION.batch;
  const pause = () => new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? HISTORY_RETENTION.pauseMs));
  const stopping = options.stopping ?? (() => false);
  const purged: PurgedHistory = { positions: 0, trips: 0, alerts: 0, behaviorEvents: 0 };
  const accounts = await db().account.findMany({
    where: { historyRetentionDays: { not: null } },
    select: { id: true, historyRetentionDays: true },
  });
  for (const account of accounts) {
    const before = new Date(now - account.historyRetentionDays! * DAY_MS);
    const steps: [keyof PurgedHistory, () => Promise<number>][] = [
      ["positions", () => db().$executeRaw`
        DELETE FROM positions WHERE id IN (
          SELECT p.id FROM positions p JOIN assets a ON a.id = p.asset_id
          WHERE a.account_id = ${account.id} AND p.fix_time < ${before}
            AND NOT EXISTS (SELECT 1 FROM asset_states s WHERE s.position_id = p.id)
          LIMIT ${batch})`],
      // a trip goes once it has ended before the cut-off; the one still open (asset_states.open_trip_id) never does
      ["trips", () => db().$executeRaw`
        DELETE FROM trips WHERE id IN (
          SELECT t.id FROM trips t JOIN assets a ON a.id = t.asset_id
          WHERE a.account_id = ${account.id} AND t.ended_at IS NOT NULL AND t.ended_at < ${before}
          LIMIT ${batch})`],
      ["alerts", () => db().$executeRaw`
        DELETE FROM alerts WHERE id IN (
          SELECT id FROM alerts WHERE account_id = ${account.id} AND fired_at < ${before} LIMIT ${batch})`],
      ["behaviorEvents", () => db().$executeRaw`
        DELETE FROM driver_behavior_events WHERE id IN (
          SELECT id FROM driver_behavior_events WHERE account_id = ${account.id} AND at < ${before} LIMIT ${batch})`],
    ];
    for (const [what, step] of steps) {
      for (;;) {
        if (stopping()) return purged;
        const deleted = await step();
        purged[what] += deleted;
        if (deleted < batch) break;
        await pause();
      }
    }
  }
  return purged;
}
