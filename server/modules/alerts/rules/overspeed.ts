// OVERSPEED: GPS speed above the limit for at least min_duration_s fires once per episode. The episode ends (and
// the rule re-arms) only when the speed drops REARM_MARGIN_KMH below the limit, so hovering around the limit does
// not fire again and again.
import { isNullIsland } from "../../positions/geo";
import { formatDuration, type RuleEvaluator } from "./rule-evaluator";

export const OVERSPEED_REARM_MARGIN_KMH = 5;

interface State {
  overSince: number | null;
  fired: boolean;
}

export const overspeed: RuleEvaluator<"OVERSPEED", State> = {
  initial: () => ({ overSince: null, fired: false }),
  step(rule, state, p) {
    if (isNullIsland(p.latitude, p.longitude)) return null; // no fix: the speed is not a measurement
    const limit = rule.params.speed_kmh;
    if (p.speed <= limit - OVERSPEED_REARM_MARGIN_KMH) {
      state.overSince = null;
      state.fired = false;
      return null;
    }
    if (p.speed <= limit) return null;
    state.overSince ??= p.dateUpdated;
    const duration = p.dateUpdated - state.overSince;
    if (state.fired || duration < rule.params.min_duration_s * 1000) return null;
    state.fired = true;
    return {
      type: "OVERSPEED",
      details: { speedKmh: p.speed, limitKmh: limit, durationS: Math.round(duration / 1000) },
      firedAt: p.dateUpdated,
      message:
        duration > 0
          ? `Speed ${p.speed} km/h, over the ${limit} km/h limit for ${formatDuration(duration)}`
          : `Speed ${p.speed} km/h, over the ${limit} km/h limit`,
    };
  },
};
