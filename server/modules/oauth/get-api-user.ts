// GET /api/v1/user: the user an OAuth client acts as, with the accounts its token grants. A token is bound to one
// account, so `accounts` holds that one (even when the user belongs to others: the token cannot reach them).
import { db } from "../../db/client";
import { AppError } from "../../errors";

export interface ApiUser {
  id: number;
  name: string;
  accounts: { id: number; key: string; name: string }[];
}

export async function getApiUser({ userId, accountId }: { userId: number; accountId: number }): Promise<ApiUser> {
  const user = await db().user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      name: true,
      memberships: { where: { accountId }, select: { account: { select: { id: true, key: true, name: true } } } },
    },
  });
  if (!user) throw new AppError("USER_NOT_FOUND", "User not found.");
  return { id: user.id, name: user.name, accounts: user.memberships.map((membership) => membership.account) };
}
