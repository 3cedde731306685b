// Delivers the notification outbox (docs/notifications.md). Every node runs one; a pass claims due rows (pending,
// not_before reached, lease free) with a compare-and-set and handles each:
//
//   escalation  -> cancelled when the alert was acknowledged, else the step's recipients are queued as alert rows
//   alert       -> skipped (preference off) | delayed (quiet hours) | held for a digest | held for a summary (caps)
//                  | sent on its channel; e-mail and SMS failures are retried with back-off, then failed
//   summary     -> one "and N more" message for the rows a cap held
//   digest      -> one e-mail listing the rows held for a member's hourly or daily digest
//
// Every try is a notification_attempts row; the alert's deliveries read them back (list-alert-deliveries.ts).
import type { Logger } from "pino";
import { db } from "../../db/client";
import { isAppError } from "../../errors";
import type { Prisma } from "../../generated/prisma/client";
import { startPollingWorker, type PollingWorker } from "../../jobs/polling-worker";
import type { Mailer } from "../../mail/mailer";
import type { SmsProvider } from "../../sms/sms-provider";
import { alertEmail, alertSms, digestEmail, summaryText, type AlertFacts } from "./notification-messages";
import { DELIVERY_LIMITS, HOUR_MS, backoffMs, digestDueAt, hourStart, quietUntil } from "./notification-timing";
import type { AddInboxNotificationInput } from "./inbox/inbox.schema";
import { setNotificationWake } from "./notification-worker-wake";
import { ZNotifyConfig } from "./notify-config";
import { queueEscalationStep } from "./queue-alert-notifications";
import { ANY_PREFERENCE, preferenceAllows } from "./preference-order";

/** the in-app channel: notify-inbox's addInboxNotification */
export type AddInboxNotification = (input: AddInboxNotificationInput) => Promise<unknown>;

/** `data` of the webhook event alert_fired (webhooks/webhook-payload.ts holds its schema) */
export interface AlertFiredData {
  alert_id: number;
  type: string;
  rule_name: string;
  asset: { id: number; name: string };
  message: string;
  fired_at: string;
  critical: boolean;
}

export interface NotificationWorkerDeps {
  logger: Logger;
  now?: () => number;
  mailer: () => Mailer;
  sms: () => SmsProvider;
  addInbox?: AddInboxNotification;
  /** the webhook channel: announces alert_fired to the account's webhooks (server.ts passes emitWebhookEvent; the
   *  dispatcher signs and delivers, never blocking this worker) */
  announceAlert?: (accountId: number, data: AlertFiredData) => void;
  limits?: Partial<Limits>;
}

export function startNotificationWorker(deps: NotificationWorkerDeps & { pollMs?: number; autostart?: boolean }): PollingWorker {
  const worker = startPollingWorker({
    name: "notification worker",
    logger: deps.logger,
    pollMs: deps.pollMs ?? DELIVERY_LIMITS.pollMs,
    autostart: deps.autostart,
    pass: (stopping) => deliverDueNotifications(deps, stopping),
  });
  if (deps.autostart !== false) setNotificationWake(() => worker.wake());
  return worker;
}

type Row = Prisma.NotificationDeliveryGetPayload<{ select: typeof rowSelect }>;
const rowSelect = {
  id: true,
  accountId: true,
  kind: true,
  eventKey: true,
  alertId: true,
  assetId: true,
  recipientKey: true,
  userId: true,
  channel: true,
  address: true,
  critical: true,
  attempts: true,
  claimedUntil: true,
  notBefore: true,
} as const;

