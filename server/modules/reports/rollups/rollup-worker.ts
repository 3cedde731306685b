// Keeps day rollups current in the background on every node (docs/reports-engine.md): a pass recomputes stale days,
// older days first and at once, the current local day of the asset's account at most once a minute (it turns dirty
// with every batch of a driving vehicle). Reports do not wait for it (ensure-days-current.ts); it keeps them cheap.
// Two nodes recomputing the same day do the same work twice, harmlessly.
import type { Logger } from "pino";
import { db } from "../../../db/client";
import { startPollingWorker, type PollingWorker } from "../../../jobs/polling-worker";
import { recomputeDays, type StaleDay } from "./ensure-days-current";

export const ROLLUP_WORKER = {
  pollMs: 5_000,
  /** the current day is recomputed at most this often */
  currentDayEveryS: 60,
  batch: 200,
} as const;

interface StaleRow extends StaleDay {
  time_zone: string;
}

/** one pass: recomputes what is due, in batches, until nothing is due or the worker stops */
export async function recomputeDueDays(stopping: () => boolean = () => false): Promise<number> {
  let done = 0;
  while (!stopping()) {
    const due = await db().$queryRaw<StaleRow[]>`
      SELECT d.asset_id, d.day::text AS day, ac.time_zone
      FROM asset_days d JOIN assets a ON a.id = d.asset_id JOIN accounts ac ON ac.id = a.account_id
      WHERE (d.dirty OR d.computed_version <> d.version)
        AND (d.day < (now() AT TIME ZONE ac.time_zone)::date OR d.computed_at IS NULL
             OR d.computed_at < now() - make_interval(secs => ${ROLLUP_WORKER.currentDayEveryS}))
      ORDER BY d.day, d.asset_id
      LIMIT ${ROLLUP_WORKER.batch}`;
    if (due.length === 0) break;
    const byZone = new Map<string, StaleDay[]>();
    for (const row of due) {
      const list = byZone.get(row.time_zone) ?? [];
      list.push({ asset_id: row.asset_id, day: row.day });
      byZone.set(row.time_zone, list);
    }
    let recomputed = 0;
    for (const [zone, days] of byZone) recomputed += await recomputeDays(days, zone);
    done += recomputed;
    // another round also takes the neighbours this round marked (a changed first or last fix)
    if (recomputed === 0) break;
  }
  return done;
}

export function startRollupWorker(options: { logger: Logger; autostart?: boolean }): PollingWorker {
  return startPollingWorker({
    name: "report rollups",
    logger: options.logger,
    pollMs: ROLLUP_WORKER.pollMs,
    autostart: options.autostart,
    pass: recomputeDueDays,
  });
}
