import { PLANS } from "../../modules/accounts/accounts.schema";
import { defineCommand, list, required, text } from "../command";

export const ADDONS = ["mobility", "driver"] as const;

export const accountCreate = defineCommand({
  name: "account create",
  summary: "Create an account; prints its id and key (the key appears in every API path and dashboard address)",
  database: true,
  flags: [
    { name: "name", value: "NAME", required: true, description: "account name" },
    { name: "plan", value: "PLAN", choices: PLANS, description: "plan tier, default standard" },
    { name: "addons", value: "LIST", list: true, choices: ADDONS, description: "add-ons to enable" },
  ],
  example: 'fleet account create --name "Acme Logistics" --plan detailed --addons mobility,driver',
  async run({ flags }) {
    const { createAccount } = await import("../../modules/accounts/create-account");
    const addons = list(flags, "addons");
    const { id, key } = await createAccount({
      name: required(flags, "name"),
      plan: text(flags, "plan") as (typeof PLANS)[number] | undefined,
      addons: { mobility: addons.includes("mobility"), driver: addons.includes("driver") },
    });
    return { id, key };
  },
});
