// Runs an account's position-driven rules over each live position and keeps their per (rule, asset) state in
// memory: geofence inside/outside, last ignition, when idling or overspeed started, the last alert (cooldown).
// Synchronous and free of I/O, so it can sit on the ingest hot path; what fires is handed to the recorder.
// State is keyed by rule id and reset when the rule's version (its updatedAt) changes; rules that disappear from
// the account's context take their state with them (prune).
import type { LivePosition } from "../positions/live-position";
import type { AlertRuleType } from "../stream/channel-messages";
import { isWithinActiveHours } from "./active-hours";
import { appliesTo, type CompiledRule } from "./compiled-rule";
import { deviceAlarm } from "./rules/device-alarm";
import { dtcDetected } from "./rules/dtc-detected";
import { geofence } from "./rules/geofence";
import { idling } from "./rules/idling";
import { ignition } from "./rules/ignition";
import { lowVoltage } from "./rules/low-voltage";
import { overspeed } from "./rules/overspeed";
import type { Firing, RuleEvaluator } from "./rules/rule-evaluator";

type PositionRuleType = Exclude<AlertRuleType, "CONNECTIVITY">;

const EVALUATORS: { [T in PositionRuleType]: RuleEvaluator<T, unknown> } = {
  OVERSPEED: overspeed as RuleEvaluator<"OVERSPEED", unknown>,
  GEOFENCE: geofence as RuleEvaluator<"GEOFENCE", unknown>,
  IGNITION: ignition as RuleEvaluator<"IGNITION", unknown>,
  IDLING: idling as RuleEvaluator<"IDLING", unknown>,
  LOW_VOLTAGE: lowVoltage as RuleEvaluator<"LOW_VOLTAGE", unknown>,
  DTC_DETECTED: dtcDetected as RuleEvaluator<"DTC_DETECTED", unknown>,
  DEVICE_ALARM: deviceAlarm as RuleEvaluator<"DEVICE_ALARM", unknown>,
};

interface RuleAssetState {
  version: number;
  lastFiredAt: number | null;
  data: unknown;
}

/** what fired, with the rule it belongs to */
export interface RuleFiring {
  rule: Pick<CompiledRule, "id" | "name" | "type">;
  firing: Firing;
}

export class AlertEvaluator {
  /** rule id -> asset id -> state */
  private readonly states = new Map<number, Map<number, RuleAssetState>>();
  /** rule id -> account id */
  private readonly owners = new Map<number, number>();

  evaluate(rules: readonly CompiledRule[], position: LivePosition): RuleFiring[] {
    const fired: RuleFiring[] = [];
    for (const rule of rules) {
      if (rule.type === "CONNECTIVITY" || !appliesTo(rule, position.assetId)) continue;
      const evaluator = EVALUATORS[rule.type] as RuleEvaluator<typeof rule.type, unknown>;
      const state = this.state(rule, position.assetId, evaluator);
      const firing = evaluator.step(rule as never, state.data, position);
      if (!firing) continue;
      if (!isWithinActiveHours(rule.activeHours, firing.firedAt)) continue;
      // the cooldown suppresses the alert, never the state change that caused it
      if (state.lastFiredAt !== null && firing.firedAt - state.lastFiredAt < rule.cooldownMs) continue;
      state.lastFiredAt = firing.firedAt;
      fired.push({ rule: { id: rule.id, name: rule.name, type: rule.type }, firing });
    }
    return fired;
  }

  /** drops the state of the account's rules that are not in `rules` any more (deleted or disabled) */
  prune(accountId: number, rules: readonly CompiledRule[]): void {
    const keep = new Set(rules.map((rule) => rule.id));
    for (const [ruleId, owner] of this.owners) {
      if (owner !== accountId || keep.has(ruleId)) continue;
      this.states.delete(ruleId);
      this.owners.delete(ruleId);
    }
  }

  private state(rule: CompiledRule, assetId: number, evaluator: RuleEvaluator<PositionRuleType, unknown>): RuleAssetState {
    let byAsset = this.states.get(rule.id);
    if (!byAsset) {
      byAsset = new Map();
      this.states.set(rule.id, byAsset);
      this.owners.set(rule.id, rule.accountId);
    }
    let state = byAsset.get(assetId);
    if (!state || state.version !== rule.version) {
      state = { version: rule.version, lastFiredAt: null, data: evaluator.initial() };
      byAsset.set(assetId, state);
    }
    return state;
  }
}
