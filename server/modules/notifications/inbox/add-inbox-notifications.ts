// Many notifications at once (the alert worker's in-app channel under an alert storm): every input is checked first
// (one bad input refuses the lot, nothing is stored), the rows go in with one insert, then each member's open
// dashboards hear `notification.created` on their `private-user.{userId}` channel, as addInboxNotification does for one.
import { db } from "../../../db/client";
import { publishPrivate } from "../../private-channels/private-channels";
import { userChannel } from "./user-channel-name";
import { INBOX_CREATED_EVENT, inboxSelect, toInboxDto, ZAddInboxNotification, type AddInboxNotificationInput, type InboxNotificationDto } from "./inbox.schema";

export async function addInboxNotifications(inputs: readonly AddInboxNotificationInput[]): Promise<InboxNotificationDto[]> {
  if (inputs.length === 0) return [];
  const data = inputs.map((input) => ZAddInboxNotification.parse(input));
  const rows = await db().inboxNotification.createManyAndReturn({ data, select: { ...inboxSelect, userId: true } });
  const notifications = rows.map((row) => ({ userId: row.userId, notification: toInboxDto(row) }));
  await Promise.all(notifications.map(({ userId, notification }) => publishPrivate(userChannel(userId), INBOX_CREATED_EVENT, notification)));
  return notifications.map(({ notification }) => notification);
}
