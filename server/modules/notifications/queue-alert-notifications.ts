// Queues the messages of a fired alert in the notification outbox (docs/notifications.md "The outbox"). Called by the
// alert recorder after the alert row is stored, off the ingest path (the evaluation service's recorder queue); it
// only inserts rows, the delivery worker sends them. One row per (event, recipient, channel): the unique key makes a
// person reached through two rules, or by role and by name, get one message.
import type { Db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import { type EscalationStep, type NotifyChannel, type NotifyConfig, type NotifyRecipients, ZNotifyConfig } from "./notify-config";

export interface FiredAlertRef {
  id: number;
  accountId: number;
  assetId: number;
  ruleId: number | null;
  type: string;
  firedAt: number;
}

/** the alert's event: two rules firing on the same record of the same asset are one event */
export function alertEventKey(alert: { assetId: number; type: string; firedAt: number }): string {
  return `${alert.assetId}:${alert.type}:${alert.firedAt}`;
}

/** how many rows were queued (0 when the rule notifies nobody) */
export async function queueAlertNotifications(prisma: Db, alert: FiredAlertRef, now: number): Promise<number> {
  if (alert.ruleId === null) return 0;
  const rule = await prisma.alertRule.findUnique({ where: { id: alert.ruleId }, select: { notify: true } });
  const parsed = rule?.notify ? ZNotifyConfig.safeParse(rule.notify) : null;
  if (!parsed?.success) return 0;
  const notify = parsed.data;
  const eventKey = alertEventKey(alert);
  const rows = await recipientRows(prisma, alert, notify, notify.channels, { eventKey, critical: notify.critical, notBefore: now });
  notify.escalation.forEach((step, index) => {
    rows.push({
      accountId: alert.accountId,
      kind: "escalation",
      eventKey: `${eventKey}:escalation:${index + 1}`,
      alertId: alert.id,
      assetId: alert.assetId,
      recipientKey: "escalation",
      channel: "escalation",
      critical: true,
      notBefore: new Date(alert.firedAt + step.after_minutes * 60_000),
    });
  });
  if (rows.length === 0) return 0;
  const { count } = await prisma.notificationDelivery.createMany({ data: rows, skipDuplicates: true });
  return count;
}

/** the rows of an escalation step (the worker calls this when the step is due and nobody acknowledged) */
export async function queueEscalationStep(prisma: Db, alert: FiredAlertRef, step: EscalationStep, index: number, now: number): Promise<number> {
  const rows = await recipientRows(prisma, alert, step, step.channels, { eventKey: `${alertEventKey(alert)}:escalation:${index + 1}`, critical: true, notBefore: now });
  if (rows.length === 0) return 0;
  const { count } = await prisma.notificationDelivery.createMany({ data: rows, skipDuplicates: true });
  return count;
}

async function recipientRows(
  prisma: Db,
  alert: FiredAlertRef,
  recipients: NotifyRecipients,
  channels: NotifyChannel[],
  row: { eventKey: string; critical: boolean; notBefore: number },
): Promise<Prisma.NotificationDeliveryCreateManyInput[]> {
  const base = { accountId: alert.accountId, kind: "alert", eventKey: row.eventKey, alertId: alert.id, assetId: alert.assetId, critical: row.critical, notBefore: new Date(row.notBefore) };
  const rows: Prisma.NotificationDeliveryCreateManyInput[] = [];
  const wants = (channel: NotifyChannel) => channels.includes(channel);
  const members =
    recipients.roles.length + recipients.user_ids.length + recipients.emails.length === 0
      ? []
      : await prisma.membership.findMany({
          where: {
            accountId: alert.accountId,
            OR: [
              ...(recipients.roles.length ? [{ role: { in: recipients.roles } }] : []),
              ...(recipients.user_ids.length ? [{ userId: { in: recipients.user_ids } }] : []),
              // an extra address that belongs to a member is that member (their preferences apply)
              ...(recipients.emails.length ? [{ user: { email: { in: recipients.emails, mode: "insensitive" as const } } }] : []),
            ],
          },
          select: { userId: true, user: { select: { email: true, passwordHash: true } } },
        });
  const memberEmails = new Set<string>();
  const settings = members.length
    ? await prisma.notificationSettings.findMany({ where: { accountId: alert.accountId, userId: { in: members.map((m) => m.userId) } }, select: { userId: true, phone: true } })
    : [];
  const phoneOf = new Map(settings.map((s) => [s.userId, s.phone]));
  for (const member of members) {
    memberEmails.add(member.user.email.toLowerCase());
    // service users (API clients) cannot read mail or an inbox
    if (member.user.passwordHash === null) continue;
    const recipientKey = `user:${member.userId}`;
    if (wants("email")) rows.push({ ...base, recipientKey, userId: member.userId, channel: "email", address: member.user.email });
    if (wants("in_app")) rows.push({ ...base, recipientKey, userId: member.userId, channel: "in_app" });
    const phone = phoneOf.get(member.userId);
    if (wants("sms") && phone) rows.push({ ...base, recipientKey, userId: member.userId, channel: "sms", address: phone });
  }
  for (const email of recipients.emails) {
    if (!memberEmails.has(email) && wants("email")) rows.push({ ...base, recipientKey: `email:${email}`, channel: "email", address: email });
  }
  for (const phone of recipients.phones) {
    if (wants("sms")) rows.push({ ...base, recipientKey: `sms:${phone}`, channel: "sms", address: phone });
  }
  if (wants("webhook")) rows.push({ ...base, recipientKey: "webhooks", channel: "webhook" });
  return rows;
}

export type { NotifyConfig };