/** one pass: every due row until none is left; returns how many were handled */
export async function deliverDueNotifications(deps: NotificationWorkerDeps, stopping: () => boolean = () => false): Promise<number> {
  const now = deps.now ?? Date.now;
  const limits = { ...DELIVERY_LIMITS, ...deps.limits };
  const prisma = db();
  let handled = 0;
  while (!stopping()) {
    const at = now();
    const due = await prisma.notificationDelivery.findMany({
      where: { status: "pending", notBefore: { lte: new Date(at) }, OR: [{ claimedUntil: null }, { claimedUntil: { lt: new Date(at) } }] },
      select: rowSelect,
      // escalations first, then by age: a summary row is due only after the rows it carries were decided
      orderBy: [{ notBefore: "asc" }, { id: "asc" }],
      take: 50,
    });
    if (due.length === 0) break;
    let progressed = 0;
    for (const row of due) {
      if (stopping()) break;
      const lease = new Date(now() + limits.leaseMs);
      const { count } = await prisma.notificationDelivery.updateMany({ where: { id: row.id, status: "pending", claimedUntil: row.claimedUntil }, data: { claimedUntil: lease } });
      if (count !== 1) continue;
      try {
        await handle(deps, limits, row, now());
      } catch (error) {
        deps.logger.error({ err: error, deliveryId: row.id }, "notification not handled");
        await prisma.notificationDelivery.update({ where: { id: row.id }, data: { status: "failed", reason: "internal error", claimedUntil: null } });
      }
      progressed++;
      handled++;
    }
    if (progressed === 0) break;
  }
  return handled;
}

/** DELIVERY_LIMITS, or other numbers (tests, the benchmark) */
type Limits = { [K in keyof typeof DELIVERY_LIMITS]: number };

async function handle(deps: NotificationWorkerDeps, limits: Limits, row: Row, now: number): Promise<void> {
  switch (row.kind) {
    case "escalation":
      return escalate(row, now);
    case "summary":
    case "digest":
      return sendBatch(deps, limits, row, now);
    default:
      return deliverAlert(deps, limits, row, now);
  }
}

const finish = (id: number, data: Prisma.NotificationDeliveryUpdateInput) =>
  db().notificationDelivery.update({ where: { id }, data: { ...data, claimedUntil: null } });

async function escalate(row: Row, now: number): Promise<void> {
  const prisma = db();
  const alert = await prisma.alert.findUnique({
    where: { id: row.alertId! },
    select: { id: true, accountId: true, assetId: true, ruleId: true, type: true, firedAt: true, acknowledgedAt: true, rule: { select: { notify: true } } },
  });
  if (!alert) return void (await finish(row.id, { status: "cancelled", reason: "the alert was deleted" }));
  if (alert.acknowledgedAt) return void (await finish(row.id, { status: "cancelled", reason: "acknowledged before this step" }));
  const notify = ZNotifyConfig.safeParse(alert.rule?.notify);
  const index = Number(row.eventKey.split(":").pop()) - 1;
  const step = notify.success ? notify.data.escalation[index] : undefined;
  if (!step) return void (await finish(row.id, { status: "cancelled", reason: "the rule no longer has this escalation step" }));
  const ref = { id: alert.id, accountId: alert.accountId, assetId: alert.assetId, ruleId: alert.ruleId, type: alert.type, firedAt: alert.firedAt.getTime() };
  const queued = await queueEscalationStep(prisma, ref, step, index, now);
  await finish(row.id, { status: "sent", sentAt: new Date(now), decidedAt: new Date(now), reason: `escalated: ${queued} message${queued === 1 ? "" : "s"} queued` });
}

async function alertFacts(alertId: number): Promise<(AlertFacts & { acknowledgedAt: Date | null; assetId: number; accountKey: string }) | null> {
  const alert = await db().alert.findUnique({
    where: { id: alertId },
    select: { id: true, accountId: true, assetId: true, type: true, ruleName: true, message: true, firedAt: true, acknowledgedAt: true, asset: { select: { name: true } }, account: { select: { name: true, key: true } } },
  });
  if (!alert) return null;
  return { ...alert, assetName: alert.asset.name, accountName: alert.account.name, accountKey: alert.account.key };
}

/** on unless a preference turns it off (preference-order.ts) */
async function recipientAllows(accountId: number, recipientKey: string, alertType: string, channel: string): Promise<boolean> {
  const rows = await db().notificationPreference.findMany({
    where: { accountId, recipientKey, alertType: { in: [alertType, ANY_PREFERENCE] }, channel: { in: [channel, ANY_PREFERENCE] } },
    select: { alertType: true, channel: true, enabled: true },
  });
  return preferenceAllows(rows, alertType, channel);
}

