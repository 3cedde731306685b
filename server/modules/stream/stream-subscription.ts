// One stream connection's delivery rules (spec "Events > Live stream messages"), independent of socket.io:
//   - the first location message is an array of the last known positions; positions that arrive while it is being
//     prepared are held and follow it;
//   - per asset, a frame goes out only when its wsSeq is newer than the last one sent or held: older frames and
//     duplicates (same assetId and wsSeq) are dropped, so a position never goes backwards;
//   - standard payload: at most one frame per asset per 25 s. Positions inside the window replace each other and
//     the newest goes out when the window opens (no queue of stale frames). Detailed payload: not throttled;
//   - backpressure: while the client does not read (the output is congested), positions are coalesced to the
//     newest per asset and channel messages wait in a bounded queue; both go out when the output drains.
// Memory per connection is therefore bounded by its asset count, whatever the client does.
import type { LivePosition } from "../positions/live-position";
import type { ChannelMessageBase, StreamChannel } from "./channel-messages";
import type { Clock, ClockTimer } from "./clock";
import type { ForwardedChannel, StreamEvent } from "./stream-events";
import { MAX_QUEUED_CHANNEL_MESSAGES, STANDARD_THROTTLE_MS } from "./stream-limits";
import { livePayload, snapshotPayload } from "./stream-payload";

export interface StreamOutput {
  emit(event: StreamEvent, payload: unknown): void;
  /** true while the client is not reading fast enough (the transport's buffer is full) */
  congested(): boolean;
}

/** what happened to an offered position */
export type Offer = "send" | "held" | "dropped";

interface AssetDelivery {
  /** wsSeq of the last frame sent (or of the first message's entry) */
  lastSeq: number;
  /** clock time of the last live frame sent; the first message does not open a throttle window */
  lastSentAt: number;
  /** the newest position not sent yet (throttle window closed, congested, or before the first message) */
  pending: LivePosition | null;
}

export interface SubscriptionStats {
  sent: number;
  /** held positions replaced by a newer one before they could be sent */
  coalesced: number;
  /** positions not newer than the last sent or held for their asset */
  dropped: number;
  /** channel messages dropped because a congested client's queue was full */
  channelDropped: number;
}

export class StreamSubscription {
  readonly assetIds: ReadonlySet<number>;
  readonly stats: SubscriptionStats = { sent: 0, coalesced: 0, dropped: 0, channelDropped: 0 };
  private readonly cursors = new Map<number, AssetDelivery>();
  private readonly pendingAssets = new Set<number>();
  private readonly queued: { event: ForwardedChannel; message: ChannelMessageBase }[] = [];
  private output: StreamOutput | null = null;
  private timer: ClockTimer | null = null;
  private timerDue = Infinity;
  /** something waits for the output to drain */
  private blocked = false;
  private flushing = false;
  private closed = false;
  /** what the account's entitlements grant this connection (changes with the account's plan) */
  private grant: { channels: ReadonlySet<StreamChannel>; detailed: boolean };

  constructor(
    readonly options: {
      /** the socket's id (the gateway addresses it by this) */
      id: string;
      accountId: number;
      assetIds: readonly number[];
      channels: ReadonlySet<StreamChannel>;
      detailed: boolean;
      clock: Clock;
      throttleMs?: number;
    },
  ) {
    this.assetIds = new Set(options.assetIds);
    this.grant = { channels: options.channels, detailed: options.detailed };
  }

  get id(): string {
    return this.options.id;
  }

  get detailed(): boolean {
    return this.grant.detailed;
  }

  get channels(): ReadonlySet<StreamChannel> {
    return this.grant.channels;
  }

  /**
   * The account's plan or add-ons changed while the connection is open: from the next frame on it gets what the
   * account is now entitled to (asked for at connect time), without a reconnect.
   */
  regrant(grant: { channels: ReadonlySet<StreamChannel>; detailed: boolean }): void {
    this.grant = { channels: grant.channels, detailed: grant.detailed };
  }

  /** positions held for a later frame (throttle window, congestion, or before the first message) */
  get heldPositions(): number {
    return this.pendingAssets.size;
  }

  /** Sends the first location message (an array, possibly empty) and starts live delivery. */
  start(output: StreamOutput, snapshot: readonly LivePosition[]): void {
    if (this.closed || this.output) return;
    const now = this.options.clock.now();
    const first = [];
    for (const position of snapshot) {
      if (!this.assetIds.has(position.assetId)) continue;
      const cursor = this.cursor(position.assetId);
      cursor.lastSeq = Math.max(cursor.lastSeq, position.wsSeq);
      first.push(snapshotPayload(position, this.detailed, now));
    }
    // held positions the first message already covers would go backwards (or repeat): drop them
    for (const assetId of this.pendingAssets) {
      const cursor = this.cursors.get(assetId)!;
      if (cursor.pending && cursor.pending.wsSeq <= cursor.lastSeq) {
        cursor.pending = null;
        this.pendingAssets.delete(assetId);
        this.stats.dropped++;
      }
    }
    output.emit("location", first);
    this.output = output;
    this.flush();
  }

