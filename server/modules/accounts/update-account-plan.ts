// The platform operator changes an account's name, plan tier or add-ons (`fleet account update`). What the plan
// grants takes effect at once: the change is announced, and the live stream re-grants the account's open
// connections and the evaluators reload the account, on every node that hears the hub.
import { announce } from "../../announce";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { ZUpdateAccountPlan, type UpdateAccountPlanInput } from "./accounts.schema";
import { parseInput } from "../parse-input";

export interface AccountPlan {
  id: number;
  key: string;
  name: string;
  plan: "standard" | "detailed";
  addons: ("mobility" | "driver")[];
}

export async function updateAccountPlan(input: UpdateAccountPlanInput): Promise<AccountPlan> {
  const { accountId, name, plan, addons } = parseInput(ZUpdateAccountPlan, input);
  const data = {
    ...(name === undefined ? {} : { name }),
    ...(plan === undefined ? {} : { plan }),
    ...(addons === undefined ? {} : { addonMobility: addons.mobility, addonDriver: addons.driver }),
  };
  const result = await db().account.updateMany({ where: { id: accountId }, data });
  if (result.count === 0) throw new AppError("ACCOUNT_NOT_FOUND", "account not found");
  await announce("account.changed", { accountId });
  const account = await db().account.findUniqueOrThrow({
    where: { id: accountId },
    select: { id: true, key: true, name: true, plan: true, addonMobility: true, addonDriver: true },
  });
  return {
    id: account.id,
    key: account.key,
    name: account.name,
    plan: account.plan,
    addons: [...(account.addonMobility ? ["mobility" as const] : []), ...(account.addonDriver ? ["driver" as const] : [])],
  };
}