async function deliverAlert(deps: NotificationWorkerDeps, limits: Limits, row: Row, now: number): Promise<void> {
  const prisma = db();
  const alert = await alertFacts(row.alertId!);
  if (!alert) return void (await finish(row.id, { status: "cancelled", reason: "the alert was deleted" }));
  if (row.critical && row.eventKey.includes(":escalation:") && alert.acknowledgedAt) {
    return void (await finish(row.id, { status: "cancelled", reason: "acknowledged" }));
  }
  if (row.channel !== "webhook") {
    if (!(await recipientAllows(row.accountId, row.recipientKey, alert.type, row.channel))) {
      return void (await finish(row.id, { status: "skipped", reason: "turned off by the recipient" }));
    }
  }
  const settings = row.userId
    ? await prisma.notificationSettings.findUnique({ where: { accountId_userId: { accountId: row.accountId, userId: row.userId } }, include: { account: { select: { timeZone: true } } } })
    : null;
  const timeZone = settings?.timeZone ?? (settings ? settings.account.timeZone : "UTC");
  if (settings && !row.critical && settings.quietStart && settings.quietEnd && row.channel !== "webhook") {
    const until = quietUntil(now, { timeZone, start: settings.quietStart, end: settings.quietEnd });
    if (until !== null) return void (await finish(row.id, { notBefore: new Date(until), reason: `delayed by quiet hours until ${new Date(until).toISOString()}` }));
  }
  if (settings && !row.critical && row.channel === "email" && (settings.digest === "hourly" || settings.digest === "daily")) {
    const dueAt = digestDueAt(now, settings.digest, timeZone);
    const batchId = await batchRow(row, "digest", `digest:${settings.digest}:${row.recipientKey}:${dueAt}`, dueAt);
    return void (await finish(row.id, { status: "held", batchId, reason: `in the ${settings.digest} digest` }));
  }
  if (row.channel !== "webhook") {
    const windowStart = new Date(hourStart(now));
    const decided = { recipientKey: row.recipientKey, channel: row.channel, kind: "alert", decidedAt: { gte: windowStart } };
    const ofAsset = await prisma.notificationDelivery.count({ where: { ...decided, assetId: row.assetId } });
    if (ofAsset >= limits.perAssetPerHour) {
      const batchId = await batchRow(row, "summary", `summary:asset:${row.assetId}:${row.recipientKey}:${windowStart.getTime()}`, windowStart.getTime() + HOUR_MS);
      return void (await finish(row.id, { status: "held", batchId, reason: `over ${limits.perAssetPerHour} alerts of this vehicle in an hour: in a summary` }));
    }
    const ofPerson = await prisma.notificationDelivery.count({ where: decided });
    if (ofPerson >= limits.perPersonPerHour) {
      const batchId = await batchRow(row, "summary", `summary:person:${row.recipientKey}:${windowStart.getTime()}`, windowStart.getTime() + HOUR_MS);
      return void (await finish(row.id, { status: "held", batchId, reason: `over ${limits.perPersonPerHour} messages in an hour: in a summary` }));
    }
  }
  await prisma.notificationDelivery.update({ where: { id: row.id }, data: { decidedAt: new Date(now) } });
  await attempt(limits, row, now, async () => {
    switch (row.channel) {
      case "email":
        return (await deps.mailer().send(alertEmail({ to: row.address!, recipientKey: row.recipientKey, alert, critical: row.critical }))).id;
      case "sms":
        return (await deps.sms().send(row.address!, alertSms(alert, row.critical))).id;
      case "in_app":
        if (!deps.addInbox) throw new PermanentFailure("the in-app inbox is not available on this server");
        await deps.addInbox({
          accountId: row.accountId,
          userId: row.userId!,
          kind: "alert",
          title: `${row.critical ? "Critical: " : ""}${alert.ruleName}: ${alert.assetName}`,
          body: alert.message,
          link: `/a/${alert.accountKey}/alerts?alert=${alert.id}`,
          refs: { alert_id: alert.id, asset_id: alert.assetId },
        });
        return null;
      case "webhook":
        if (!deps.announceAlert) throw new PermanentFailure("webhooks are not available on this server");
        deps.announceAlert(row.accountId, {
          alert_id: alert.id,
          type: alert.type,
          rule_name: alert.ruleName,
          asset: { id: alert.assetId, name: alert.assetName },
          message: alert.message,
          fired_at: alert.firedAt.toISOString(),
          critical: row.critical,
        });
        return null;
      default:
        throw new PermanentFailure(`unknown channel ${row.channel}`);
    }
  });
}

class PermanentFailure extends Error {}

