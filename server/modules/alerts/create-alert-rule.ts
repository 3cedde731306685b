// Creates an alert rule, within the account's quota (accounts/account-quotas.ts). Evaluators on every node pick it
// up before the account's next position.
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { takeAccountQuota } from "../accounts/account-quotas";
import { type AlertRuleDto, alertRuleSelect, toAlertRuleDto, ZAlertRuleBody } from "./alerts.schema";
import { notifyRulesChanged } from "../geofences/notify-rules-changed";
import { checkRuleReferences, ruleColumns } from "./rule-references";

export async function createAlertRule(input: { accountId: number; body: unknown }): Promise<AlertRuleDto> {
  const body = parseInput(ZAlertRuleBody, input.body);
  const row = await db().$transaction(async (tx) => {
    await takeAccountQuota(tx, input.accountId, "alert_rules");
    await checkRuleReferences(tx, input.accountId, body);
    return tx.alertRule.create({ data: { accountId: input.accountId, ...ruleColumns(body) }, select: alertRuleSelect });
  });
  await notifyRulesChanged(input.accountId);
  return toAlertRuleDto(row);
}
