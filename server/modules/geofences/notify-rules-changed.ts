// Tells every node's evaluators that an account's alert rules or geofences changed, so they reload them before the
// next position of that account (they cache rules in memory to keep database reads off the ingest path). It lives
// in geofences, the lower of the two modules (alert rules reference geofences, never the reverse), so both can
// call it without an import cycle. Cached reports of the account are recomputed too (the report-input stamp).
// Group and tag membership changes call `publishRulesChanged` alone: rules targeting groups or tags resolve their
// assets when they load (alerts/rule-targets.ts), and reports read membership when they run.
import { hubIfCreated } from "../../hub";
import { log } from "../../log";
import { bumpReportInputs } from "../reports/rollups/bump-report-inputs";

export async function notifyRulesChanged(accountId: number): Promise<void> {
  await bumpReportInputs(accountId);
  await publishRulesChanged(accountId);
}

/** only the hub event: every node's evaluators drop the account's cached rules */
export async function publishRulesChanged(accountId: number): Promise<void> {
  const current = hubIfCreated();
  if (!current) return;
  try {
    await current.publish("alert-rules.changed", { accountId });
  } catch (error) {
    // evaluators also reload every few minutes (ACCOUNT_CONTEXT_TTL_MS), so a lost event delays, never loses, a change
    log("alerts").error({ err: error, accountId }, "could not publish alert-rules.changed");
  }
}
