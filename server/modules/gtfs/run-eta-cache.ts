// The latest ETAs of each run in progress, as the hub's "run.eta" messages bring them (published once in the cluster
// by the node evaluating the run's vehicle, heard by every node), for the GTFS-realtime feed to answer from memory.
// One cache per hub, made the first time a feed is asked for on this node: a node nobody asks for the feed never
// parses these messages. Until a run's next fix after that, its trip update carries the delay instead of ETAs.
import type { Hub } from "../../hub";
import type { RunEtaMessage } from "../run-progress/run-eta-message";

/** an ETA older than this is not an estimate any more (a run whose node stopped before it finished) */
export const RUN_ETA_MAX_AGE_MS = 2 * 3_600_000;
const SWEEP_EVERY = 1_000;

export class RunEtaCache {
  private readonly latest = new Map<string, RunEtaMessage>();
  private heard = 0;

  hear(message: RunEtaMessage): void {
    const key = `${message.routeId}:${message.date}`;
    const held = this.latest.get(key);
    if (held && held.at > message.at) return; // a late delivery of an older fix
    // the run is over: its last message has no stops
    if (message.stops.length === 0) this.latest.delete(key);
    else this.latest.set(key, message);
    if (++this.heard % SWEEP_EVERY === 0) this.sweep(message.at);
  }

  /** the run's latest ETAs, or null: none yet, or too old */
  get(routeId: number, date: string, now: number): RunEtaMessage | null {
    const message = this.latest.get(`${routeId}:${date}`);
    return message && now - message.at <= RUN_ETA_MAX_AGE_MS ? message : null;
  }

  private sweep(now: number): void {
    for (const [key, message] of this.latest) if (now - message.at > RUN_ETA_MAX_AGE_MS) this.latest.delete(key);
  }
}

const caches = new WeakMap<Hub, RunEtaCache>();

/** this hub's cache, subscribed on first use */
export function runEtaCache(hub: Hub): RunEtaCache {
  let cache = caches.get(hub);
  if (!cache) {
    const made = new RunEtaCache();
    hub.subscribe("run.eta", (message) => made.hear(message));
    caches.set(hub, made);
    cache = made;
  }
  return cache;
}
