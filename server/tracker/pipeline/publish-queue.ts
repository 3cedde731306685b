// Stored positions on their way to the cluster hub, off the acknowledgement path. A device is acknowledged as soon as
// its records are committed; publishing follows through this queue, so a hub (Redis) outage neither delays
// acknowledgements nor loses what was stored: the queue keeps the positions in order and retries until the hub takes
// them. Were the publish awaited before the acknowledgement, a failing hub would leave the device unacknowledged and
// its resend would be a duplicate, acknowledged and never published.
//
// Bounded: while the hub is away the queue holds the newest `capacity` positions and drops the oldest (a live stream
// wants the newest; history has everything). Positions go out in chunks, one chunk at a time, in order (Redis keeps
// the order of commands on one connection). A chunk that fails is sent again whole; a position that arrives twice is
// dropped by the subscribers, which keep only frames with a higher wsSeq than the last they sent for the asset.
import type { Logger } from "pino";
import type { Hub } from "../../hub";
import type { LivePosition } from "../../modules/positions/live-position";
import { withTimeout } from "../../deadlines";
import { metrics } from "../../metrics/registry";

export const PUBLISH_QUEUE_CAPACITY = 10_000;
/** positions sent to the hub at once */
const CHUNK = 256;
/** a publish that has not settled after this long counts as failed (a hub stuck on a half-open connection) */
const PUBLISH_TIMEOUT_MS = 10_000;
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5_000;

export class PublishQueue {
  private readonly waiting: LivePosition[] = [];
  private running = false;
  private failing = false;
  private dropped = 0;
  private readonly idle: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly hub: Hub,
    private readonly logger: Logger,
    private readonly capacity = PUBLISH_QUEUE_CAPACITY,
  ) {}

  /** positions waiting for the hub (including the chunk being sent) */
  get size(): number {
    return this.waiting.length;
  }

  push(position: LivePosition): void {
    if (this.waiting.length >= this.capacity) {
      this.waiting.shift();
      if (this.dropped++ === 0) this.logger.warn({ capacity: this.capacity }, "hub publish queue full: dropping the oldest positions");
    }
    this.waiting.push(position);
    if (!this.running) void this.pump();
  }

  /** resolves when everything pushed so far is published, or after `timeoutMs` (graceful stop) */
  async drain(timeoutMs: number): Promise<void> {
    if (this.waiting.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => this.idle.push(resolve)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
    if (this.waiting.length > 0) this.logger.warn({ waiting: this.waiting.length }, "stopping with positions not published");
  }

  /** stops retrying (the hub is being closed) */
  close(): void {
    this.closed = true;
  }

  private async pump(): Promise<void> {
    this.running = true;
    const latency = metrics().publishLatencySeconds;
    let delay = RETRY_FIRST_MS;
    while (this.waiting.length > 0 && !this.closed) {
      const chunk = this.waiting.slice(0, CHUNK);
      try {
        await withTimeout(Promise.all(chunk.map((position) => this.hub.publish("position", position))), PUBLISH_TIMEOUT_MS, "handing the positions to the hub");
      } catch (error) {
        if (!this.failing) {
          this.failing = true;
          this.logger.error({ err: error, waiting: this.waiting.length }, "positions not published: retrying until the hub is back");
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, RETRY_MAX_MS);
        continue;
      }
      // the chunk went out (some of it may have been dropped meanwhile, when the queue was full)
      const publishedAt = Date.now();
      for (const position of chunk) latency.observe((publishedAt - position.receivedAt) / 1000);
      this.waiting.splice(0, this.headMatching(chunk));
      delay = RETRY_FIRST_MS;
      if (this.failing) {
        this.failing = false;
        this.logger.info({ dropped: this.dropped, waiting: this.waiting.length }, "hub publishing resumed");
        this.dropped = 0;
      }
    }
    this.running = false;
    if (this.waiting.length === 0) this.idle.splice(0).forEach((wake) => wake());
  }

  /** how many positions at the head of the queue belong to the chunk just sent */
  private headMatching(chunk: LivePosition[]): number {
    const sent = new Set(chunk);
    let n = 0;
    while (n < this.waiting.length && sent.has(this.waiting[n]!)) n++;
    return n;
  }
}
