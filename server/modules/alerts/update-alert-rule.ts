// Replaces an alert rule (PUT semantics: the whole rule; omitted optional fields take their defaults). The rule's
// in-memory state (e.g. "inside the geofence") starts afresh; a connectivity rule keeps its offline assets.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { type AlertRuleDto, alertRuleSelect, toAlertRuleDto, ZAlertRuleBody, ZAlertRuleRef } from "./alerts.schema";
import { notifyRulesChanged } from "../geofences/notify-rules-changed";
import { checkRuleReferences, ruleColumns } from "./rule-references";

export async function updateAlertRule(input: { accountId: number; ruleId: number; body: unknown }): Promise<AlertRuleDto> {
  const { accountId, ruleId } = parseInput(ZAlertRuleRef, input);
  const body = parseInput(ZAlertRuleBody, input.body);
  const row = await db().$transaction(async (tx) => {
    const existing = await tx.alertRule.findFirst({ where: { id: ruleId, accountId }, select: { id: true, type: true } });
    if (!existing) throw new AppError("ALERT_RULE_NOT_FOUND", `alert rule ${ruleId} not found`);
    await checkRuleReferences(tx, accountId, body);
    // offline assets of a connectivity rule mean nothing to a rule of another type
    if (existing.type === "CONNECTIVITY" && body.type !== "CONNECTIVITY") {
      await tx.connectivityState.deleteMany({ where: { ruleId } });
    }
    return tx.alertRule.update({ where: { id: ruleId }, data: ruleColumns(body), select: alertRuleSelect });
  });
  await notifyRulesChanged(accountId);
  return toAlertRuleDto(row);
}