/** one try: the outcome is stored; a temporary failure is retried with back-off until maxAttempts */
async function attempt(limits: Limits, row: Pick<Row, "id" | "attempts">, now: number, send: () => Promise<string | null>): Promise<boolean> {
  const prisma = db();
  const attempts = row.attempts + 1;
  try {
    const providerId = await send();
    await prisma.notificationAttempt.create({ data: { deliveryId: row.id, attemptedAt: new Date(now), outcome: "sent" } });
    await finish(row.id, { status: "sent", attempts, sentAt: new Date(now), providerId, reason: null });
    return true;
  } catch (error) {
    const temporary = !(error instanceof PermanentFailure) && isAppError(error) && (error.code === "MAIL_UNAVAILABLE" || error.code === "SMS_UNAVAILABLE");
    const detail = error instanceof Error ? error.message : String(error);
    await prisma.notificationAttempt.create({ data: { deliveryId: row.id, attemptedAt: new Date(now), outcome: temporary ? "temporary_failure" : "permanent_failure", detail } });
    if (temporary && attempts < limits.maxAttempts) {
      const retryAt = now + Math.min(limits.maxBackoffMs, limits.backoffMs * 2 ** (attempts - 1));
      await finish(row.id, { attempts, notBefore: new Date(retryAt), reason: `retrying at ${new Date(retryAt).toISOString()}` });
    } else {
      await finish(row.id, { status: "failed", attempts, reason: temporary ? `gave up after ${attempts} tries` : detail });
    }
    return false;
  }
}

/** the summary or digest row a held row goes into (one per key: created by the first row held) */
async function batchRow(row: Row, kind: "summary" | "digest", eventKey: string, dueAt: number): Promise<number> {
  const prisma = db();
  await prisma.notificationDelivery.createMany({
    data: [{ accountId: row.accountId, kind, eventKey, assetId: kind === "summary" && eventKey.startsWith("summary:asset:") ? row.assetId : null, recipientKey: row.recipientKey, userId: row.userId, channel: row.channel, address: row.address, notBefore: new Date(dueAt) }],
    skipDuplicates: true,
  });
  const batch = await prisma.notificationDelivery.findUniqueOrThrow({ where: { eventKey_recipientKey_channel: { eventKey, recipientKey: row.recipientKey, channel: row.channel } }, select: { id: true } });
  return batch.id;
}

async function sendBatch(deps: NotificationWorkerDeps, limits: Limits, row: Row, now: number): Promise<void> {
  const prisma = db();
  const held = await prisma.notificationDelivery.findMany({ where: { batchId: row.id }, select: { alertId: true }, orderBy: { id: "asc" } });
  const facts = (await Promise.all(held.map((h) => (h.alertId ? alertFacts(h.alertId) : null)))).filter((f) => f !== null);
  if (facts.length === 0) return void (await finish(row.id, { status: "cancelled", reason: "nothing left to send" }));
  const types = [...new Set(facts.map((f) => f.type))];
  await attempt(limits, row, now, async () => {
    if (row.kind === "digest") {
      const period = row.eventKey.startsWith("digest:hourly") ? "hourly" : "daily";
      return (await deps.mailer().send(digestEmail({ to: row.address!, recipientKey: row.recipientKey, accountId: row.accountId, alerts: facts, period }))).id;
    }
    const summary = summaryText({ count: facts.length, assetName: row.assetId ? facts[0]!.assetName : null, types, accountKey: facts[0]!.accountKey });
    switch (row.channel) {
      case "email": {
        const message = digestEmail({ to: row.address!, recipientKey: row.recipientKey, accountId: row.accountId, alerts: facts, period: "" });
        return (await deps.mailer().send({ ...message, subject: summary.subject, text: `${summary.text}\n${message.text}` })).id;
      }
      case "sms":
        return (await deps.sms().send(row.address!, summary.subject)).id;
      case "in_app":
        if (!deps.addInbox) throw new PermanentFailure("the in-app inbox is not available on this server");
        await deps.addInbox({ accountId: row.accountId, userId: row.userId!, kind: "alert", title: summary.subject, body: summary.text, link: `/a/${facts[0]!.accountKey}/alerts`, refs: { summary_of: facts.length } });
        return null;
      default:
        throw new PermanentFailure(`no summary for channel ${row.channel}`);
    }
  });
}

export { backoffMs };
