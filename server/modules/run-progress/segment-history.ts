// What a route's past runs say about its stop-to-stop segments: how long each took (from leaving one stop to reaching
// the next) at each time of day, and how long the vehicle stood at each stop. Built from the stored run_progress
// states of past days (the times the state machine recorded), read by the ETA model (run-eta.ts). Pure: the tracker's
// cache (segment-history-cache.ts) reads the rows and keeps the result; the medians are computed on first use per
// segment and time-of-day bucket and then remembered, so a fix costs map lookups, not sorting.
//
// A segment is two stops that follow each other among the stops a run can detect (those with a position): a stop
// without one is never reached, so its neighbours form the segment. A stop skipped by driving through its radius has
// the moment of closest approach (passedAt): it ends one segment and starts the next, with no dwell. A stop skipped
// without being passed ends nothing: the segments on either side of it get no sample that day.
import type { StopStatus } from "./run-progress";

export const SEGMENT_HISTORY_RULES = {
  /** the width of a time-of-day bucket (minutes): a sample counts for its bucket and the two next to it */
  bucketMinutes: 30,
  /** fewer past runs than this on a segment (in the buckets, then at any time of day): no history for it */
  minSamples: 3,
  /** how many past days are read */
  maxDays: 40,
} as const;

/** of a stored state (run-progress.ts, StopState) only what the history needs */
export interface PastStop {
  stopId: number;
  status: StopStatus;
  arrivedAt: number | null;
  departedAt: number | null;
  passedAt?: number | null;
}

export interface PastRun {
  /** that day's local midnight (epoch ms): where its times of day count from */
  dayStart: number;
  stops: PastStop[];
}

interface Sample {
  /** minute of the day the segment was started (left the first stop) */
  minute: number;
  seconds: number;
}

/** a typical time and how far a run strays from it (a robust standard deviation), seconds */
export interface Typical {
  seconds: number;
  spreadS: number;
  samples: number;
}

export class SegmentHistory {
  /** the answers so far, by from stop, to stop and bucket (numbers: the ETA model asks on every fix, no key to build) */
  private readonly segmentMemo = new Map<number, Map<number, Map<number, Typical | null>>>();
  private readonly dwellMemo = new Map<number, Typical | null>();

  constructor(
    private readonly segments: Map<string, Sample[]>,
    private readonly dwells: Map<number, number[]>,
  ) {}

  static readonly empty = new SegmentHistory(new Map(), new Map());

  /** the typical time from leaving `fromId` to reaching `toId`, started at `minute` of the day; null: too few runs */
  segment(fromId: number, toId: number, minute: number): Typical | null {
    const bucket = Math.floor(minute / SEGMENT_HISTORY_RULES.bucketMinutes);
    let byTo = this.segmentMemo.get(fromId);
    if (!byTo) this.segmentMemo.set(fromId, (byTo = new Map()));
    let byBucket = byTo.get(toId);
    if (!byBucket) byTo.set(toId, (byBucket = new Map()));
    const known = byBucket.get(bucket);
    if (known !== undefined) return known;
    const all = this.segments.get(`${fromId}>${toId}`) ?? [];
    const near = all.filter((sample) => Math.abs(Math.floor(sample.minute / SEGMENT_HISTORY_RULES.bucketMinutes) - bucket) <= 1);
    const chosen = near.length >= SEGMENT_HISTORY_RULES.minSamples ? near : all;
    const typical = chosen.length >= SEGMENT_HISTORY_RULES.minSamples ? typicalOf(chosen.map((sample) => sample.seconds)) : null;
    byBucket.set(bucket, typical);
    return typical;
  }

  /** the typical stand at a stop (0 for a stop usually driven through), or null: too few runs */
  dwell(stopId: number): Typical | null {
    const known = this.dwellMemo.get(stopId);
    if (known !== undefined) return known;
    const samples = this.dwells.get(stopId) ?? [];
    const typical = samples.length >= SEGMENT_HISTORY_RULES.minSamples ? typicalOf(samples) : null;
    this.dwellMemo.set(stopId, typical);
    return typical;
  }
}

/** the moment a past run left a stop: its departure, or the closest approach when it drove through */
export function leftAt(stop: PastStop): number | null {
  if (stop.status === "departed") return stop.departedAt;
  if (stop.status === "skipped") return stop.passedAt ?? null;
  return null;
}

/** the moment a past run reached a stop: its arrival, or the closest approach when it drove through */
export function reachedAt(stop: PastStop): number | null {
  if (stop.status === "arrived" || stop.status === "departed") return stop.arrivedAt;
  if (stop.status === "skipped") return stop.passedAt ?? null;
  return null;
}

export function buildSegmentHistory(runs: PastRun[]): SegmentHistory {
  const segments = new Map<string, Sample[]>();
  const dwells = new Map<number, number[]>();
  for (const run of runs) {
    // pending stops were never reached that day (no position, or the run ended first): segments join across them
    const seen = run.stops.filter((stop) => stop.status !== "pending");
    seen.forEach((stop, index) => {
      if (stop.status === "departed" && stop.arrivedAt !== null && stop.departedAt !== null) {
        push(dwells, stop.stopId, (stop.departedAt - stop.arrivedAt) / 1000);
      } else if (stop.status === "skipped" && stop.passedAt != null) {
        push(dwells, stop.stopId, 0);
      }
      const next = seen[index + 1];
      const from = leftAt(stop);
      const to = next ? reachedAt(next) : null;
      if (!next || from === null || to === null || to < from) return;
      push(segments, `${stop.stopId}>${next.stopId}`, { minute: (from - run.dayStart) / 60_000, seconds: (to - from) / 1000 });
    });
  }
  return new SegmentHistory(segments, dwells);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** the median and 1.4826 × the median absolute deviation: a standard deviation that one odd day does not inflate */
function typicalOf(values: number[]): Typical {
  const centre = median(values);
  return { seconds: centre, spreadS: 1.4826 * median(values.map((value) => Math.abs(value - centre))), samples: values.length };
}
