import { db } from "../../db/client";
import type { UserAccount } from "./users.schema";

/** The accounts a user belongs to, with their role in each (account switcher, GET /api/v1/user). */
export async function listUserAccounts({ userId }: { userId: number }): Promise<UserAccount[]> {
  const memberships = await db().membership.findMany({
    where: { userId },
    select: { role: true, account: { select: { id: true, key: true, name: true } } },
    orderBy: [{ account: { name: "asc" } }, { accountId: "asc" }],
  });
  return memberships.map(({ role, account }) => ({ ...account, role }));
}
