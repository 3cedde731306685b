// IDLING: ignition on and standing still (below the moving threshold of the vehicle status) for idle_minutes fires
// once per episode, on the first record after the limit (a stopped vehicle with ignition on reports about every
// minute). Moving or switching off ends the episode; records without ignition leave it as it is.
import { STATUS_THRESHOLDS } from "../../positions/vehicle-status";
import { formatDuration, type RuleEvaluator } from "./rule-evaluator";

interface State {
  since: number | null;
  fired: boolean;
}

export const idling: RuleEvaluator<"IDLING", State> = {
  initial: () => ({ since: null, fired: false }),
  step(rule, state, p) {
    if (p.ignition === false || p.speed >= STATUS_THRESHOLDS.movingSpeedKmh) {
      state.since = null;
      state.fired = false;
      return null;
    }
    if (p.ignition === null) return null;
    state.since ??= p.dateUpdated;
    const idle = p.dateUpdated - state.since;
    const limit = rule.params.idle_minutes * 60_000;
    if (state.fired || idle < limit) return null;
    state.fired = true;
    return {
      type: "IDLING",
      details: { idleS: Math.round(idle / 1000), limitS: limit / 1000 },
      firedAt: p.dateUpdated,
      message: `Idling for ${formatDuration(idle)} (limit ${formatDuration(limit)})`,
    };
  },
};
