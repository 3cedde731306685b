// Queues the messages of a fired alert in the notification outbox (docs/notifications.md "The outbox"). The alert
// recorder queues one fan-out row per alert (queueAlertFanOut); the notification worker expands it into the rows of
// its recipients (queueAlertsNotifications) and sends them. One row per (event, recipient, channel): the unique key makes a
// person reached through two rules, or by role and by name, get one message.
import type { Db } from "../../db/client";
import { type GroupLimit, groupLimitMatcher } from "../asset-scope/asset-scope";
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

/** the kind, recipient and channel of a fan-out row: "notify the people of this alert", expanded by the worker */
export const FAN_OUT = "fanout";

/**
 * What the alert path (the evaluation service's recorder, alert-notification-queue.ts) queues: one fan-out row per
 * alert whose rule has a `notify` block, in one statement for any number of alerts (the rules are joined in SQL, so
 * nothing is read back into this process). The notification worker expands each into the rows of its recipients
 * (queueAlertsNotifications below) and deletes it: the per-person work is the worker's, never ingest's.
 * How many were queued.
 */
export async function queueAlertFanOut(prisma: Db, alerts: readonly FiredAlertRef[], now: number): Promise<number> {
  const notifying = alerts.filter((alert) => alert.ruleId !== null);
  if (notifying.length === 0) return 0;
  const column = <T>(pick: (alert: FiredAlertRef) => T) => notifying.map(pick);
  return prisma.$executeRaw`
    INSERT INTO notification_deliveries (account_id, kind, event_key, alert_id, asset_id, recipient_key, channel, not_before)
    SELECT v.account_id, ${FAN_OUT}, ${FAN_OUT} || ':' || v.alert_id, v.alert_id, v.asset_id, ${FAN_OUT}, ${FAN_OUT}, ${new Date(now).toISOString()}::timestamptz
    FROM unnest(${column((a) => a.accountId)}::int[], ${column((a) => a.id)}::int[], ${column((a) => a.assetId)}::int[], ${column((a) => a.ruleId)}::int[])
      AS v(account_id, alert_id, asset_id, rule_id)
    JOIN alert_rules r ON r.id = v.rule_id AND r.notify IS NOT NULL AND r.notify <> 'null'::jsonb
    ON CONFLICT (event_key, recipient_key, channel) DO NOTHING`;
}

/** how many rows were queued (0 when the rule notifies nobody) */
export async function queueAlertNotifications(prisma: Db, alert: FiredAlertRef, now: number): Promise<number> {
  return queueAlertsNotifications(prisma, [alert], now);
}

/**
 * The rows of many fired alerts (the recorder's batch, alert-notification-queue.ts) in four statements whatever their
 * number: their rules, the members the rules name, those members' phones, and one insert; how many rows were queued
 */
export async function queueAlertsNotifications(prisma: Db, alerts: readonly FiredAlertRef[], now: number): Promise<number> {
  const ruleIds = [...new Set(alerts.flatMap((a) => (a.ruleId === null ? [] : [a.ruleId])))];
  if (ruleIds.length === 0) return 0;
  const rules = await prisma.alertRule.findMany({ where: { id: { in: ruleIds } }, select: { id: true, notify: true } });
  const notifyOf = new Map<number, NotifyConfig>();
  for (const rule of rules) {
    const parsed = rule.notify ? ZNotifyConfig.safeParse(rule.notify) : null;
    if (parsed?.success) notifyOf.set(rule.id, parsed.data);
  }
  const notified = alerts.flatMap((alert) => {
    const notify = alert.ruleId === null ? undefined : notifyOf.get(alert.ruleId);
    return notify ? [{ alert, notify }] : [];
  });
  if (notified.length === 0) return 0;
  const members = await membersNamed(prisma, notified.map(({ alert, notify }) => ({ accountId: alert.accountId, recipients: notify })));
  const sees = await visibilityOf(prisma, members, notified.map(({ alert }) => alert.assetId));
  const rows: Row[] = [];
  for (const { alert, notify } of notified) {
    const eventKey = alertEventKey(alert);
    rows.push(...recipientRows(members, sees, alert, notify, notify.channels, { eventKey, critical: notify.critical, notBefore: now }));
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
  }
  return insertRows(prisma, rows);
}

