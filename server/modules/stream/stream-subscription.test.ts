// The per-connection delivery rules of the spec's "Events > Live stream messages", without sockets: the first
// message, ordering by wsSeq, dedupe by (assetId, wsSeq), the 25 s standard throttle on a manual clock, the detailed
// payload unthrottled, and coalescing under backpressure. The gateway tests (server/realtime/live-stream.test.ts)
// check the same rules end to end over real sockets.
import { describe, expect, it } from "vitest";
import { toStandardPosition, type LivePosition } from "../positions/live-position";
import { ManualClock } from "../../testing/manual-clock";
import { livePosition } from "../../testing/stream-fixtures";
import { STANDARD_THROTTLE_MS } from "./stream-limits";
import { livePayload } from "./stream-payload";
import { StreamSubscription, type StreamOutput } from "./stream-subscription";
import type { ChannelMessageBase, StreamChannel } from "./channel-messages";

function recorder() {
  const frames: { event: string; payload: unknown }[] = [];
  let congested = false;
  const output: StreamOutput = {
    emit: (event, payload) => void frames.push({ event, payload }),
    congested: () => congested,
  };
  return {
    output,
    frames,
    seqs: () => frames.filter((f) => f.event === "location" && !Array.isArray(f.payload)).map((f) => (f.payload as { wsSeq: number }).wsSeq),
    setCongested: (value: boolean) => (congested = value),
  };
}

/**
 * The subscription plus the gateway's half of delivery (offer, then emit what it says to send), so the rules can be
 * driven one position at a time; the gateway itself batches frames across sockets (realtime/live-stream-gateway.ts).
 */
class DeliveringSubscription extends StreamSubscription {
  private out: StreamOutput | null = null;

  override start(output: StreamOutput, snapshot: readonly LivePosition[]): void {
    this.out = output;
    super.start(output, snapshot);
  }

  deliver(position: LivePosition) {
    const offer = this.offer(position);
    if (offer === "send") this.out!.emit("location", livePayload(position, this.detailed));
    return offer;
  }
}

function subscription(options: { detailed?: boolean; assetIds?: number[]; channels?: StreamChannel[]; clock?: ManualClock } = {}) {
  const clock = options.clock ?? new ManualClock();
  const sub = new DeliveringSubscription({
    id: "socket-1",
    accountId: 1,
    assetIds: options.assetIds ?? [1, 2],
    channels: new Set(options.channels ?? ["location"]),
    detailed: options.detailed ?? false,
    clock,
  });
  return { sub, clock };
}

