// Deletes an alert rule. Its fired alerts stay (with the rule's name; their rule id becomes null).
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { ZAlertRuleRef } from "./alerts.schema";
import { notifyRulesChanged } from "../geofences/notify-rules-changed";

export async function deleteAlertRule(input: { accountId: number; ruleId: number }): Promise<{ id: number }> {
  const { accountId, ruleId } = parseInput(ZAlertRuleRef, input);
  const result = await db().alertRule.deleteMany({ where: { id: ruleId, accountId } });
  if (result.count === 0) throw new AppError("ALERT_RULE_NOT_FOUND", `alert rule ${ruleId} not found`);
  await notifyRulesChanged(accountId);
  return { id: ruleId };
}
