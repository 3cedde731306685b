// Reminder notifications (docs/fleet-records.md "Notifications"): a reminder that becomes due soon or overdue is told
// once to its watchers (the members named on it) or, when it names none, to the account's admins and fleet managers,
// by e-mail and in the in-app inbox, through the notification outbox (rows of kind "reminder"; the notification
// worker sends them with reminderMessage()). "Once" is kept by notifyTransition's compare-and-set on the reminder's
// notified_state: of several nodes evaluating the same reminder, one moves it and queues the rows. A member limited to
// some groups is told only of what they can see (docs/fleet-records.md "Groups as scopes"): the reminders of their
// assets, and drivers' renewals (renewal-scope.ts); never of another asset's, even when named as a watcher.
import { db } from "../../db/client";
import { type GroupLimit, groupLimitMatcher } from "../asset-scope/asset-scope";
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
    const reminder =
      input.subject === "service"
        ? await tx.serviceReminder.findUnique({ where: { id: input.id }, select: { watcherIds: true, assetId: true } })
        : await tx.renewalReminder.findUnique({ where: { id: input.id }, select: { watcherIds: true, assetId: true } });
    const watchers = reminder?.watcherIds;
    const named = await tx.membership.findMany({
      where: { accountId: input.accountId, ...(watchers && watchers.length > 0 ? { userId: { in: watchers } } : { role: { in: [...NOTIFIED_ROLES] } }) },
      select: { userId: true, groupLimited: true, scopeGroups: { select: { groupId: true } }, user: { select: { email: true } } },
    });
    const assetId = reminder?.assetId ?? null;
    const limited = named.map((member) => ({
      member,
      limit: member.groupLimited ? ({ accountId: input.accountId, groupIds: member.scopeGroups.map((row) => row.groupId) } satisfies GroupLimit) : null,
    }));
    const limits = limited.flatMap((row) => row.limit ?? []);
    const sees = assetId === null || limits.length === 0 ? null : await groupLimitMatcher(tx, limits, [assetId]);
    const members = limited.filter((row) => row.limit === null || sees === null || sees(row.limit, assetId!)).map((row) => row.member);
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
