// The ETA model's parts on hand-made runs along a straight road running east (stops 1 km apart): the history's
// medians and time-of-day buckets, the segments a skipped stop makes or breaks, the lateness correction and its
// bounds, the plain speed model before there is history (town speed, then the trip's own), stands at stops, and the
// uncertainty growing with the time left.
import { describe, expect, it } from "vitest";
import { pointAt } from "../../testing/synthetic-school-runs";
import { ETA_MODEL, estimateArrivals, type EtaStopPlan } from "./run-eta";
import type { RunProgressState, StopState } from "./run-progress";
import { buildSegmentHistory, SEGMENT_HISTORY_RULES, SegmentHistory, type PastRun, type PastStop } from "./segment-history";

const DAY = Date.UTC(2026, 8, 7); // the held day's midnight (UTC zone)
const PAST = (n: number) => DAY - n * 86_400_000;
const MIN = 60_000;
const at = (dayStart: number, minute: number, seconds = 0) => dayStart + minute * MIN + seconds * 1000;

const STOPS: EtaStopPlan[] = [0, 1000, 2000, 3000].map((east, index) => ({ id: index + 1, sequence: index + 1, name: `Stop ${index + 1}`, ...pointAt(east, 0) }));

function stop(stopId: number, status: StopState["status"], times: Partial<StopState> = {}): StopState {
  return { stopId, status, arrivedAt: null, departedAt: null, skippedAt: null, trigger: null, passedAt: null, ...times };
}

/** a past day: left stop 1 at `startMinute`, then each segment in `segmentS` seconds with `dwellS` at stops 2 and 3 */
function pastRun(dayStart: number, startMinute: number, segmentS: [number, number, number], dwellS = 30): PastRun {
  let t = at(dayStart, startMinute);
  const stops: PastStop[] = [{ stopId: 1, status: "departed", arrivedAt: t - 60_000, departedAt: t }];
  segmentS.forEach((seconds, index) => {
    const arrivedAt = t + seconds * 1000;
    const last = index === segmentS.length - 1;
    t = last ? arrivedAt : arrivedAt + dwellS * 1000;
    stops.push({ stopId: index + 2, status: last ? "arrived" : "departed", arrivedAt, departedAt: last ? null : t });
  });
  return { dayStart, stops };
}

/** a run in progress that left stop 1 at 07:30 and whose vehicle is `east` metres along the road at `fixAt` */
function running(fixAt: number, east: number, stops: StopState[]): RunProgressState {
  return {
    status: "in_progress",
    startedAt: at(DAY, 450),
    startReason: "left_first_stop",
    finishedAt: null,
    finishReason: null,
    cancelledAt: null,
    stops,
    last: { at: fixAt, ...pointAt(east, 0), speedKmh: 30, doorOpen: false },
    inside: null,
  };
}

