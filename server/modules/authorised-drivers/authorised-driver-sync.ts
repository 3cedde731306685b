// The authorised-driver sync of one node: pushes an asset's wanted list to its tracker when this node holds the
// tracker's session, on every trigger that can matter (docs/vehicle-control.md "Several server nodes"):
// - the tracker logs in here (the retry wait is skipped);
// - a change is announced on the hub (`authorised-drivers.changed`, from whichever node took the API call);
// - the retry sweep finds a row whose next attempt is due.
// A row due for a tracker that no node holds is recorded as a failed attempt (device_offline) with bounded back-off
// by the first node to claim it. One attempt per asset runs at a time; a trigger during an attempt runs another after.
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import type { Hub } from "../../hub";
import { randomId } from "../../security/random";
import type { TrackerSession, TrackerSessions } from "../devices/device-port";
import { inSync, readSync, readWanted, slotsOf, type SyncRow } from "./authorised-driver-records";
import { DevicePush, SyncFailure } from "./push-to-device";

export const SYNC_DEFAULTS = {
  /** how long a command waits for the tracker's answer */
  commandTimeoutMs: 20_000,
  /** how often every node looks for due retries */
  sweepIntervalMs: 2_000,
  /** the first retry after a failure; doubled per failure up to maxBackoffMs */
  firstBackoffMs: 5_000,
  maxBackoffMs: 5 * 60_000,
  /** a due row untouched this long by the node that held its session: that node is presumed gone */
  holderStaleMs: 60_000,
  /**
   * a row no node holds is recorded as offline only once it has been due this long: the node holding a session the
   * row does not know of yet (a first change) hears the hub event within milliseconds and starts first
   */
  offlineGraceMs: 5_000,
  /**
   * an attempt under way holds its row this long (next_attempt_at in the future): no other node takes the tracker for
   * offline meanwhile, and a node that dies mid-attempt leaves a row the others pick up once the lease has run out
   */
  attemptLeaseMs: 5 * 60_000,
  /** changes that arrive while one attempt runs are pushed by the same attempt, at most this many times over */
  maxRoundsPerAttempt: 3,
};

export type SyncSettings = typeof SYNC_DEFAULTS;

