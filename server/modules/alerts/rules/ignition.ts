// IGNITION: fires when the ignition (AVL 239) changes between two records (on, off or both, by `trigger`). Records
// without ignition are skipped; the first known value only sets the state.
import type { RuleEvaluator } from "./rule-evaluator";

interface State {
  on: boolean | null;
}

export const ignition: RuleEvaluator<"IGNITION", State> = {
  initial: () => ({ on: null }),
  step(rule, state, p) {
    if (p.ignition === null) return null;
    const was = state.on;
    state.on = p.ignition;
    if (was === null || was === p.ignition) return null;
    const { trigger } = rule.params;
    if (p.ignition && trigger !== "off") {
      return { type: "IGNITION_ON", details: {}, firedAt: p.dateUpdated, message: "Ignition switched on" };
    }
    if (!p.ignition && trigger !== "on") {
      return { type: "IGNITION_OFF", details: {}, firedAt: p.dateUpdated, message: "Ignition switched off" };
    }
    return null;
  },
};
