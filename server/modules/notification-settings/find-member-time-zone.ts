// The time zone a member chose for themselves in one account (their notification settings), or null: then the
// account's zone applies. The dashboard shows every time in this zone (docs/dashboard.md "Times").
import { db } from "../../db/client";

export async function findMemberTimeZone({ accountId, userId }: { accountId: number; userId: number }): Promise<string | null> {
  const settings = await db().notificationSettings.findUnique({ where: { accountId_userId: { accountId, userId } }, select: { timeZone: true } });
  return settings?.timeZone ?? null;
}
