// DEVICE_ALARM: fires for each position that carries a device alarm the rule lists (`sos`, `power-cut`, ...). The
// device said what happened, so there is nothing to derive and no state: the alert is the alarm. Protocols that
// repeat an ongoing alarm in status frames only update state there (GT06), so each alarm position is one event; the
// rule's cooldown still bounds a device that repeats alarm frames.
import type { RuleEvaluator } from "./rule-evaluator";

export const deviceAlarm: RuleEvaluator<"DEVICE_ALARM", null> = {
  initial: () => null,
  step(rule, _state, p) {
    if (p.alarm === undefined || !rule.alarms.has(p.alarm)) return null;
    return {
      type: "DEVICE_ALARM",
      details: { alarm: p.alarm, protocol: p.protocol },
      firedAt: p.dateUpdated,
      message: `The tracker raised an alarm: ${p.alarm.replace(/-/g, " ")}`,
    };
  },
};
