// The delivery log keeps 30 days: older attempts are deleted in the background, in small batches with a pause
// between them, so a large backlog never holds a long lock nor crowds out the deliveries being written. Every node
// runs it (deleting the same old rows twice is harmless); docs/webhooks.md "Delivery log".
import type { Logger } from "pino";
import { db } from "../../db/client";

export const DELIVERY_LOG_RETENTION = {
  days: 30,
  /** how often old rows are looked for */
  everyMs: 60 * 60_000,
  /** the first pass, after start-up has settled */
  firstAfterMs: 60_000,
  /** rows deleted per statement */
  batch: 500,
  /** pause between two batches */
  pauseMs: 50,
} as const;

/** deletes delivery rows older than the retention, batch by batch; returns how many */
export async function purgeOldDeliveries(options: { now?: number; batch?: number; pauseMs?: number; signal?: AbortSignal } = {}): Promise<number> {
  const before = new Date((options.now ?? Date.now()) - DELIVERY_LOG_RETENTION.days * 24 * 60 * 60_000);
  const batch = options.batch ?? DELIVERY_LOG_RETENTION.batch;
  let deleted = 0;
  while (!options.signal?.aborted) {
    const old = await db().webhookDelivery.findMany({ where: { createdAt: { lt: before } }, select: { id: true }, orderBy: { id: "asc" }, take: batch });
    if (old.length === 0) break;
    deleted += (await db().webhookDelivery.deleteMany({ where: { id: { in: old.map((row) => row.id) } } })).count;
    if (old.length < batch) break;
    await new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? DELIVERY_LOG_RETENTION.pauseMs));
  }
  return deleted;
}

export interface DeliveryLogRetention {
  stop(): Promise<void>;
}

export function startDeliveryLogRetention(options: { logger: Logger }): DeliveryLogRetention {
  const { logger } = options;
  const abort = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();

  const pass = () => {
    running = purgeOldDeliveries({ signal: abort.signal })
      .then((deleted) => {
        if (deleted > 0) logger.info({ deleted }, `webhook deliveries older than ${DELIVERY_LOG_RETENTION.days} days deleted`);
      })
      .catch((error) => logger.error({ err: error }, "webhook delivery log purge failed"))
      .finally(() => {
        if (!abort.signal.aborted) timer = setTimeout(pass, DELIVERY_LOG_RETENTION.everyMs).unref();
      });
  };
  timer = setTimeout(pass, DELIVERY_LOG_RETENTION.firstAfterMs).unref();

  return {
    async stop() {
      abort.abort();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
