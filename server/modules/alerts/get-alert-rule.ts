import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { type AlertRuleDto, alertRuleSelect, toAlertRuleDto, ZAlertRuleRef } from "./alerts.schema";

/** A rule of the account; another account's rule is ALERT_RULE_NOT_FOUND, exactly like a missing one. */
export async function getAlertRule(input: { accountId: number; ruleId: number }): Promise<AlertRuleDto> {
  const { accountId, ruleId } = parseInput(ZAlertRuleRef, input);
  const row = await db().alertRule.findFirst({ where: { id: ruleId, accountId }, select: alertRuleSelect });
  if (!row) throw new AppError("ALERT_RULE_NOT_FOUND", `alert rule ${ruleId} not found`);
  return toAlertRuleDto(row);
}