describe("StreamSubscription", () => {
  it("sends the first message as an array (standard: exactly the ten fields), then single objects", () => {
    const { sub } = subscription();
    const out = recorder();
    sub.start(out.output, [livePosition({ assetId: 1, wsSeq: 5 }), livePosition({ assetId: 2, wsSeq: 6 })]);
    expect(out.frames).toHaveLength(1);
    expect(out.frames[0]!.event).toBe("location");
    const first = out.frames[0]!.payload as object[];
    expect(first).toEqual([toStandardPosition(livePosition({ assetId: 1, wsSeq: 5 })), toStandardPosition(livePosition({ assetId: 2, wsSeq: 6 }))]);
    expect(Object.keys(first[0]!).sort()).toEqual(
      ["assetId", "trackerImei", "latitude", "longitude", "speed", "course", "dateUpdated", "dateMoved", "wsSeq", "status"].sort(),
    );
    sub.deliver(livePosition({ assetId: 1, wsSeq: 7 }));
    expect(out.frames[1]!.payload).toEqual(toStandardPosition(livePosition({ assetId: 1, wsSeq: 7 })));
  });

  it("sends an empty array when no subscribed asset has a position, and ignores assets it did not subscribe", () => {
    const { sub } = subscription({ assetIds: [1] });
    const out = recorder();
    sub.start(out.output, [livePosition({ assetId: 9, wsSeq: 5 })]);
    expect(out.frames).toEqual([{ event: "location", payload: [] }]);
    expect(sub.deliver(livePosition({ assetId: 9, wsSeq: 6 }))).toBe("dropped");
  });

  it("holds positions that arrive before the first message and sends only those newer than it, after it", () => {
    const { sub } = subscription({ detailed: true });
    const out = recorder();
    expect(sub.offer(livePosition({ assetId: 1, wsSeq: 4 }))).toBe("held"); // the snapshot will have 5
    expect(sub.offer(livePosition({ assetId: 2, wsSeq: 9 }))).toBe("held"); // newer than the snapshot's 6
    sub.start(out.output, [livePosition({ assetId: 1, wsSeq: 5 }), livePosition({ assetId: 2, wsSeq: 6 })]);
    expect(Array.isArray(out.frames[0]!.payload)).toBe(true);
    expect(out.seqs()).toEqual([9]);
  });

  it("never goes backwards: a frame not newer than the last sent for its asset is dropped (rule 2)", () => {
    const { sub } = subscription({ detailed: true });
    const out = recorder();
    sub.start(out.output, [livePosition({ assetId: 1, wsSeq: 10 })]);
    expect(sub.deliver(livePosition({ assetId: 1, wsSeq: 8 }))).toBe("dropped"); // older than the first message
    expect(sub.deliver(livePosition({ assetId: 1, wsSeq: 12 }))).toBe("send");
    expect(sub.deliver(livePosition({ assetId: 1, wsSeq: 11, dateUpdated: Date.UTC(2030, 0, 1) }))).toBe("dropped"); // wsSeq orders, not dateUpdated
    expect(sub.deliver(livePosition({ assetId: 2, wsSeq: 11 }))).toBe("send"); // other assets have their own order
    expect(out.seqs()).toEqual([12, 11]);
  });

  it("removes duplicates by (assetId, wsSeq) (rule 3)", () => {
    const { sub } = subscription({ detailed: true });
    const out = recorder();
    sub.start(out.output, []);
    sub.deliver(livePosition({ assetId: 1, wsSeq: 3 }));
    sub.deliver(livePosition({ assetId: 1, wsSeq: 3 }));
    sub.deliver(livePosition({ assetId: 2, wsSeq: 3 }));
    expect(out.seqs()).toEqual([3, 3]);
    expect(out.frames.slice(1).map((f) => (f.payload as { assetId: number }).assetId)).toEqual([1, 2]);
    expect(sub.stats.dropped).toBe(1);
  });

  it("throttles the standard payload to one frame per asset per 25 s and sends the newest when the window opens (rule 4)", () => {
    const { sub, clock } = subscription();
    const out = recorder();
    sub.start(out.output, []);
    expect(sub.deliver(livePosition({ assetId: 1, wsSeq: 1 }))).toBe("send");
    clock.advance(1_000);
    expect(sub.deliver(livePosition({ assetId: 1, wsSeq: 2 }))).toBe("held");
    clock.advance(10_000);
    expect(sub.deliver(livePosition({ assetId: 1, wsSeq: 3 }))).toBe("held"); // replaces 2: no stale queue
    expect(sub.deliver(livePosition({ assetId: 2, wsSeq: 4 }))).toBe("send"); // another asset, its own window
    clock.advance(STANDARD_THROTTLE_MS - 11_000 - 1);
    expect(out.seqs()).toEqual([1, 4]);
    clock.advance(1); // 25 s after frame 1
    expect(out.seqs()).toEqual([1, 4, 3]);
    expect(sub.stats.coalesced).toBe(1);
    // the window restarts at the frame just sent
    clock.advance(5_000);
    expect(sub.deliver(livePosition({ assetId: 1, wsSeq: 5 }))).toBe("held");
    clock.advance(STANDARD_THROTTLE_MS - 5_000 - 1);
    expect(out.seqs()).toEqual([1, 4, 3]);
    clock.advance(1);
    expect(out.seqs()).toEqual([1, 4, 3, 5]);
    // nothing held: no timer left behind, and a position after a quiet window goes out at once
    expect(clock.pendingTimers).toBe(0);
    clock.advance(60_000);
    expect(sub.deliver(livePosition({ assetId: 1, wsSeq: 6 }))).toBe("send");
  });

  it("does not throttle the detailed payload", () => {
    const { sub } = subscription({ detailed: true });
    const out = recorder();
    sub.start(out.output, []);
    for (let seq = 1; seq <= 5; seq++) sub.deliver(livePosition({ assetId: 1, wsSeq: seq }));
    expect(out.seqs()).toEqual([1, 2, 3, 4, 5]);
    expect((out.frames[1]!.payload as { ioData: unknown }).ioData).toBeDefined(); // the full record
  });

  it("coalesces to the newest frame per asset while the client does not read, and sends them when it drains", () => {
    const { sub } = subscription({ detailed: true, assetIds: [1, 2, 3] });
    const out = recorder();
    sub.start(out.output, []);
    sub.deliver(livePosition({ assetId: 1, wsSeq: 1 }));
    out.setCongested(true);
    for (let seq = 2; seq <= 1_000; seq++) sub.deliver(livePosition({ assetId: 1 + (seq % 2), wsSeq: seq }));
    expect(out.seqs()).toEqual([1]);
    expect(sub.heldPositions).toBe(2); // memory: one frame per asset, whatever was offered
    out.setCongested(false);
    sub.onDrain();
    // the newest of each asset (odd seqs went to asset 2, even ones to asset 1)
    expect(out.seqs()[0]).toBe(1);
    expect(out.seqs().slice(1).sort((a, b) => a - b)).toEqual([999, 1_000]);
    expect(sub.heldPositions).toBe(0);
  });

  it("resumes a drain where congestion stopped it, without re-sending", () => {
    const { sub } = subscription({ detailed: true, assetIds: [1, 2, 3] });
    const out = recorder();
    sub.start(out.output, []);
    out.setCongested(true);
    for (const assetId of [1, 2, 3]) sub.deliver(livePosition({ assetId, wsSeq: assetId }));
    let budget = 1; // the client reads one frame, then stalls again
    out.output.congested = () => budget-- <= 0;
    sub.onDrain();
    expect(out.seqs()).toEqual([1]);
    out.output.congested = () => false;
    sub.onDrain();
    expect(out.seqs()).toEqual([1, 2, 3]);
  });

  it("forwards only the channels granted, for subscribed assets of its account, unchanged", () => {
    const { sub } = subscription({ detailed: true, channels: ["location", "alert"] });
    const out = recorder();
    sub.start(out.output, []);
    const alert = { version: 1 as const, accountId: 1, assetId: 1, type: "overspeed", speed: 131 };
    expect(sub.offerChannelMessage("alert", alert)).toBe(true);
    expect(sub.offerChannelMessage("vehicle_health", { version: 1, accountId: 1, assetId: 1 })).toBe(false);
    expect(sub.offerChannelMessage("alert", { ...alert, assetId: 7 })).toBe(false);
    expect(sub.offerChannelMessage("alert", { ...alert, accountId: 2 })).toBe(false);
    expect(out.frames.slice(1)).toEqual([{ event: "alert", payload: alert }]);
  });

  it("keeps a bounded queue of channel messages for a client that does not read", () => {
    const { sub } = subscription({ detailed: true, channels: ["location", "alert"] });
    const out = recorder();
    sub.start(out.output, []);
    out.setCongested(true);
    for (let n = 0; n < 1_000; n++) sub.offerChannelMessage("alert", { version: 1, accountId: 1, assetId: 1, n } as ChannelMessageBase);
    out.setCongested(false);
    sub.onDrain();
    const sent = out.frames.slice(1).map((f) => (f.payload as { n: number }).n);
    expect(sent).toHaveLength(256);
    expect(sent.at(-1)).toBe(999); // the newest kept, the oldest dropped
    expect(sub.stats.channelDropped).toBe(744);
  });

  it("stops everything on close", () => {
    const { sub, clock } = subscription();
    const out = recorder();
    sub.start(out.output, []);
    sub.deliver(livePosition({ assetId: 1, wsSeq: 1 }));
    sub.deliver(livePosition({ assetId: 1, wsSeq: 2 }));
    sub.close();
    clock.advance(STANDARD_THROTTLE_MS);
    expect(out.seqs()).toEqual([1]);
    expect(clock.pendingTimers).toBe(0);
  });
});
