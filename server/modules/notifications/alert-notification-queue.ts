// Queues the notifications of fired alerts behind the alert recorder, many alerts at once (docs/notifications.md "The
// outbox"): the recorder hands over each alert it stored and goes on with the next; the alerts handed over while a
// batch was being inserted go together in the next one (queueAlertFanOut: one statement for any number, one fan-out
// row per alert; the worker finds the recipients and writes their rows, off this process's ingest work).
// Neither ingest nor the recorder waits for it. A batch that fails is tried again alert by alert, so one bad alert
// costs only its own rows, and every alert whose rows could not be queued is logged with its id.
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import { wakeNotificationWorker } from "./notification-worker-wake";
import { queueAlertFanOut, type FiredAlertRef } from "./queue-alert-notifications";

/** alerts per insert at most (a storm's backlog goes in slices, each a bounded statement) */
const MAX_BATCH = 500;

export class AlertNotificationQueue {
  private pending: FiredAlertRef[] = [];
  private running: Promise<void> | null = null;

  constructor(private readonly options: { prisma: Db; logger: Logger; now: () => number }) {}

  push(alert: FiredAlertRef): void {
    this.pending.push(alert);
    this.start();
  }

  get size(): number {
    return this.pending.length;
  }

  /** resolves once the rows of every alert pushed so far are queued (or logged as not queued) */
  async drain(): Promise<void> {
    while (this.running) await this.running;
  }

  private start(): void {
    if (this.running) return;
    this.running = this.flush().finally(() => {
      this.running = null;
      if (this.pending.length > 0) this.start();
    });
  }

  private async flush(): Promise<void> {
    // the alerts recorded in this turn of the event loop go in together
    await new Promise((resolve) => setImmediate(resolve));
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, MAX_BATCH);
      const queued = await this.queue(batch).catch(async (error: unknown) => {
        if (batch.length === 1) return this.notQueued(batch, error);
        let count = 0;
        for (const alert of batch) count += await this.queue([alert]).catch((one: unknown) => this.notQueued([alert], one));
        return count;
      });
      if (queued > 0) wakeNotificationWorker();
    }
  }

  private queue(alerts: FiredAlertRef[]): Promise<number> {
    return queueAlertFanOut(this.options.prisma, alerts, this.options.now());
  }

  private notQueued(alerts: FiredAlertRef[], error: unknown): number {
    for (const alert of alerts) this.options.logger.error({ err: error, alertId: alert.id }, "alert notifications not queued");
    return 0;
  }
}
