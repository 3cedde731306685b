// Tells every node's evaluators that which assets are in an account's groups or carry its tags changed (membership,
// a group moved in the tree or deleted, a tag deleted): alert rules that target groups or tags resolve them when the
// account's rules load (alerts/rule-targets.ts), so the cached rules are dropped as for a rule change. It publishes
// the same hub event (alert-rules.changed), so no subscriber needs to know the difference.
import { hubIfCreated } from "../../hub";
import { log } from "../../log";

export async function notifyMembershipChanged(accountId: number): Promise<void> {
  const current = hubIfCreated();
  if (!current) return;
  try {
    await current.publish("alert-rules.changed", { accountId });
  } catch (error) {
    // evaluators also reload every few minutes (ACCOUNT_CONTEXT_TTL_MS), so a lost event delays, never loses, a change
    log("alerts").error({ err: error, accountId }, "could not publish alert-rules.changed");
  }
}