/** the wait before retry number `attempts` (1 = first retry), doubling and capped */
export function backoffMs(attempts: number, settings: Pick<SyncSettings, "firstBackoffMs" | "maxBackoffMs">): number {
  return Math.min(settings.maxBackoffMs, settings.firstBackoffMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

export interface AuthorisedDriverSync {
  nodeId: string;
  /** resolves when no attempt is running for the asset (tests, shutdown) */
  idle(assetId?: number): Promise<void>;
  /** one retry pass now, or the one under way (tests: a pass at a chosen moment, without waiting for the timer) */
  sweepNow(): Promise<void>;
  stop(): Promise<void>;
}

export function startAuthorisedDriverSync(options: {
  prisma: Db;
  hub: Hub;
  /** this node's open sessions (the device port, implemented by tracker/device-sessions.ts) */
  sessions: TrackerSessions;
  /** the tracker service's node-local hub: connection changes of this node's sessions */
  local: Hub;
  logger: Logger;
  nodeId?: string;
  settings?: Partial<SyncSettings>;
}): AuthorisedDriverSync {
  const { prisma, sessions, logger } = options;
  const settings: SyncSettings = { ...SYNC_DEFAULTS, ...options.settings };
  const nodeId = options.nodeId ?? randomId(12);
  const running = new Map<number, Promise<void>>();
  const again = new Set<number>();
  let stopped = false;

  const sessionFor = (assetId: number): TrackerSession | undefined => sessions.forAsset(assetId)[0];

  const kick = (assetId: number) => {
    if (stopped || !sessionFor(assetId)) return;
    if (running.has(assetId)) {
      again.add(assetId);
      return;
    }
    const run = attempt(assetId)
      .catch((error) => logger.error({ err: error, assetId }, "authorised-driver sync failed"))
      .finally(() => {
        running.delete(assetId);
        if (again.delete(assetId)) kick(assetId);
      });
    running.set(assetId, run);
  };

  async function attempt(assetId: number): Promise<void> {
    const session = sessionFor(assetId);
    let row = await readSync(assetId, prisma);
    if (!session || !row) return;
    let wanted = await readWanted(assetId, prisma);
    if (row.state === "synced" && inSync(wanted, row)) {
      if (row.sessionNode !== nodeId) await prisma.authorisedDriverSync.update({ where: { assetId }, data: { sessionNode: nodeId } });
      return;
    }
    await prisma.authorisedDriverSync.update({
      where: { assetId },
      data: { state: "syncing", sessionNode: nodeId, lastAttemptAt: new Date(), nextAttemptAt: lease() },
    });
    const push = new DevicePush(prisma, session, settings.commandTimeoutMs);
    try {
      for (let round = 0; round < settings.maxRoundsPerAttempt; round++) {
        await push.run({
          assetId,
          wantedKeys: wanted.map((driver) => driver.keyId),
          immobiliser: row.immobiliser,
          deviceSlots: slotsOf(row.deviceSlots),
          deviceImmobiliser: row.deviceImmobiliser,
        });
        // synced only for the revision just pushed: a change made meanwhile is pushed in the next round
        const done = await prisma.authorisedDriverSync.updateMany({
          where: { assetId, revision: row.revision },
          data: { state: "synced", attempts: 0, nextAttemptAt: null, lastErrorCode: null, lastError: null, syncedAt: new Date() },
        });
        if (done.count === 1) {
          logger.info({ assetId, keys: wanted.length, immobiliser: row.immobiliser }, "authorised drivers synced");
          return;
        }
        const next = await readSync(assetId, prisma);
        if (!next) return; // the asset was deleted meanwhile
        row = next;
        wanted = await readWanted(assetId, prisma);
      }
      again.add(assetId); // still changing: another attempt right after this one
    } catch (error) {
      if (!(error instanceof SyncFailure)) throw error;
      await recordFailure(row, error);
      // a change made during the failed attempt is not covered by its failure (a refusal is not retried on a timer):
      // push the newer revision right after
      const latest = await readSync(assetId, prisma);
      if (latest && latest.revision !== row.revision) again.add(assetId);
    }
  }

  const lease = () => new Date(Date.now() + settings.attemptLeaseMs);

  async function recordFailure(row: SyncRow, failure: SyncFailure, holderGone = false) {
    const attempts = row.attempts + 1;
    const now = Date.now();
    // a node recording an absent holder's attempt leaves a row alone that a holder has started on (it took a lease)
    // or finished meanwhile
    const recorded = await prisma.authorisedDriverSync.updateMany({
      where: { assetId: row.assetId, ...(holderGone ? { nextAttemptAt: null, state: { not: "synced" as const } } : {}) },
      data: {
        state: "out_of_sync",
        attempts,
        lastAttemptAt: new Date(now),
        nextAttemptAt: failure.retryable ? new Date(now + backoffMs(attempts, settings)) : null,
        lastErrorCode: failure.code,
        lastError: failure.message,
        ...(holderGone || failure.code === "device_offline" ? { sessionNode: sessionFor(row.assetId) ? nodeId : null } : {}),
      },
    });
    if (recorded.count === 0) return;
    logger.warn({ assetId: row.assetId, code: failure.code, reason: failure.message, attempts }, "authorised drivers out of sync");
  }

  /** due rows: this node pushes those whose tracker it holds, and records the attempt of those no node holds */
  async function sweep() {
    const now = Date.now();
    const due = await prisma.authorisedDriverSync.findMany({
      where: { state: { not: "synced" }, nextAttemptAt: { lte: new Date(now) } },
      orderBy: { nextAttemptAt: "asc" },
      take: 100,
      select: { assetId: true, sessionNode: true, nextAttemptAt: true },
    });
    for (const row of due) {
      if (stopped) return;
      if (sessionFor(row.assetId)) {
        // an attempt under way here covers the row (it leases it as it starts and records its own outcome): kicking it
        // again would repeat a refusal the tracker has just given
        if (running.has(row.assetId)) continue;
        // leased so that other nodes do not take the holder for gone while a long attempt runs; the compare-and-set on
        // the due time makes this pass the only one to start an attempt for it
        const leased = await prisma.authorisedDriverSync.updateMany({ where: { assetId: row.assetId, nextAttemptAt: row.nextAttemptAt }, data: { nextAttemptAt: lease() } });
        if (leased.count === 1) kick(row.assetId);
        continue;
      }
      const overdue = now - row.nextAttemptAt!.getTime();
      const heldElsewhere = row.sessionNode !== null && row.sessionNode !== nodeId;
      if (overdue < (heldElsewhere ? settings.holderStaleMs : settings.offlineGraceMs)) continue;
      const full = await readSync(row.assetId, prisma);
      if (!full || full.state === "synced" || full.nextAttemptAt?.getTime() !== row.nextAttemptAt?.getTime()) continue;
      // compare-and-set on next_attempt_at: one node records this attempt, and never over an attempt under way (which
      // holds a lease in the future)
      const claimed = await prisma.authorisedDriverSync.updateMany({
        where: { assetId: row.assetId, nextAttemptAt: row.nextAttemptAt },
        data: { nextAttemptAt: null },
      });
      if (claimed.count !== 1) continue;
      await recordFailure(full, new SyncFailure("device_offline", "the tracker is not connected"), true);
    }
  }

  const onLogin = (session: TrackerSession) => {
    const assetId = session.assetId;
    if (assetId === null) return;
    kick(assetId);
  };
  const onLogout = (event: { assetId: number | null; online: boolean }) => {
    if (event.online || event.assetId === null) return;
    const assetId = event.assetId;
    prisma.authorisedDriverSync
      .updateMany({ where: { assetId, sessionNode: nodeId }, data: { sessionNode: null } })
      .catch((error) => logger.warn({ err: error, assetId }, "authorised-driver session holder not cleared"));
  };

  const stopAdding = sessions.onAdd(onLogin);
  const stopLogout = options.local.subscribe("tracker.connection", onLogout);
  const stopChanges = options.hub.subscribe("authorised-drivers.changed", (event) => kick(event.assetId));
  let sweeping: Promise<void> | null = null;
  const sweepOnce = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    sweeping ??= sweep()
      .catch((error) => logger.error({ err: error }, "authorised-driver retry sweep failed"))
      .finally(() => (sweeping = null));
    return sweeping;
  };
  const timer = setInterval(() => void sweepOnce(), settings.sweepIntervalMs);
  timer.unref();

  return {
    nodeId,
    async idle(assetId) {
      for (;;) {
        const pending = assetId === undefined ? [...running.values()] : [running.get(assetId)].filter((run) => run !== undefined);
        if (pending.length === 0) return;
        await Promise.all(pending);
      }
    },
    sweepNow: sweepOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      stopAdding();
      stopLogout();
      stopChanges();
      await sweeping;
      await Promise.all(running.values());
    },
  };
}
