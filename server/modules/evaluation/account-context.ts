// What the evaluators need to know about an account, loaded in one query and cached (account-context-cache.ts):
// its entitlements (vehicle health needs the mobility add-on, driver behaviour the driver add-on) and its enabled
// alert rules, compiled, with the assets of the groups and tags they target resolved (alerts/rule-targets.ts).
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import { entitlementSelect, type AccountEntitlements } from "../accounts/accounts.schema";
import { alertRuleSelect } from "../alerts/alerts.schema";
import { compileRule, type CompiledRule } from "../alerts/compiled-rule";
import { resolveRuleTargets } from "../alerts/rule-targets";
import { geofenceSelect } from "../geofences/geofences.schema";

export interface AccountContext extends AccountEntitlements {
  accountId: number;
  /** enabled rules only */
  rules: CompiledRule[];
}

/** the account's context, or null when the account no longer exists */
export async function loadAccountContext(prisma: Db, accountId: number, logger?: Logger): Promise<AccountContext | null> {
  const account = await prisma.account.findUnique({
    where: { id: accountId },
    select: {
      id: true,
      timeZone: true,
      ...entitlementSelect,
      alertRules: {
        where: { enabled: true },
        select: { ...alertRuleSelect, accountId: true, geofence: { select: geofenceSelect } },
        orderBy: { id: "asc" },
      },
    },
  });
  if (!account) return null;
  const targets = await resolveRuleTargets(prisma, accountId, account.alertRules);
  const rules: CompiledRule[] = [];
  for (const row of account.alertRules) {
    const rule = compileRule(row, targets.get(row.id), account.timeZone);
    if (rule) rules.push(rule);
    else logger?.warn({ accountId, ruleId: row.id }, "alert rule skipped: its stored settings are not valid");
  }
  return { accountId: account.id, plan: account.plan, addonMobility: account.addonMobility, addonDriver: account.addonDriver, rules };
}
