// How good the ETAs are: three weeks of a synthetic route (server/testing/synthetic-school-runs.ts: legs of their own
// speed on a bending road, traffic towards 08:00, slow days, late starts, red lights, stands that vary) driven through
// the real state machine; the last days are held out and replayed fix by fix, each with only the days before it as
// history, and each arrival's ETA is read 10, 5 and 2 minutes before it happened. The model is measured against the
// same model without history (the plain speed model). The figures printed here are the ones in docs/run-progress.md.
import { describe, expect, it } from "vitest";
import { buildSegmentHistory, SegmentHistory, type PastRun } from "./segment-history";
import { estimateArrivals, type EtaStopPlan } from "./run-eta";
import { driveDay, syntheticDay, syntheticRoute, type SyntheticDay } from "../../testing/synthetic-school-runs";

const HORIZONS_MIN = [10, 5, 2] as const;
const DAYS = 21;
const HELD_OUT = 7;

function kindOf(index: number): SyntheticDay["kind"] {
  if (index % 7 === 3) return "slow";
  if (index % 9 === 5) return "late start";
  return "usual";
}

interface Figures {
  median: number;
  p90: number;
  n: number;
  /** the share of arrivals inside etaAt ± uncertaintyS */
  covered: number;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** the ETA error (s) at each horizon over the held-out days, with `useHistory` or the plain speed model */
function measure(useHistory: boolean): Record<(typeof HORIZONS_MIN)[number], Figures> {
  const route = syntheticRoute();
  const stops: EtaStopPlan[] = route.stops.map(({ id, sequence, name, latitude, longitude }) => ({ id, sequence, name, latitude, longitude }));
  const days = Array.from({ length: DAYS }, (_, index) => syntheticDay(route, index, kindOf(index)));
  const driven = days.map((day) => driveDay(day));
  const errors = new Map<number, { error: number; uncertainty: number }[]>(HORIZONS_MIN.map((h) => [h, []]));

  for (let index = DAYS - HELD_OUT; index < DAYS; index++) {
    const past: PastRun[] = driven.slice(0, index).map((states, day) => ({ dayStart: days[day]!.dayStart, stops: states.at(-1)!.stops }));
    const history = useHistory ? buildSegmentHistory(past) : SegmentHistory.empty;
    const states = driven[index]!;
    const final = states.at(-1)!;
    // every fix's estimates: stop id -> [fix time, etaAt, uncertaintyS][]
    const predictions = new Map<number, [number, number, number][]>();
    for (const state of states) {
      for (const eta of estimateArrivals({ stops, state, history, dayStart: days[index]!.dayStart })) {
        const list = predictions.get(eta.stopId) ?? [];
        list.push([state.last!.at, eta.etaAt, eta.uncertaintyS]);
        predictions.set(eta.stopId, list);
      }
    }
    for (const stop of final.stops) {
      if (stop.arrivedAt === null) continue;
      for (const horizon of HORIZONS_MIN) {
        // the last estimate made at least `horizon` minutes before the arrival, if made within one fix of that moment
        const made = (predictions.get(stop.stopId) ?? []).filter(([at]) => at <= stop.arrivedAt! - horizon * 60_000).at(-1);
        if (!made || stop.arrivedAt - made[0] > horizon * 60_000 + 15_000) continue;
        errors.get(horizon)!.push({ error: Math.abs(made[1] - stop.arrivedAt) / 1000, uncertainty: made[2] });
      }
    }
  }
  const figures = {} as Record<(typeof HORIZONS_MIN)[number], Figures>;
  for (const horizon of HORIZONS_MIN) {
    const list = errors.get(horizon)!;
    const values = list.map((entry) => entry.error);
    figures[horizon] = {
      median: Math.round(quantile(values, 0.5)),
      p90: Math.round(quantile(values, 0.9)),
      n: values.length,
      covered: Math.round((100 * list.filter((entry) => entry.error <= entry.uncertainty).length) / list.length) / 100,
    };
  }
  return figures;
}

describe("ETA accuracy on held-out days of a synthetic route", () => {
  it("is within half a minute (median) at 2 minutes, better than the plain speed model at every horizon", () => {
    const model = measure(true);
    const plain = measure(false);
    const table = HORIZONS_MIN.map((h) => ({
      "before arrival": `${h} min`,
      "model median s": model[h].median,
      "model p90 s": model[h].p90,
      "inside ±uncertainty": model[h].covered,
      "plain median s": plain[h].median,
      "plain p90 s": plain[h].p90,
      arrivals: model[h].n,
    }));
    console.table(table);

    for (const h of HORIZONS_MIN) expect(model[h].n).toBeGreaterThanOrEqual(30);
    // nearer is better
    expect(model[2].median).toBeLessThan(model[10].median);
    expect(model[2].p90).toBeLessThan(model[10].p90);
    // thresholds the model meets and the plain model does not
    expect(model[10].median).toBeLessThanOrEqual(80);
    expect(model[10].p90).toBeLessThanOrEqual(160);
    expect(model[2].median).toBeLessThanOrEqual(30);
    expect(model[2].p90).toBeLessThanOrEqual(60);
    expect(plain[10].median).toBeGreaterThan(80);
    expect(plain[10].p90).toBeGreaterThan(160);
    expect(plain[2].median).toBeGreaterThan(30);
    expect(plain[2].p90).toBeGreaterThan(60);
    for (const h of HORIZONS_MIN) expect(model[h].p90).toBeLessThan(plain[h].p90);
    // the uncertainty means something: most arrivals fall inside it, and not all (it is not padded out of use)
    for (const h of HORIZONS_MIN) expect(model[h].covered).toBeGreaterThanOrEqual(0.6);
  });
});
