// The gate of every account-scoped dashboard page: the user's role in the account named by the URL, and the assets
// they see (asset-scope/asset-scope.ts). A user who is not a member gets ACCOUNT_NOT_FOUND, exactly like a key that
// does not exist, so outsiders cannot probe keys.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { ACCOUNT_KEY_PATTERN } from "../accounts/account-key";
import { type Account, accountSelect } from "../accounts/accounts.schema";
import { type AssetScope, scopeOfGroups, wholeFleet } from "../asset-scope/asset-scope";
import type { Role } from "./roles";

export async function getMembership({
  userId,
  accountKey,
}: {
  userId: number;
  accountKey: string;
}): Promise<{ account: Account; role: Role; scope: AssetScope }> {
  const membership =
    typeof accountKey === "string" && ACCOUNT_KEY_PATTERN.test(accountKey) && Number.isInteger(userId)
      ? await db().membership.findFirst({
          where: { userId, account: { key: accountKey } },
          select: { role: true, groupLimited: true, scopeGroups: { select: { groupId: true } }, account: { select: accountSelect } },
        })
      : null;
  if (!membership) throw new AppError("ACCOUNT_NOT_FOUND", `account ${JSON.stringify(accountKey)} not found`);
  const { account, role } = membership;
  const scope = membership.groupLimited
    ? await scopeOfGroups(account.id, membership.scopeGroups.map((row) => row.groupId))
    : wholeFleet(account.id);
  return { account, role, scope };
}
