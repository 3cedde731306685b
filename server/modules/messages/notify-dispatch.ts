// Who at dispatch hears of a driver's reply, in the in-app inbox: the member who last wrote to that driver (still a
// member who may send messages), else every member who may send messages (messages.send). One notification each,
// through the inbox's addInboxNotification (the bell updates live on their private-user channel).
import { db } from "../../db/client";
import { addInboxNotification } from "../notifications/inbox/add-inbox-notification";
import { ROLE_PERMISSIONS } from "../users/roles";
import type { MessageDto } from "./messages.schema";

export async function dispatchRecipients(input: { accountId: number; driverId: number }): Promise<number[]> {
  const { accountId, driverId } = input;
  const roles = [...ROLE_PERMISSIONS["messages.send"]];
  const last = await db().driverMessage.findFirst({
    where: { accountId, driverId, direction: "to_driver", senderUserId: { not: null } },
    select: { senderUserId: true },
    orderBy: { id: "desc" },
  });
  if (last?.senderUserId) {
    const member = await db().membership.findFirst({ where: { accountId, userId: last.senderUserId, role: { in: roles } }, select: { userId: true } });
    if (member) return [member.userId];
  }
  const members = await db().membership.findMany({ where: { accountId, role: { in: roles } }, select: { userId: true }, orderBy: { userId: "asc" } });
  return members.map((member) => member.userId);
}

/** one inbox notification per recipient, linking to the driver's conversation */
export async function notifyDispatch(input: { accountId: number; message: MessageDto }): Promise<void> {
  const { accountId, message } = input;
  const recipients = await dispatchRecipients({ accountId, driverId: message.driver_id });
  if (recipients.length === 0) return;
  const account = await db().account.findUniqueOrThrow({ where: { id: accountId }, select: { key: true } });
  const body = message.body.length > 200 ? `${message.body.slice(0, 199)}…` : message.body;
  for (const userId of recipients) {
    await addInboxNotification({
      accountId,
      userId,
      kind: "driver_message",
      title: `Message from ${message.driver_name}`,
      body,
      link: `/a/${account.key}/messages?driver=${message.driver_id}`,
      refs: { driver_id: message.driver_id, message_id: message.id },
    });
  }
}
