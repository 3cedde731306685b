// Name, branding (shown on public tracking pages) and default contact details of an account.
import { announce } from "../../announce";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import {
  type Account,
  accountSelect,
  type UpdateAccountSettingsInput,
  ZUpdateAccountSettings,
} from "./accounts.schema";
import { parseInput } from "../parse-input";

export async function updateAccountSettings(input: UpdateAccountSettingsInput): Promise<Account> {
  const { accountId, ...changes } = parseInput(ZUpdateAccountSettings, input);
  const data = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const result = await db().account.updateMany({ where: { id: accountId }, data });
  if (result.count === 0) throw new AppError("ACCOUNT_NOT_FOUND", "account not found");
  await announce("account.changed", { accountId });
  return db().account.findUniqueOrThrow({ where: { id: accountId }, select: accountSelect });
}
