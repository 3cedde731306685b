// Where a latency tail comes from. While a measured phase runs, this records what could stall a position between
// TCP receipt and publish: garbage-collection pauses of this process (PerformanceObserver "gc"), autovacuum and
// autoanalyze workers on the database (polled from pg_stat_activity), and the event loop's delay. Afterwards each
// slow sample (at or above the p99) is attributed to what overlapped it, so the docs can say which cause dominates
// instead of guessing.
import { monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from "node:perf_hooks";
import type { SqlClient } from "../../../server/db/client";

/** one position's way through the pipeline, in epoch ms */
export interface LatencySample {
  receivedAt: number;
  publishedAt: number;
  /** the device's first packet after it connected (state load, trip start) */
  firstPacket: boolean;
}

interface Interval {
  start: number;
  end: number;
}

export interface TailReport {
  samples: number;
  tailSamples: number;
  /** slow samples that overlapped a GC pause of at least MIN_GC_PAUSE_MS */
  tailInGc: number;
  /** of the slow samples' total latency, the share spent in GC pauses (an overlap alone says little: pauses are many) */
  gcShareOfTail: number;
  /** slow samples that overlapped a stall of the event loop (a timer late by STALL_MS or more, whatever the cause) */
  tailInLoopStall: number;
  loopStalls: number;
  /** slow samples that overlapped an autovacuum or autoanalyze worker on the database */
  tailInAutovacuum: number;
  /** slow samples that were a device's first packet */
  tailFirstPacket: number;
  gcPauses: number;
  gcMaxPauseMs: number;
  gcTotalPauseMs: number;
  autovacuumRuns: number;
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
}

const MIN_GC_PAUSE_MS = 5;
const AUTOVACUUM_POLL_MS = 100;
const TICK_MS = 5;
const STALL_MS = 30;

const overlaps = (sample: LatencySample, interval: Interval) => interval.start <= sample.publishedAt && interval.end >= sample.receivedAt;
const overlapMs = (sample: LatencySample, interval: Interval) =>
  Math.max(0, Math.min(sample.publishedAt, interval.end) - Math.max(sample.receivedAt, interval.start));

export class TailAttribution {
  private readonly gc: Interval[] = [];
  private gcPauses = 0;
  private gcMaxPauseMs = 0;
  private gcTotalPauseMs = 0;
  private readonly autovacuum: Interval[] = [];
  private readonly running = new Map<number, Interval>(); // autovacuum workers by pid, while they run
  private readonly observer: PerformanceObserver;
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 10 });
  private poller: NodeJS.Timeout | undefined;
  private readonly stalls: Interval[] = [];
  private ticker: NodeJS.Timeout | undefined;

  constructor(private readonly sql: SqlClient) {
    // performance entries are timed from timeOrigin; samples are epoch ms
    this.observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEntry[]) {
        this.gcPauses++;
        this.gcTotalPauseMs += entry.duration;
        this.gcMaxPauseMs = Math.max(this.gcMaxPauseMs, entry.duration);
        if (entry.duration < MIN_GC_PAUSE_MS) continue;
        const start = performance.timeOrigin + entry.startTime;
        this.gc.push({ start, end: start + entry.duration });
      }
    });
  }

  start() {
    this.observer.observe({ entryTypes: ["gc"] });
    this.loopDelay.enable();
    this.poller = setInterval(() => void this.pollAutovacuum(), AUTOVACUUM_POLL_MS);
    let last = Date.now();
    this.ticker = setInterval(() => {
      const now = Date.now();
      if (now - last >= STALL_MS) this.stalls.push({ start: last, end: now });
      last = now;
    }, TICK_MS);
  }

  async stop() {
    this.observer.disconnect();
    this.loopDelay.disable();
    clearInterval(this.poller);
    clearInterval(this.ticker);
    await this.pollAutovacuum(); // closes the intervals of workers that ended
    for (const interval of this.running.values()) this.autovacuum.push({ ...interval, end: Date.now() });
    this.running.clear();
  }

  private async pollAutovacuum() {
    const now = Date.now();
    let rows: { pid: number }[];
    try {
      rows = await this.sql.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE query LIKE 'autovacuum:%' AND datname = current_database()`, []);
    } catch {
      return; // the database is closing; what was seen so far stands
    }
    const seen = new Set(rows.map((row) => row.pid));
    for (const pid of seen) if (!this.running.has(pid)) this.running.set(pid, { start: now - AUTOVACUUM_POLL_MS, end: now });
    for (const [pid, interval] of this.running) {
      if (seen.has(pid)) continue;
      this.autovacuum.push({ ...interval, end: now });
      this.running.delete(pid);
    }
  }

  report(samples: LatencySample[], p99Ms: number): TailReport {
    const tail = samples.filter((sample) => sample.publishedAt - sample.receivedAt >= p99Ms);
    const count = (intervals: Interval[]) => tail.filter((sample) => intervals.some((interval) => overlaps(sample, interval))).length;
    const tailLatency = tail.reduce((sum, sample) => sum + (sample.publishedAt - sample.receivedAt), 0);
    const tailInGcMs = tail.reduce((sum, sample) => sum + this.gc.reduce((inGc, pause) => inGc + overlapMs(sample, pause), 0), 0);
    return {
      samples: samples.length,
      tailSamples: tail.length,
      tailInGc: count(this.gc),
      gcShareOfTail: tailLatency === 0 ? 0 : tailInGcMs / tailLatency,
      tailInLoopStall: count(this.stalls),
      loopStalls: this.stalls.length,
      tailInAutovacuum: count(this.autovacuum),
      tailFirstPacket: tail.filter((sample) => sample.firstPacket).length,
      gcPauses: this.gcPauses,
      gcMaxPauseMs: this.gcMaxPauseMs,
      gcTotalPauseMs: this.gcTotalPauseMs,
      autovacuumRuns: this.autovacuum.length,
      eventLoopDelayP99Ms: this.loopDelay.percentile(99) / 1e6,
      eventLoopDelayMaxMs: this.loopDelay.max / 1e6,
    };
  }
}
