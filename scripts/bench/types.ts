// What a benchmark file under scripts/bench/ exports (default export). scripts/bench.ts runs every file of this
// folder in name order, each in a process of its own; adding a figure is adding one file:
//
//   import type { Bench } from "./types";
//   export default { name: "ingest", run: async () => [{ name: "ingest_records_per_s", value: 1234, unit: "records/s" }] } satisfies Bench;
export interface Figure {
  /** snake_case, stable across runs so figures can be compared */
  name: string;
  value: number;
  unit: string;
}

export interface Bench {
  name: string;
  run(): Promise<Figure[]>;
}

/** Runs `operation` repeatedly for about `durationMs` (after a short warm-up) and returns operations per second. */
export async function perSecond(operation: () => Promise<unknown>, durationMs = 2000): Promise<number> {
  const warmUpEnd = Date.now() + Math.min(300, durationMs / 5);
  while (Date.now() < warmUpEnd) await operation();
  let count = 0;
  const start = process.hrtime.bigint();
  const end = Date.now() + durationMs;
  while (Date.now() < end) {
    await operation();
    count++;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return count / seconds;
}

/** Median of `samples` timings of `operation`, in milliseconds. */
export async function medianMs(operation: () => Promise<unknown>, samples = 20): Promise<number> {
  await operation();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = process.hrtime.bigint();
    await operation();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** the p-th percentile of ascending `sorted` values (nearest rank), 0 when there are none */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
