// Name, branding (shown on public tracking pages) and default contact details of an account. A new time zone moves
// where the account's days begin: its report day rollups are rebuilt in the same transaction (rebuild-account-days.ts).
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
import { bumpReportInputs } from "../reports/rollups/bump-report-inputs";
import { rebuildAccountDays } from "../reports/rollups/rebuild-account-days";

export async function updateAccountSettings(input: UpdateAccountSettingsInput): Promise<Account> {
  const { accountId, ...changes } = parseInput(ZUpdateAccountSettings, input);
  const data = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const updated = await db().$transaction(async (tx) => {
    const before = await tx.account.findUnique({ where: { id: accountId }, select: { timeZone: true } });
    if (!before) return false;
    await tx.account.update({ where: { id: accountId }, data });
    if (changes.timeZone !== undefined && changes.timeZone !== before.timeZone) {
      await rebuildAccountDays(tx, accountId);
      await bumpReportInputs(accountId, tx);
    }
    return true;
  });
  if (!updated) throw new AppError("ACCOUNT_NOT_FOUND", "account not found");
  await announce("account.changed", { accountId });
  return db().account.findUniqueOrThrow({ where: { id: accountId }, select: accountSelect });
}
