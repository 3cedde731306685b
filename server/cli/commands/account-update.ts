import { PLANS } from "../../modules/accounts/accounts.schema";
import { defineCommand, list, required, text } from "../command";
import { ADDONS } from "./account-create";

export const accountUpdate = defineCommand({
  name: "account update",
  summary: "Change an account's plan, add-ons or name; open live streams get the new entitlements at once (with REDIS_URL, or from the server itself)",
  database: true,
  flags: [
    { name: "account", value: "KEY", required: true, description: "account key" },
    { name: "plan", value: "PLAN", choices: PLANS, description: "plan tier" },
    { name: "addons", value: "LIST", list: true, choices: ADDONS, description: 'the add-ons to have (replaces the set; "" clears it)' },
    { name: "name", value: "NAME", description: "account name" },
  ],
  example: "fleet account update --account acme-logistics-x7k2p --plan detailed --addons mobility,driver",
  async run({ flags }) {
    const [{ getAccountByKey }, { updateAccountPlan }] = await Promise.all([
      import("../../modules/accounts/get-account-by-key"),
      import("../../modules/accounts/update-account-plan"),
    ]);
    const account = await getAccountByKey({ key: required(flags, "account") });
    const addons = flags.addons === undefined ? undefined : list(flags, "addons");
    const updated = await updateAccountPlan({
      accountId: account.id,
      name: text(flags, "name"),
      plan: text(flags, "plan") as (typeof PLANS)[number] | undefined,
      addons: addons && { mobility: addons.includes("mobility"), driver: addons.includes("driver") },
    });
    return { id: updated.id, key: updated.key, plan: updated.plan, addons: updated.addons };
  },
});