describe("segment history", () => {
  it("takes the median of past runs' segment times and stands, which one odd day does not move", () => {
    const history = buildSegmentHistory([100, 110, 120, 500, 105].map((seconds, n) => pastRun(PAST(n + 1), 450, [seconds, 200, 300], 20 + n)));
    expect(history.segment(1, 2, 450)).toMatchObject({ seconds: 110, samples: 5 });
    expect(history.segment(1, 2, 450)!.spreadS).toBeCloseTo(1.4826 * 10, 5);
    expect(history.segment(2, 3, 452)).toMatchObject({ seconds: 200 });
    expect(history.dwell(2)).toMatchObject({ seconds: 22, samples: 5 });
    expect(history.segment(1, 3, 450)).toBeNull(); // not a segment: stop 2 lies between
  });

  it("reads the time of day: the bucket and its neighbours first, any time of day when they hold too few runs", () => {
    const early = [100, 100, 100].map((seconds, n) => pastRun(PAST(n + 1), 7 * 60 + 15, [seconds, 200, 300]));
    const late = [200, 210, 220].map((seconds, n) => pastRun(PAST(n + 4), 8 * 60 + 15, [seconds, 200, 300]));
    const history = buildSegmentHistory([...early, ...late]);
    expect(SEGMENT_HISTORY_RULES.bucketMinutes).toBe(30);
    expect(history.segment(1, 2, 7 * 60 + 20)!.seconds).toBe(100);
    expect(history.segment(1, 2, 8 * 60 + 20)!.seconds).toBe(210);
    // 07:45 is next to both buckets' runs: all six
    expect(history.segment(1, 2, 7 * 60 + 45)).toMatchObject({ seconds: 150, samples: 6 });
    // noon has no run near it: the median of the day
    expect(history.segment(1, 2, 12 * 60)).toMatchObject({ seconds: 150, samples: 6 });
  });

  it("needs three past runs on a segment; a stop driven through ends and starts segments, one not passed breaks them", () => {
    const two = buildSegmentHistory([pastRun(PAST(1), 450, [100, 200, 300]), pastRun(PAST(2), 450, [100, 200, 300])]);
    expect(two.segment(1, 2, 450)).toBeNull();
    expect(two.dwell(2)).toBeNull();
    const through = (n: number, passed: boolean): PastRun => {
      const run = pastRun(PAST(n), 450, [100, 200, 300]);
      const second = run.stops[1]!;
      run.stops[1] = { stopId: 2, status: "skipped", arrivedAt: null, departedAt: null, passedAt: passed ? second.arrivedAt! + 5_000 : null };
      return run;
    };
    const passed = buildSegmentHistory([1, 2, 3].map((n) => through(n, true)));
    expect(passed.segment(1, 2, 450)!.seconds).toBe(105);
    expect(passed.dwell(2)!.seconds).toBe(0);
    const notPassed = buildSegmentHistory([1, 2, 3].map((n) => through(n, false)));
    expect(notPassed.segment(1, 2, 450)).toBeNull();
    expect(notPassed.segment(2, 3, 450)).toBeNull();
    expect(notPassed.segment(3, 4, 450)).not.toBeNull();
  });
});