/**
 * One INSERT from unnest() of column arrays, skipping rows whose (event, recipient, channel) is queued already: Prisma's
 * createMany spends most of a second of this process's CPU on a few thousand rows (an alert storm's second), this
 * takes milliseconds, on PostgreSQL and PGlite alike (as server/modules/imports/route-writes.ts)
 */
async function insertRows(prisma: Db, rows: Row[]): Promise<number> {
  if (rows.length === 0) return 0;
  const column = <T>(pick: (row: Row) => T) => rows.map(pick);
  return prisma.$executeRaw`
    INSERT INTO notification_deliveries (account_id, kind, event_key, alert_id, asset_id, recipient_key, user_id, channel, address, critical, not_before)
    SELECT v.account_id, v.kind, v.event_key, v.alert_id, v.asset_id, v.recipient_key, v.user_id, v.channel, v.address, v.critical, v.not_before::timestamptz
    FROM unnest(
      ${column((r) => r.accountId)}::int[], ${column((r) => r.kind)}::text[], ${column((r) => r.eventKey)}::text[],
      ${column((r) => r.alertId)}::int[], ${column((r) => r.assetId)}::int[], ${column((r) => r.recipientKey)}::text[],
      ${column((r) => r.userId ?? null)}::int[], ${column((r) => r.channel)}::text[], ${column((r) => r.address ?? null)}::text[],
      ${column((r) => r.critical)}::boolean[], ${column((r) => r.notBefore.toISOString())}::text[]
    ) AS v(account_id, kind, event_key, alert_id, asset_id, recipient_key, user_id, channel, address, critical, not_before)
    ON CONFLICT (event_key, recipient_key, channel) DO NOTHING`;
}

/** an outbox row as queued */
interface Row {
  accountId: number;
  kind: "alert" | "escalation";
  eventKey: string;
  alertId: number;
  assetId: number;
  recipientKey: string;
  userId?: number;
  channel: string;
  address?: string;
  critical: boolean;
  notBefore: Date;
}

/** the rows of an escalation step (the worker calls this when the step is due and nobody acknowledged) */
export async function queueEscalationStep(prisma: Db, alert: FiredAlertRef, step: EscalationStep, index: number, now: number): Promise<number> {
  const members = await membersNamed(prisma, [{ accountId: alert.accountId, recipients: step }]);
  const sees = await visibilityOf(prisma, members, [alert.assetId]);
  return insertRows(prisma, recipientRows(members, sees, alert, step, step.channels, { eventKey: `${alertEventKey(alert)}:escalation:${index + 1}`, critical: true, notBefore: now }));
}

interface Member {
  userId: number;
  role: string;
  email: string;
  /** false: a service user (API client), who cannot read mail or an inbox */
  canSignIn: boolean;
  phone: string | null;
  /** a member limited to some groups (docs/fleet-records.md "Groups as scopes"); null: the whole fleet */
  limit: GroupLimit | null;
}

/** whether a member sees an alert's asset: a limited member hears nothing of assets outside their groups */
type Sees = (member: Member, assetId: number) => boolean;

async function visibilityOf(prisma: Db, members: Map<number, Member[]>, assetIds: number[]): Promise<Sees> {
  const limits = [...members.values()].flat().flatMap((member) => (member.limit ? [member.limit] : []));
  const matches = await groupLimitMatcher(prisma, limits, assetIds);
  return (member, assetId) => member.limit === null || matches(member.limit, assetId);
}

const namesNobody = (r: NotifyRecipients) => r.roles.length + r.user_ids.length + r.emails.length === 0;

