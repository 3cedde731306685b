// Runs async jobs one after another in submission order (fired alerts are stored and published in the order they
// fired). A failing job is logged and does not stop the ones behind it. A neutral utility in server/, so the
// evaluators and the alerts' connectivity gate share it without importing each other.
import type { Logger } from "pino";

export class SerialQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(private readonly logger: Logger, private readonly what: string) {}

  push(job: () => Promise<void>): void {
    this.pending += 1;
    this.tail = this.tail
      .then(job)
      .catch((error: unknown) => this.logger.error({ err: error }, `${this.what} failed`))
      .finally(() => {
        this.pending -= 1;
      });
  }

  get size(): number {
    return this.pending;
  }

  /** resolves once every job pushed so far (and any they pushed) has finished */
  async drain(): Promise<void> {
    while (this.pending > 0) await this.tail;
  }
}
