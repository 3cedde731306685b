// Driver behaviour events per asset, from live positions in time order:
//   harsh acceleration / braking / cornering: the tracker's green-driving report (AVL 253 type, AVL 254 value in g)
//     when the record carries one; otherwise derived from two consecutive records at most DERIVE_MAX_GAP_MS apart:
//     longitudinal acceleration from the speed change, lateral acceleration from speed x heading change rate.
//   overspeed: an episode above OVERSPEED_KMH (the trip score's limit), reported when it ends.
//   idling: ignition on and standing still for at least IDLING_MIN_MS, reported when it ends.
// Each event gets a 0..100 score (100 harmless, 0 worst) and a severity; formulas in docs/alerts.md. Pure and
// synchronous; state is in memory and starts afresh after a restart.
import { isNullIsland } from "../positions/geo";
import type { LivePosition } from "../positions/live-position";
import { STATUS_THRESHOLDS } from "../positions/vehicle-status";
import type { BehaviorEventType, DriverBehaviorMessage, EventPosition } from "../stream/channel-messages";
import { toEventPosition } from "../stream/event-position";
import { TRIP_RULES } from "../trips/trip-detector";

const KMH_PER_MS = 3.6; // km/h in one m/s
const STANDARD_GRAVITY = 9.80665; // m/s² in one g

export const BEHAVIOR_RULES = {
  /** the trip detector's harsh threshold (12 km/h per second), so trips and events agree */
  harshAccelerationMs2: TRIP_RULES.harshKmhPerSecond / KMH_PER_MS,
  harshBrakingMs2: TRIP_RULES.harshKmhPerSecond / KMH_PER_MS,
  /** about 0.3 g sideways: a bend taken uncomfortably fast */
  harshCorneringMs2: 3,
  /** derived accelerations over longer gaps are averages that hide the manoeuvre */
  deriveMaxGapMs: 10_000,
  /** below this the GPS heading is too noisy to derive cornering from */
  corneringMinSpeedKmh: 10,
  overspeedKmh: TRIP_RULES.overspeedKmh,
  idlingMinMs: 5 * 60_000,
} as const;

/** penalty per unit of intensity (value / threshold) for harsh events: at the threshold 70, at twice it 40 */
const HARSH_PENALTY_PER_RATIO = 30;
/** overspeed and idling: points per km/h above the limit and per minute (the trip score's 2 per minute) */
const PENALTY_PER_KMH_OVER = 2;
const PENALTY_PER_MINUTE = 2;

const GREEN_DRIVING_TYPES: Record<number, BehaviorEventType> = {
  1: "harsh_acceleration",
  2: "harsh_braking",
  3: "harsh_cornering",
};

const THRESHOLDS: Record<"harsh_acceleration" | "harsh_braking" | "harsh_cornering", number> = {
  harsh_acceleration: BEHAVIOR_RULES.harshAccelerationMs2,
  harsh_braking: BEHAVIOR_RULES.harshBrakingMs2,
  harsh_cornering: BEHAVIOR_RULES.harshCorneringMs2,
};

interface AssetBehavior {
  previous: { time: number; speed: number; course: number } | null;
  overspeed: { since: number; lastOver: number; maxSpeed: number; at: EventPosition } | null;
  idling: { since: number; at: EventPosition } | null;
}

const clampScore = (value: number) => Math.max(0, Math.min(100, Math.round(value)));
const round2 = (value: number) => Math.round(value * 100) / 100;

export class BehaviorDetector {
  private readonly assets = new Map<number, AssetBehavior>();

  offer(p: LivePosition): DriverBehaviorMessage[] {
    let state = this.assets.get(p.assetId);
    if (!state) {
      state = { previous: null, overspeed: null, idling: null };
      this.assets.set(p.assetId, state);
    }
    const events: DriverBehaviorMessage[] = [];
    const hasFix = !isNullIsland(p.latitude, p.longitude);

    const harsh = this.harsh(p, state, hasFix);
    if (harsh) events.push(harsh);

    const over = hasFix && p.ignition !== false && p.speed > BEHAVIOR_RULES.overspeedKmh;
    if (over) {
      if (!state.overspeed) state.overspeed = { since: p.dateUpdated, lastOver: p.dateUpdated, maxSpeed: p.speed, at: toEventPosition(p) };
      state.overspeed.lastOver = p.dateUpdated;
      if (p.speed > state.overspeed.maxSpeed) {
        state.overspeed.maxSpeed = p.speed;
        state.overspeed.at = toEventPosition(p);
      }
    } else if (state.overspeed && (hasFix || p.ignition === false)) {
      events.push(this.overspeedEvent(p, state.overspeed));
      state.overspeed = null;
    }

    const idle = p.ignition === true && p.speed < STATUS_THRESHOLDS.movingSpeedKmh;
    if (idle) state.idling ??= { since: p.dateUpdated, at: toEventPosition(p) };
    else if (state.idling && (p.ignition === false || p.speed >= STATUS_THRESHOLDS.movingSpeedKmh)) {
      const duration = p.dateUpdated - state.idling.since;
      if (duration >= BEHAVIOR_RULES.idlingMinMs) events.push(this.idlingEvent(p, state.idling.at, duration));
      state.idling = null;
    }

    if (hasFix) state.previous = { time: p.dateUpdated, speed: p.speed, course: p.course };
    return events;
  }

