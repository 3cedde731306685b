// The shape every position-driven rule type shares: per (rule, asset) state, created once and mutated by `step`,
// which looks at one live position (in time order) and says whether the rule fires. Pure: no clock (durations use
// the records' fix times), no database, no hub. Cooldowns are applied by alert-evaluator.ts, not here.
import type { LivePosition } from "../../positions/live-position";
import type { AlertDetailsByType, AlertType } from "../../stream/channel-messages";
import type { CompiledRule, CompiledRuleOf } from "../compiled-rule";

export type Firing = {
  [T in AlertType]: {
    type: T;
    details: AlertDetailsByType[T];
    /** epoch ms: the fix time of the record that fired */
    firedAt: number;
    message: string;
    /**
     * DTC only: the codes were the first this process saw for the rule and asset, so they may have been alerted
     * before a restart; the recorder drops codes its last stored alert already named
     */
    baseline?: boolean;
  };
}[AlertType];

export interface RuleEvaluator<T extends Exclude<CompiledRule["type"], "CONNECTIVITY">, S> {
  initial(): S;
  step(rule: CompiledRuleOf<T>, state: S, position: LivePosition): Firing | null;
}

/** "35 s", "4 min", "2 h 5 min" */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