/** the members any of `wanted` names, by account, with their SMS phone: two queries for any number of rules */
async function membersNamed(prisma: Db, wanted: { accountId: number; recipients: NotifyRecipients }[]): Promise<Map<number, Member[]>> {
  const byAccount = new Map<number, Member[]>();
  const clauses = wanted
    .filter((w) => !namesNobody(w.recipients))
    .map(({ accountId, recipients }) => ({
      accountId,
      OR: [
        ...(recipients.roles.length ? [{ role: { in: recipients.roles } }] : []),
        ...(recipients.user_ids.length ? [{ userId: { in: recipients.user_ids } }] : []),
        // an extra address that belongs to a member is that member (their preferences apply)
        ...(recipients.emails.length ? [{ user: { email: { in: recipients.emails, mode: "insensitive" as const } } }] : []),
      ],
    }));
  if (clauses.length === 0) return byAccount;
  const rows = await prisma.membership.findMany({
    where: { OR: dedupe(clauses) },
    select: {
      accountId: true,
      userId: true,
      role: true,
      groupLimited: true,
      scopeGroups: { select: { groupId: true } },
      user: { select: { email: true, passwordHash: true } },
    },
    orderBy: { id: "asc" },
  });
  if (rows.length === 0) return byAccount;
  const settings = await prisma.notificationSettings.findMany({
    where: { accountId: { in: [...new Set(rows.map((m) => m.accountId))] }, userId: { in: [...new Set(rows.map((m) => m.userId))] } },
    select: { accountId: true, userId: true, phone: true },
  });
  const phoneOf = new Map(settings.map((s) => [`${s.accountId}:${s.userId}`, s.phone]));
  for (const row of rows) {
    const list = byAccount.get(row.accountId) ?? [];
    list.push({
      userId: row.userId,
      role: row.role,
      email: row.user.email,
      canSignIn: row.user.passwordHash !== null,
      phone: phoneOf.get(`${row.accountId}:${row.userId}`) ?? null,
      limit: row.groupLimited ? { accountId: row.accountId, groupIds: row.scopeGroups.map((group) => group.groupId) } : null,
    });
    byAccount.set(row.accountId, list);
  }
  return byAccount;
}

/** many alerts of one rule name the same members: one clause each is enough */
function dedupe<T>(clauses: T[]): T[] {
  const seen = new Set<string>();
  return clauses.filter((clause) => {
    const key = JSON.stringify(clause);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function recipientRows(
  membersByAccount: Map<number, Member[]>,
  sees: Sees,
  alert: FiredAlertRef,
  recipients: NotifyRecipients,
  channels: NotifyChannel[],
  row: { eventKey: string; critical: boolean; notBefore: number },
): Row[] {
  const base = { accountId: alert.accountId, kind: "alert" as const, eventKey: row.eventKey, alertId: alert.id, assetId: alert.assetId, critical: row.critical, notBefore: new Date(row.notBefore) };
  const rows: Row[] = [];
  const wants = (channel: NotifyChannel) => channels.includes(channel);
  // the emails are stored lower-cased (notify-config.ts): a member's address matches whatever its case
  const members = namesNobody(recipients)
    ? []
    : (membersByAccount.get(alert.accountId) ?? []).filter(
        (m) => recipients.roles.includes(m.role as NotifyRecipients["roles"][number]) || recipients.user_ids.includes(m.userId) || recipients.emails.includes(m.email.toLowerCase()),
      );
  const memberEmails = new Set<string>();
  for (const member of members) {
    memberEmails.add(member.email.toLowerCase());
    // a limited member named by role, id or address hears nothing of an asset outside their groups
    if (!member.canSignIn || !sees(member, alert.assetId)) continue;
    const recipientKey = `user:${member.userId}`;
    if (wants("email")) rows.push({ ...base, recipientKey, userId: member.userId, channel: "email", address: member.email });
    if (wants("in_app")) rows.push({ ...base, recipientKey, userId: member.userId, channel: "in_app" });
    if (wants("sms") && member.phone) rows.push({ ...base, recipientKey, userId: member.userId, channel: "sms", address: member.phone });
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