  private harsh(p: LivePosition, state: AssetBehavior, hasFix: boolean): DriverBehaviorMessage | null {
    const reported = p.ioData.greenDrivingType;
    if (typeof reported === "number" && GREEN_DRIVING_TYPES[reported]) {
      const type = GREEN_DRIVING_TYPES[reported] as keyof typeof THRESHOLDS;
      const g = p.ioData.greenDrivingValue;
      // no value: the device judged it harsh by its own threshold, so it counts as at ours
      const value = typeof g === "number" && g > 0 ? g * STANDARD_GRAVITY : THRESHOLDS[type];
      return this.harshEvent(p, type, "device", value);
    }
    const previous = state.previous;
    if (!hasFix || !previous) return null;
    const gapMs = p.dateUpdated - previous.time;
    if (gapMs <= 0 || gapMs > BEHAVIOR_RULES.deriveMaxGapMs) return null;
    const seconds = gapMs / 1000;
    const longitudinal = (p.speed - previous.speed) / KMH_PER_MS / seconds;
    const candidates: [keyof typeof THRESHOLDS, number][] = [
      ["harsh_acceleration", longitudinal],
      ["harsh_braking", -longitudinal],
    ];
    if (Math.min(p.speed, previous.speed) >= BEHAVIOR_RULES.corneringMinSpeedKmh) {
      const turn = Math.abs((((p.course - previous.course + 540) % 360) - 180) * (Math.PI / 180)); // radians
      const speed = (p.speed + previous.speed) / 2 / KMH_PER_MS; // m/s
      candidates.push(["harsh_cornering", (speed * turn) / seconds]);
    }
    let best: [keyof typeof THRESHOLDS, number] | null = null;
    for (const [type, value] of candidates) {
      if (value < THRESHOLDS[type]) continue;
      if (!best || value / THRESHOLDS[type] > best[1] / THRESHOLDS[best[0]]) best = [type, value];
    }
    return best ? this.harshEvent(p, best[0], "derived", best[1]) : null;
  }

  private harshEvent(
    p: LivePosition,
    type: keyof typeof THRESHOLDS,
    source: "device" | "derived",
    value: number,
  ): DriverBehaviorMessage {
    const threshold = THRESHOLDS[type];
    const ratio = Math.max(1, value / threshold);
    return this.message(p, {
      type,
      source,
      value: round2(value),
      unit: "m/s2",
      threshold: round2(threshold),
      score: clampScore(100 - HARSH_PENALTY_PER_RATIO * ratio),
      severity: ratio < 1.5 ? "low" : ratio < 2 ? "medium" : "high",
      durationS: null,
      maxSpeedKmh: null,
      position: toEventPosition(p),
    });
  }

  private overspeedEvent(p: LivePosition, episode: NonNullable<AssetBehavior["overspeed"]>): DriverBehaviorMessage {
    const limit = BEHAVIOR_RULES.overspeedKmh;
    const excess = episode.maxSpeed - limit;
    const durationMs = episode.lastOver - episode.since;
    return this.message(p, {
      type: "overspeed",
      source: "derived",
      value: excess,
      unit: "km/h",
      threshold: limit,
      score: clampScore(100 - PENALTY_PER_KMH_OVER * excess - PENALTY_PER_MINUTE * (durationMs / 60_000)),
      severity: excess < 10 ? "low" : excess < 30 ? "medium" : "high",
      durationS: Math.round(durationMs / 1000),
      maxSpeedKmh: episode.maxSpeed,
      position: episode.at,
    });
  }

  private idlingEvent(p: LivePosition, at: EventPosition, durationMs: number): DriverBehaviorMessage {
    const minutes = durationMs / 60_000;
    return this.message(p, {
      type: "idling",
      source: "derived",
      value: Math.round(durationMs / 1000),
      unit: "s",
      threshold: BEHAVIOR_RULES.idlingMinMs / 1000,
      score: clampScore(100 - PENALTY_PER_MINUTE * minutes),
      severity: minutes < 10 ? "low" : minutes < 30 ? "medium" : "high",
      durationS: Math.round(durationMs / 1000),
      maxSpeedKmh: null,
      position: at,
    });
  }

  private message(
    p: LivePosition,
    event: Omit<DriverBehaviorMessage, "version" | "accountId" | "assetId" | "at" | "tripScore" | "tripId" | "driverId">,
  ): DriverBehaviorMessage {
    return {
      version: 1,
      accountId: p.accountId,
      assetId: p.assetId,
      at: p.dateUpdated,
      ...event,
      tripScore: p.startStopTrip?.score ?? null,
      tripId: p.startStopTrip && p.startStopTrip.id > 0 ? p.startStopTrip.id : null,
      driverId: p.driverId,
    };
  }
}
