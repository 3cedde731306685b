// Marks some of a member's notifications read (ids of other members or accounts are skipped, never touched), or all
// of them in the account. Already-read rows keep their first read time. Answers how many changed and the unread
// count after, and tells the member's other open dashboards ("notifications.read") so their bells agree.
import { db } from "../../../db/client";
import { publishPrivate } from "../../private-channels/private-channels";
import { userChannel } from "./user-channel-name";
import { countUnreadInbox } from "./count-unread-inbox";

export const INBOX_READ_EVENT = "notifications.read";
export const MARK_READ_MAX_IDS = 200;

export async function markInboxRead(input: {
  accountId: number;
  userId: number;
  /** null: every unread notification of the member in the account */
  ids: number[] | null;
  now?: Date;
}): Promise<{ updated: number; unread: number }> {
  const { accountId, userId } = input;
  const { count } = await db().inboxNotification.updateMany({
    where: { userId, accountId, readAt: null, ...(input.ids ? { id: { in: input.ids.slice(0, MARK_READ_MAX_IDS) } } : {}) },
    data: { readAt: input.now ?? new Date() },
  });
  const unread = await countUnreadInbox({ accountId, userId });
  if (count > 0) await publishPrivate(userChannel(userId), INBOX_READ_EVENT, { accountId, ids: input.ids, unread });
  return { updated: count, unread };
}
