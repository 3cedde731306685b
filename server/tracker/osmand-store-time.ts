// How long storing a known phone's positions took, so that an unknown id's answer can take as long (docs/osmand.md
// "Known and unknown ids look alike"). The listener answers both 200 with the same empty body; without this, an
// unknown id would be answered at once while a known one waits for the store, and the time would tell them apart.
// Recent outcomes of known ids (time from the lookup to the answer, and whether the store worked) are kept in a ring;
// an unknown id's answer waits as long as a randomly drawn one took and reports its outcome (a store outage answers
// 503 to known ids, so it does to unknown ones). Requests of one unknown id wait one after another, as one phone's
// positions are stored one packet after another. Before any known id was stored here, a draw is uniform between
// two small bounds. Waits are capped, so a store stall does not make unknown ids hold connections for long.
import { randomInt } from "node:crypto";

export interface StoreOutcome {
  ms: number;
  stored: boolean;
}

export const STORE_TIME = {
  /** known outcomes kept */
  samples: 256,
  /** an imitated wait never exceeds this (ms) */
  maxWaitMs: 5_000,
  /** draws before any known outcome: uniform between these (ms) */
  initialMinMs: 5,
  initialMaxMs: 40,
  /** unknown ids whose requests are queued one after another at once; past this a request waits on its own */
  maxQueuedIds: 10_000,
};

export class StoreTimeImitation {
  private readonly ring: StoreOutcome[] = [];
  private next = 0;
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly timers = new Set<{ timer: NodeJS.Timeout; done: () => void }>();
  private stopped = false;

  /** a known id's outcome, measured from its lookup to its answer */
  record(outcome: StoreOutcome): void {
    if (this.ring.length < STORE_TIME.samples) this.ring.push(outcome);
    else this.ring[this.next] = outcome;
    this.next = (this.next + 1) % STORE_TIME.samples;
  }

  /** waits, after this id's earlier requests, until `startedAt` plus a drawn outcome's time; resolves with its outcome */
  imitate(deviceId: string, startedAt: number, now: () => number): Promise<StoreOutcome> {
    const before = this.queues.size < STORE_TIME.maxQueuedIds ? this.queues.get(deviceId) : undefined;
    const turn = (before ?? Promise.resolve()).then(async () => {
      const outcome = this.draw();
      const from = before ? now() : startedAt; // a queued request's own store starts when the one before it ended
      await this.wait(Math.min(STORE_TIME.maxWaitMs, from + outcome.ms - now()));
      return outcome;
    });
    this.queues.set(deviceId, turn);
    void turn.finally(() => {
      if (this.queues.get(deviceId) === turn) this.queues.delete(deviceId);
    });
    return turn;
  }

  /** ends every wait at once, and later ones before they start (a graceful stop answers what is waiting) */
  stop(): void {
    this.stopped = true;
    for (const entry of this.timers) {
      clearTimeout(entry.timer);
      entry.done();
    }
    this.timers.clear();
  }

  private draw(): StoreOutcome {
    if (this.ring.length === 0) return { ms: STORE_TIME.initialMinMs + randomInt(STORE_TIME.initialMaxMs - STORE_TIME.initialMinMs + 1), stored: true };
    return this.ring[randomInt(this.ring.length)]!;
  }

  private wait(ms: number): Promise<void> {
    if (ms <= 0 || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.timers.delete(entry);
          resolve();
        }, ms),
        done: resolve,
      };
      this.timers.add(entry);
    });
  }
}
