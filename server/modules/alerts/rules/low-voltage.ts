// LOW_VOLTAGE: the external (vehicle) voltage (AVL 66) below the threshold for at least min_duration_s fires once;
// the rule re-arms when the voltage is back REARM_MARGIN_V above the threshold (charging after a start lifts it by
// more than that; noise does not). Records without external voltage are skipped.
import { formatDuration, type RuleEvaluator } from "./rule-evaluator";

export const LOW_VOLTAGE_REARM_MARGIN_V = 0.3;

interface State {
  lowSince: number | null;
  fired: boolean;
}

export const lowVoltage: RuleEvaluator<"LOW_VOLTAGE", State> = {
  initial: () => ({ lowSince: null, fired: false }),
  step(rule, state, p) {
    const voltage = p.power.externalVoltage;
    if (voltage === null) return null;
    const threshold = rule.params.voltage_v;
    if (voltage >= threshold + LOW_VOLTAGE_REARM_MARGIN_V) {
      state.lowSince = null;
      state.fired = false;
      return null;
    }
    if (voltage >= threshold) return null;
    state.lowSince ??= p.dateUpdated;
    const duration = p.dateUpdated - state.lowSince;
    if (state.fired || duration < rule.params.min_duration_s * 1000) return null;
    state.fired = true;
    const volts = Math.round(voltage * 100) / 100;
    return {
      type: "LOW_VOLTAGE",
      details: { voltageV: volts, thresholdV: threshold, durationS: Math.round(duration / 1000) },
      firedAt: p.dateUpdated,
      message:
        duration > 0
          ? `External voltage ${volts} V, below ${threshold} V for ${formatDuration(duration)}`
          : `External voltage ${volts} V, below ${threshold} V`,
    };
  },
};
