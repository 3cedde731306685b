// The number on the bell: a member's unread notifications in one account.
import { db } from "../../../db/client";

export async function countUnreadInbox(input: { accountId: number; userId: number }): Promise<number> {
  return db().inboxNotification.count({ where: { userId: input.userId, accountId: input.accountId, readAt: null } });
}
