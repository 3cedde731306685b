// Puts a notification in a member's in-app inbox and tells their open dashboards at once: the row first (the inbox
// is the record; a dashboard that missed the live message finds it on its next read or poll), then the message on
// `private-user.{userId}` over the hub, from whichever node, as "notification.created" with the notification.
// Callers: finished report jobs, access requests, alert notifications' in-app channel, messages from drivers.
import { db } from "../../../db/client";
import { publishPrivate } from "../../private-channels/private-channels";
import { userChannel } from "./user-channel-name";
import { INBOX_CREATED_EVENT, inboxSelect, toInboxDto, ZAddInboxNotification, type AddInboxNotificationInput, type InboxNotificationDto } from "./inbox.schema";

export async function addInboxNotification(input: AddInboxNotificationInput): Promise<InboxNotificationDto> {
  const data = ZAddInboxNotification.parse(input);
  const row = await db().inboxNotification.create({ data, select: inboxSelect });
  const notification = toInboxDto(row);
  await publishPrivate(userChannel(data.userId), INBOX_CREATED_EVENT, notification);
  return notification;
}
