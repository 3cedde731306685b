// The clock side of the tracking-link state machine: time limits (time_expired), the end of a schedule
// (schedule_ended) and schedule windows opening and closing (schedule.changed); every minute, the vehicle each
// route-based link follows (the day's run changes at midnight: refresh-route-links.ts); and, now and then, the removal
// of ended viewer sessions and access codes. Every node runs it; each link names
// when it must next be looked at (`next_check_at`), and a node claims a due link by moving that time on with a
// compare-and-set, so each transition is recorded and announced once in the cluster, and a restart finds overdue
// links where it left them.
import type { Logger } from "pino";
import { announce } from "../../announce";
import { db } from "../../db/client";
import { linkSelect, linkTiming, type LinkRecord } from "./link-record";
import { isWithinSchedule, nextBoundary, timedExpiry } from "./link-timing";
import { purgeEndedSessions } from "./purge-ended-sessions";
import { refreshAllRouteLinks } from "./refresh-route-links";

/** how often due links are looked for: schedule and time-limit transitions land within this */
export const SCHEDULER_TICK_MS = 1000;
/** links handled per tick; more are taken on the next one */
const BATCH = 200;
/** ended viewer sessions and used or old access codes are deleted this often */
export const PURGE_EVERY_MS = 10 * 60_000;
/** route-based links are moved onto the day's vehicle this often (imports move them at once) */
export const ROUTE_REFRESH_EVERY_MS = 60_000;

export interface LinkScheduler {
  /** one pass over the due links (tests call it directly) */
  tick(now?: number): Promise<number>;
  stop(): Promise<void>;
}

export function startLinkScheduler(options: { logger: Logger; tickMs?: number; autostart?: boolean }): LinkScheduler {
  const { logger } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let purgedAt = 0;
  let routesRefreshedAt = 0;

  const tick = async (now = Date.now()): Promise<number> => {
    const due = (await db().trackingLink.findMany({
      where: { nextCheckAt: { lte: new Date(now) } },
      select: linkSelect,
      orderBy: { nextCheckAt: "asc" },
      take: BATCH,
    })) as LinkRecord[];
    let changed = 0;
    for (const link of due) if (await advance(link, now)) changed++;
    if (now - routesRefreshedAt >= ROUTE_REFRESH_EVERY_MS) {
      routesRefreshedAt = now;
      const moved = await refreshAllRouteLinks(now);
      if (moved > 0) logger.info({ moved }, "route-based links moved onto the day's vehicle");
      changed += moved;
    }
    if (now - purgedAt >= PURGE_EVERY_MS) {
      purgedAt = now;
      const purged = await purgeEndedSessions(now);
      if (purged.sessions + purged.codes > 0) logger.info(purged, "ended viewer sessions and access codes deleted");
    }
    return changed;
  };

  const loop = () => {
    if (stopped) return;
    running = tick()
      .catch((error) => logger.error({ err: error }, "tracking-link scheduler pass failed"))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, options.tickMs ?? SCHEDULER_TICK_MS).unref();
      });
  };
  if (options.autostart !== false) loop();

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/** moves one due link on; true when its viewers were told of a change */
async function advance(link: LinkRecord, now: number): Promise<boolean> {
  const timing = linkTiming(link);
  const live = link.active && link.expiredAt === null;
  const expiry = live ? timedExpiry(timing, now) : null;
  const within = isWithinSchedule(timing, now);
  const next = live && !expiry ? nextBoundary(timing, now) : null;
  const { count } = await db().trackingLink.updateMany({
    where: { id: link.id, nextCheckAt: link.nextCheckAt }, // claimed by whoever moves it first
    data: {
      nextCheckAt: next === null ? null : new Date(next),
      withinSchedule: within,
      ...(expiry && { expiredAt: new Date(expiry.at), expiredReason: expiry.reason }),
    },
  });
  if (count !== 1) return false;
  const changed = expiry !== null || within !== link.withinSchedule;
  if (changed) await announce("tracking-link.changed", { accountId: link.accountId, linkId: link.id, uuid: link.uuid });
  return changed;
}
