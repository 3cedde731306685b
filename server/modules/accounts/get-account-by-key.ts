import { db } from "../../db/client";
import { AppError } from "../../errors";
import { ACCOUNT_KEY_PATTERN } from "./account-key";
import { type Account, accountSelect } from "./accounts.schema";

export async function getAccountByKey({ key }: { key: string }): Promise<Account> {
  const account =
    typeof key === "string" && ACCOUNT_KEY_PATTERN.test(key)
      ? await db().account.findUnique({ where: { key }, select: accountSelect })
      : null;
  if (!account) throw new AppError("ACCOUNT_NOT_FOUND", `account ${JSON.stringify(key)} not found`);
  return account;
}
