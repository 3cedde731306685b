// The stored progress of one followed run (`run_progress`, one row per route and day) and the one rule every writer
// keeps: a state is written only over the event count it was computed from. Three writers may meet on a row: the
// tracker on the node evaluating the run's vehicle, a cancellation on whichever node took the request
// (cancel-followed-run.ts), and the end-time sweep any node runs for runs whose node is gone (finish-abandoned-runs.ts).
// The event count is the compare-and-set key: the writer whose write lands owns the event numbers it added and
// announces those events; the others read the row again and decide anew. So each event is stored, announced to the
// webhooks and published once in the cluster, under an id that does not change.
import type { Db } from "../../db/client";
import { Prisma } from "../../generated/prisma/client";
import { isUniqueViolation } from "../parse-input";
import type { FollowedRun } from "./followed-runs";
import type { RunProgressState } from "./run-progress";
import type { RunEtaStop } from "./run-eta-message";

/** a write that lost to another writer is tried again over the row read anew, this many times in all */
export const WRITE_ATTEMPTS = 3;

export interface StoredProgress {
  state: RunProgressState;
  assetId: number | null;
  eventCount: number;
  updatedAt: number;
}

export async function readProgress(prisma: Db, run: Pick<FollowedRun, "routeId" | "date">): Promise<StoredProgress | null> {
  const row = await prisma.runProgress.findUnique({
    where: { routeId_date: { routeId: run.routeId, date: run.date } },
    select: { state: true, assetId: true, eventCount: true, updatedAt: true },
  });
  return row && { state: row.state as unknown as RunProgressState, assetId: row.assetId, eventCount: row.eventCount, updatedAt: row.updatedAt.getTime() };
}

/**
 * Writes `state` with `eventCount` events in all, if the row still holds `readCount` events (or, `readCount` null, if
 * there is no row yet). False: another writer got there first; nothing was written.
 */
export async function writeProgress(
  prisma: Db,
  run: FollowedRun,
  input: {
    readCount: number | null;
    state: RunProgressState;
    eventCount: number;
    assetId: number | null;
    /** the estimated arrivals made from this state (run-eta.ts); null or omitted: none (the run is not in progress) */
    eta?: { at: number; stops: RunEtaStop[] } | null;
  },
): Promise<boolean> {
  const { state } = input;
  const ended = state.finishedAt ?? state.cancelledAt;
  const columns = {
    runId: run.runId,
    assetId: input.assetId,
    status: state.status,
    startedAt: state.startedAt === null ? null : new Date(state.startedAt),
    finishedAt: ended === null ? null : new Date(ended),
    finishBy: new Date(run.plan.finishBy),
    state: state as object,
    eta: input.eta ? (input.eta as object) : Prisma.DbNull,
    eventCount: input.eventCount,
  };
  if (input.readCount === null) {
    try {
      await prisma.runProgress.create({ data: { accountId: run.accountId, routeId: run.routeId, date: run.date, ...columns } });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }
  const { count } = await prisma.runProgress.updateMany({
    where: { routeId: run.routeId, date: run.date, eventCount: input.readCount },
    data: columns,
  });
  return count === 1;
}
