// A member's inbox in one account, newest first, in cursor pages (the cursor is the last id seen), optionally only
// the unread ones. Only the member's own rows: the where clause always names both the user and the account.
import { db } from "../../../db/client";
import { inboxSelect, toInboxDto, type InboxNotificationDto } from "./inbox.schema";

export const INBOX_PAGE_MAX = 50;

export async function listInboxNotifications(input: {
  accountId: number;
  userId: number;
  cursor?: number | null;
  limit?: number;
  unreadOnly?: boolean;
}): Promise<{ items: InboxNotificationDto[]; nextCursor: number | null }> {
  const limit = Math.min(Math.max(input.limit ?? 20, 1), INBOX_PAGE_MAX);
  const rows = await db().inboxNotification.findMany({
    where: {
      userId: input.userId,
      accountId: input.accountId,
      ...(input.cursor ? { id: { lt: input.cursor } } : {}),
      ...(input.unreadOnly ? { readAt: null } : {}),
    },
    orderBy: { id: "desc" },
    take: limit + 1,
    select: inboxSelect,
  });
  const page = rows.slice(0, limit);
  return { items: page.map(toInboxDto), nextCursor: rows.length > limit ? page[page.length - 1]!.id : null };
}
