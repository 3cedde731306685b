// Reminder notifications (docs/fleet-records.md "Notifications"): a reminder that becomes due soon or overdue is told
// once to its watchers (the members named on it) or, when it names none, to the account's admins and fleet managers,
// by e-mail and in the in-app inbox, through the notification outbox (rows of kind "reminder"; the notification
// worker sends them with reminderMessage()). "Once" is kept by notifyTransition's compare-and-set on the reminder's
// notified_state: of several nodes evaluating the same reminder, one moves it and queues the rows.
import { db } from "../../db/client";
import { wakeNotificationWorker } from "../notifications/notification-worker-wake";
import type { DueState } from "./reminder-arithmetic";

export type ReminderSubject = "service" | "renewal";
const NOTIFIED_ROLES = ["admin", "fleet_manager"] as const;
export const REMINDER_CHANNELS = ["email", "in_app"] as const;

/**
 * Moves the reminder's notified state from `from` to `to` if nobody did it first; true when this call moved it.
 * Moving into due_soon or overdue queues the notifications in the same transaction; moving back to ok (a service, a
 * renewal, a longer interval) is silent, so the next due soon notifies again.
 */
export async function notifyTransition(input: { subject: ReminderSubject; id: number; accountId: number; from: string; to: DueState; at: number }): Promise<boolean> {
  const moved = await db().$transaction(async (tx) => {
    const count =
      input.subject === "service"
        ? await tx.$executeRaw`UPDATE service_reminders SET notified_state = ${input.to} WHERE id = ${input.id} AND notified_state = ${input.from}`
        : await tx.$executeRaw`UPDATE renewal_reminders SET notified_state = ${input.to} WHERE id = ${input.id} AND notified_state = ${input.from}`;
    if (count !== 1) return false;
    if (input.to === "ok") return true;
    const watchers =
      input.subject === "service"
        ? (await tx.serviceReminder.findUnique({ where: { id: input.id }, select: { watcherIds: true } }))?.watcherIds
        : (await tx.renewalReminder.findUnique({ where: { id: input.id }, select: { watcherIds: true } }))?.watcherIds;
    const members = await tx.membership.findMany({
      where: { accountId: input.accountId, ...(watchers && watchers.length > 0 ? { userId: { in: watchers } } : { role: { in: [...NOTIFIED_ROLES] } }) },
      select: { userId: true, user: { select: { email: true } } },
    });
    const eventKey = `reminder:${input.subject}:${input.id}:${input.to}:${input.at}`;
    await tx.notificationDelivery.createMany({
      data: members.flatMap((member) =>
        REMINDER_CHANNELS.map((channel) => ({
          accountId: input.accountId,
          kind: "reminder",
          eventKey,
          recipientKey: `user:${member.userId}`,
          userId: member.userId,
          channel,
          address: channel === "email" ? member.user.email : null,
        })),
      ),
      skipDuplicates: true,
    });
    return true;
  });
  if (moved && input.to !== "ok") wakeNotificationWorker();
  return moved;
}

export interface ReminderMessage {
  accountId: number;
  subject: string;
  text: string;
  /** dashboard path */
  link: string;
  refs: Record<string, number | string>;
}

const KEY = /^reminder:(service|renewal):(\d+):(due_soon|overdue):\d+$/;

/** the message of an outbox row of kind "reminder", from its event key; null when the reminder is gone */
export async function reminderMessage(eventKey: string): Promise<ReminderMessage | null> {
  const match = KEY.exec(eventKey);
  if (!match) return null;
  const [, subject, idText, state] = match;
  const id = Number(idText);
  const when = state === "overdue" ? "is overdue" : "is due soon";
  if (subject === "service") {
    const row = await db().serviceReminder.findUnique({ where: { id }, select: { accountId: true, task: true, asset: { select: { id: true, name: true } }, account: { select: { key: true } } } });
    if (!row) return null;
    return {
      accountId: row.accountId,
      subject: `${row.task} for ${row.asset.name} ${when}`,
      text: `The service "${row.task}" of ${row.asset.name} ${when}. Log the service on the Reminders page once it is done.`,
      link: `/a/${row.account.key}/reminders`,
      refs: { service_reminder_id: id, asset_id: row.asset.id, state: state! },
    };
  }
  const row = await db().renewalReminder.findUnique({
    where: { id },
    select: { accountId: true, kind: true, name: true, expiresOn: true, asset: { select: { name: true } }, driver: { select: { name: true } }, account: { select: { key: true } } },
  });
  if (!row) return null;
  const what = row.kind === "custom" ? (row.name ?? "Renewal") : row.kind[0]!.toUpperCase() + row.kind.slice(1);
  const of = row.asset?.name ?? row.driver?.name ?? "";
  const expires = row.expiresOn.toISOString().slice(0, 10);
  return {
    accountId: row.accountId,
    subject: `${what} of ${of} ${when}`,
    text: `${what} of ${of} ${state === "overdue" ? "expired on" : "expires on"} ${expires}. Renew it and enter the new expiry date on the Reminders page.`,
    link: `/a/${row.account.key}/reminders`,
    refs: { renewal_reminder_id: id, state: state! },
  };
}