describe("estimateArrivals", () => {
  const usual = buildSegmentHistory([1, 2, 3, 4, 5].map((n) => pastRun(PAST(n), 450, [120, 120, 120], 40)));

  it("gives nothing for a run not in progress, and nothing for a stop without a position", () => {
    const scheduled = { ...running(at(DAY, 451), 300, [stop(1, "pending"), stop(2, "pending"), stop(3, "pending"), stop(4, "pending")]), status: "scheduled" as const };
    expect(estimateArrivals({ stops: STOPS, state: scheduled, history: usual, dayStart: DAY })).toEqual([]);
    const state = running(at(DAY, 451), 500, [stop(1, "departed", { arrivedAt: at(DAY, 449), departedAt: at(DAY, 450) }), stop(2, "pending"), stop(3, "pending"), stop(4, "pending")]);
    const unlocated = STOPS.map((s) => (s.id === 3 ? { ...s, latitude: null, longitude: null } : s));
    expect(estimateArrivals({ stops: unlocated, state, history: SegmentHistory.empty, dayStart: DAY }).map((eta) => eta.stopId)).toEqual([2, 4]);
  });

  it("on time: what is left of the leg at its usual time, then each stand and leg at theirs", () => {
    // left stop 1 at 07:30:00, halfway to stop 2 after the usual half of 120 s
    const state = running(at(DAY, 450, 60), 500, [stop(1, "departed", { arrivedAt: at(DAY, 449), departedAt: at(DAY, 450) }), stop(2, "pending"), stop(3, "pending"), stop(4, "pending")]);
    const etas = estimateArrivals({ stops: STOPS, state, history: usual, dayStart: DAY });
    expect(etas.map((eta) => (eta.etaAt - at(DAY, 450)) / 1000)).toEqual([120, 280, 440]);
    expect(etas.map((eta) => eta.distanceM)).toEqual([500, 1500, 2500].map((m) => Math.round(m * ETA_MODEL.roadFactor)));
    expect(etas.map((eta) => [eta.stopId, eta.sequence, eta.name])).toEqual([[2, 2, "Stop 2"], [3, 3, "Stop 3"], [4, 4, "Stop 4"]]);
  });

  it("corrects by how late the run is: a run taking half as long again, bounded, and shrunk towards usual at first", () => {
    const done = (secondsOnFirst: number) => [
      stop(1, "departed", { arrivedAt: at(DAY, 449), departedAt: at(DAY, 450) }),
      stop(2, "departed", { arrivedAt: at(DAY, 450, secondsOnFirst), departedAt: at(DAY, 450, secondsOnFirst + 40) }),
      stop(3, "pending"),
      stop(4, "pending"),
    ];
    const leftSecond = (secondsOnFirst: number) => at(DAY, 450, secondsOnFirst + 40);
    const legToStop4 = (secondsOnFirst: number) => {
      const state = running(leftSecond(secondsOnFirst), 1000, done(secondsOnFirst));
      const [toStop3, toStop4] = estimateArrivals({ stops: STOPS, state, history: usual, dayStart: DAY });
      return (toStop4!.etaAt - toStop3!.etaAt) / 1000 - 40; // the last leg, without the stand at stop 3
    };
    const prior = ETA_MODEL.latenessPriorS;
    expect(legToStop4(120)).toBeCloseTo(120, 6);
    expect(legToStop4(180)).toBeCloseTo((120 * (180 + prior)) / (120 + prior), 6); // late: 1.25 with one leg done
    expect(legToStop4(60)).toBeCloseTo((120 * (60 + prior)) / (120 + prior), 6); // early
    expect(legToStop4(3600)).toBeCloseTo(120 * ETA_MODEL.latenessMax, 6); // bounded
  });

  it("without history: the town speed at first, then the trip's own average speed", () => {
    const left = [stop(1, "departed", { arrivedAt: at(DAY, 449), departedAt: at(DAY, 450) }), stop(2, "pending"), stop(3, "pending"), stop(4, "pending")];
    const town = estimateArrivals({ stops: STOPS, state: running(at(DAY, 450, 30), 200, left), history: SegmentHistory.empty, dayStart: DAY });
    const townMs = ETA_MODEL.townSpeedKmh / 3.6;
    expect((town[0]!.etaAt - at(DAY, 450, 30)) / 1000).toBeCloseTo((800 * ETA_MODEL.roadFactor) / townMs, 0);
    // after 4 minutes only 600 m along: 600 × 1.3 m in 240 s is the trip's speed
    const slow = estimateArrivals({ stops: STOPS, state: running(at(DAY, 454), 600, left), history: SegmentHistory.empty, dayStart: DAY });
    const tripMs = (600 * ETA_MODEL.roadFactor) / 240;
    expect((slow[0]!.etaAt - at(DAY, 454)) / 1000).toBeCloseTo((400 * ETA_MODEL.roadFactor) / tripMs, 0);
    expect((slow[1]!.etaAt - slow[0]!.etaAt) / 1000).toBeCloseTo(ETA_MODEL.defaultDwellS + (1000 * ETA_MODEL.roadFactor) / tripMs, 0);
  });

  it("waits out the rest of the usual stand at the stop the vehicle is at", () => {
    const arrivedAt = at(DAY, 452);
    const state = running(arrivedAt + 10_000, 1000, [stop(1, "departed", { arrivedAt: at(DAY, 449), departedAt: at(DAY, 450) }), stop(2, "arrived", { arrivedAt }), stop(3, "pending"), stop(4, "pending")]);
    const [toStop3] = estimateArrivals({ stops: STOPS, state, history: usual, dayStart: DAY });
    // 40 s usual stand, 10 s of it done, then the usual 120 s (the first leg took its usual 120 s: on time)
    expect((toStop3!.etaAt - (arrivedAt + 10_000)) / 1000).toBeCloseTo(30 + 120, 6);
  });

  it("is less sure the further ahead, and less sure without history than with it", () => {
    const noisy = buildSegmentHistory([100, 120, 140, 110, 130].map((seconds, n) => pastRun(PAST(n + 1), 450, [seconds, seconds, seconds], 40)));
    const state = running(at(DAY, 450, 30), 250, [stop(1, "departed", { arrivedAt: at(DAY, 449), departedAt: at(DAY, 450) }), stop(2, "pending"), stop(3, "pending"), stop(4, "pending")]);
    const withHistory = estimateArrivals({ stops: STOPS, state, history: noisy, dayStart: DAY });
    const plain = estimateArrivals({ stops: STOPS, state, history: SegmentHistory.empty, dayStart: DAY });
    for (const etas of [withHistory, plain]) {
      const uncertainty = etas.map((eta) => eta.uncertaintyS);
      expect(uncertainty[0]).toBeGreaterThanOrEqual(ETA_MODEL.baseUncertaintyS);
      expect(uncertainty[1]).toBeGreaterThan(uncertainty[0]!);
      expect(uncertainty[2]).toBeGreaterThan(uncertainty[1]!);
    }
    expect(plain[2]!.uncertaintyS).toBeGreaterThan(withHistory[2]!.uncertaintyS);
  });
});
