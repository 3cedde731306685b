// Runs left in progress by a node that is gone. The tracker finishes a run whose end time and grace passed (reason
// end_time) only on the node holding it in memory; when that node stopped and the vehicle never reports again, the run
// would stay in_progress. Every node runs this sweep once a minute: it takes the in_progress rows whose `finish_by`
// passed a while ago (the holding node's own sweep had its minute) and that no node has written since, and finishes
// each with a write over the event count it read (run-progress-store.ts): of two nodes sweeping at once, one write
// lands, and only that node announces run_finished. Both database kinds: a Prisma read, conditional updates in plain SQL.
import type { Logger } from "pino";
import { database, db } from "../../db/client";
import type { Hub } from "../../hub";
import { parseLocalDate, zonedInstant } from "../time/zoned-time";
import type { RunEtaMessage } from "./run-eta-message";
import { startPollingWorker, type PollingWorker } from "../../jobs/polling-worker";
import { announceRunEvents } from "./announce-run-events";
import type { FollowedRun } from "./followed-runs";
import { expire, type RunProgressState } from "./run-progress";
import { runProgressMessage } from "./run-progress-message";
import { writeProgress } from "./run-progress-store";

export const ABANDONED_RUNS = {
  /** how often every node sweeps */
  everyMs: 60_000,
  /** a run is abandoned this long after its finish_by with no write since (the holding node's sweep runs every minute) */
  afterMs: 2 * 60_000,
  /** rows taken per query; a pass repeats until none is left */
  batch: 100,
} as const;

/** finishes the abandoned runs due at `now`; returns how many this node finished (another node may finish others) */
export async function finishAbandonedRuns(input: { hub: Hub | undefined; logger: Logger; now?: number; stopping?: () => boolean }): Promise<number> {
  const now = input.now ?? Date.now();
  const due = new Date(now - ABANDONED_RUNS.afterMs);
  const prisma = db();
  const { sql } = database();
  let finished = 0;
  let afterId = 0;
  for (;;) {
    const rows = await prisma.runProgress.findMany({
      where: { status: "in_progress", finishBy: { lt: due }, updatedAt: { lt: due }, id: { gt: afterId } },
      orderBy: { id: "asc" },
      take: ABANDONED_RUNS.batch,
      select: {
        id: true,
        accountId: true,
        routeId: true,
        date: true,
        runId: true,
        assetId: true,
        state: true,
        eventCount: true,
        finishBy: true,
        route: { select: { routeNumber: true, name: true } },
        asset: { select: { name: true } },
        account: { select: { timeZone: true } },
      },
    });
    for (const row of rows) {
      const run: FollowedRun = {
        key: `${row.routeId}:${row.date}`,
        accountId: row.accountId,
        routeId: row.routeId,
        routeNumber: row.route.routeNumber,
        routeName: row.route.name,
        date: row.date,
        runId: row.runId,
        assetId: row.assetId,
        assetName: row.asset?.name ?? null,
        // finishing needs only the end of the window; a run_finished event names no stop
        plan: { stops: [], watchFrom: 0, finishBy: row.finishBy!.getTime(), cancelled: false },
        stops: [],
        timeZone: row.account.timeZone,
        dayStart: zonedInstant(parseLocalDate(row.date)!, 0, row.account.timeZone),
      };
      const step = expire(run.plan, row.state as unknown as RunProgressState, now);
      if (step.events.length === 0) continue;
      const eventCount = row.eventCount + step.events.length;
      const written = await writeProgress(sql, run, { readCount: row.eventCount, state: step.state, eventCount, assetId: row.assetId });
      if (!written) continue; // another node finished it, or its tracker moved it meanwhile
      const messages = step.events.map((event, index) => runProgressMessage({ run, state: step.state, event, sequence: row.eventCount + index + 1, assetId: row.assetId }));
      announceRunEvents(input.hub, input.logger, messages, run.assetName);
      // the run is over: readers of its estimates (passenger pages, GTFS-realtime) drop them
      if (row.assetId !== null) {
        const over: RunEtaMessage = { version: 1, accountId: run.accountId, routeId: run.routeId, date: run.date, runId: run.runId, vehicle: { assetId: row.assetId }, at: run.plan.finishBy, stops: [] };
        input.hub?.publish("run.eta", over).catch((error: unknown) => input.logger.error({ err: error, run: run.key }, "run ETA not published"));
      }
      finished++;
    }
    if (rows.length < ABANDONED_RUNS.batch || input.stopping?.()) return finished;
    afterId = rows.at(-1)!.id;
  }
}

export function startAbandonedRunSweep(options: { hub: Hub; logger: Logger; autostart?: boolean }): PollingWorker {
  return startPollingWorker({
    name: "abandoned run sweep",
    logger: options.logger,
    pollMs: ABANDONED_RUNS.everyMs,
    autostart: options.autostart,
    pass: (stopping) => finishAbandonedRuns({ hub: options.hub, logger: options.logger, stopping }),
  });
}