  /**
   * Decides about a live position. "send": the caller emits it now as livePayload(position, detailed) (the gateway
   * encodes a frame once for every socket that takes it); "held": it goes out later; "dropped": never.
   */
  offer(position: LivePosition): Offer {
    if (this.closed || !this.assetIds.has(position.assetId)) return "dropped";
    const cursor = this.cursor(position.assetId);
    if (position.wsSeq <= Math.max(cursor.lastSeq, cursor.pending?.wsSeq ?? -Infinity)) {
      this.stats.dropped++;
      return "dropped";
    }
    const now = this.options.clock.now();
    if (this.output && !cursor.pending && this.windowOpen(cursor, now)) {
      if (!this.output.congested()) {
        cursor.lastSeq = position.wsSeq;
        cursor.lastSentAt = now;
        this.stats.sent++;
        return "send";
      }
      this.blocked = true;
    }
    this.hold(position.assetId, cursor, position, now);
    return "held";
  }

  /** an alert, vehicle_health or driver_behavior message: forwarded unchanged when entitled and subscribed */
  offerChannelMessage(event: ForwardedChannel, message: ChannelMessageBase): boolean {
    if (this.closed || !this.channels.has(event)) return false;
    if (message.accountId !== this.options.accountId || !this.assetIds.has(message.assetId)) return false;
    if (this.output && this.queued.length === 0 && !this.output.congested()) {
      this.output.emit(event, message);
      return true;
    }
    this.queued.push({ event, message });
    if (this.queued.length > MAX_QUEUED_CHANNEL_MESSAGES) {
      this.queued.shift();
      this.stats.channelDropped++;
    }
    if (this.output) this.blocked = true;
    return true;
  }

  /** the output wrote out its buffer: send what waited for it */
  onDrain(): void {
    if (!this.blocked) return; // called for every packet written: cheap unless something waits
    this.blocked = false;
    this.flush();
  }

  close(): void {
    this.closed = true;
    if (this.timer) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
    this.pendingAssets.clear();
    this.cursors.clear();
    this.queued.length = 0;
  }

  private get throttleMs(): number {
    return this.detailed ? 0 : (this.options.throttleMs ?? STANDARD_THROTTLE_MS);
  }

  private windowOpen(cursor: AssetDelivery, now: number): boolean {
    return now - cursor.lastSentAt >= this.throttleMs;
  }

  private cursor(assetId: number): AssetDelivery {
    let cursor = this.cursors.get(assetId);
    if (!cursor) {
      cursor = { lastSeq: -Infinity, lastSentAt: -Infinity, pending: null };
      this.cursors.set(assetId, cursor);
    }
    return cursor;
  }

  private hold(assetId: number, cursor: AssetDelivery, position: LivePosition, now: number): void {
    if (cursor.pending) this.stats.coalesced++;
    cursor.pending = position;
    this.pendingAssets.add(assetId);
    if (this.output && !this.windowOpen(cursor, now)) this.wakeAt(cursor.lastSentAt + this.throttleMs);
  }

  /** sends every held position whose window is open and the queued channel messages, until congested */
  private flush(): void {
    const output = this.output;
    if (!output || this.closed || this.flushing) return;
    this.flushing = true; // emitting can make the engine report a drain synchronously: no re-entry
    try {
      const now = this.options.clock.now();
      for (const assetId of this.pendingAssets) {
        const cursor = this.cursors.get(assetId)!;
        if (!this.windowOpen(cursor, now)) continue;
        if (output.congested()) {
          this.blocked = true;
          break;
        }
        const position = cursor.pending!;
        cursor.pending = null;
        this.pendingAssets.delete(assetId);
        cursor.lastSeq = position.wsSeq;
        cursor.lastSentAt = now;
        this.stats.sent++;
        output.emit("location", livePayload(position, this.detailed));
      }
      while (this.queued.length > 0) {
        if (output.congested()) {
          this.blocked = true;
          break;
        }
        const { event, message } = this.queued.shift()!;
        output.emit(event, message);
      }
      this.rescheduleTimer(now);
    } finally {
      this.flushing = false;
    }
  }

  /** the timer fires when the earliest closed window among held positions opens */
  private rescheduleTimer(now: number): void {
    let due = Infinity;
    for (const assetId of this.pendingAssets) {
      const cursor = this.cursors.get(assetId)!;
      if (!this.windowOpen(cursor, now)) due = Math.min(due, cursor.lastSentAt + this.throttleMs);
    }
    if (due === this.timerDue) return;
    if (this.timer) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
    this.timerDue = Infinity;
    if (due !== Infinity) this.wakeAt(due);
  }

  private wakeAt(due: number): void {
    if (this.closed || (this.timer && this.timerDue <= due)) return;
    if (this.timer) this.options.clock.clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = null;
      this.timerDue = Infinity;
      this.flush();
    }, due - this.options.clock.now());
  }
}
