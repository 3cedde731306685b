// Runs the history retention pass (purge-old-history.ts) every hour on every node, and logs what it deleted.
import type { Logger } from "pino";
import { startPollingWorker, type PollingWorker } from "../../jobs/polling-worker";
import { HISTORY_RETENTION, purgeOldHistory } from "./purge-old-history";

export function startHistoryRetention(options: { logger: Logger; autostart?: boolean }): PollingWorker {
  const { logger } = options;
  return startPollingWorker({
    name: "history retention",
    logger,
    pollMs: HISTORY_RETENTION.everyMs,
    autostart: options.autostart,
    async pass(stopping) {
      const purged = await purgeOldHistory({ stopping });
      const total = purged.positions + purged.trips + purged.alerts + purged.behaviorEvents;
      if (total > 0) logger.info(purged, "history older than its account's retention deleted");
      return total;
    },
  });
}
