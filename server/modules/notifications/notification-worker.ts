// Delivers the notification outbox (docs/notifications.md "The outbox"). Every node runs one; a pass claims a batch
// of due rows (pending, not_before reached, lease free) with one compare-and-set statement and handles it:
//
//   fanout      -> the alert's recipients' rows queued (one per person and channel), the fan-out row deleted
//   escalation  -> cancelled when the alert was acknowledged, else the step's recipients are queued as alert rows
//   alert       -> skipped (preference off) | delayed (quiet hours) | held for a digest | held for a summary (caps)
//                  | sent on its channel; e-mail and SMS failures are retried with back-off, then failed
//   summary     -> one "and N more" message for the rows a cap held
//   digest      -> one e-mail listing the rows held for a member's hourly or daily digest
//
// The alert rows of a batch are decided together: their alerts, preferences and settings are read with one query
// each, the caps' counts with one more (in a transaction holding each recipient's cap lock, so two workers never
// decide the same recipient at once), every row is decided in memory in outbox order (a row decided earlier in the
// batch counts against the caps of the rows after it), and the outcomes are written in bulk: one insert for the
// in-app messages, one for their tries, one update per outcome. E-mails and SMS go out a few at a time.
//
// Every try is a notification_attempts row; the alert's deliveries read them back (list-alert-deliveries.ts).
import type { Logger } from "pino";
import { db } from "../../db/client";
import { isAppError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import { startPollingWorker, type PollingWorker } from "../../jobs/polling-worker";
import type { Mailer } from "../../mail/mailer";
import type { SmsProvider } from "../../sms/sms-provider";
import { alertEmail, alertSms, digestEmail, summaryText, type AlertFacts } from "./notification-messages";
import { DELIVERY_LIMITS, HOUR_MS, backoffMs, digestDueAt, hourStart, quietUntil } from "./notification-timing";
import type { AddInboxNotificationInput } from "./inbox/inbox.schema";
import { preferenceAllows, type PreferenceRow } from "./preference-order";
import { setNotificationWake } from "./notification-worker-wake";
import { ZNotifyConfig } from "./notify-config";
import { FAN_OUT, queueAlertsNotifications, queueEscalationStep } from "./queue-alert-notifications";
import { reminderMessage } from "./reminder-message";
import { env } from "../../env";

/** the in-app channel: the inbox's addInboxNotification */
export type AddInboxNotification = (input: AddInboxNotificationInput) => Promise<unknown>;
/** the in-app channel for many messages at once: the inbox's addInboxNotifications (all stored, or none and a throw) */
export type AddInboxNotifications = (inputs: AddInboxNotificationInput[]) => Promise<unknown>;

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
  /** preferred over addInbox when given: a batch's in-app messages in one insert */
  addInboxes?: AddInboxNotifications;
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
  decidedAt: true,
} as const;

/** one pass: every due row until none is left; returns how many were handled */
export async function deliverDueNotifications(deps: NotificationWorkerDeps, stopping: () => boolean = () => false): Promise<number> {
  const now = deps.now ?? Date.now;
  const limits = { ...DELIVERY_LIMITS, ...deps.limits };
  let handled = 0;
  // the sends of one batch overlap the claim and the decisions of the next; decisions stay one batch after another
  // (in outbox order, so the caps favour the oldest rows), and at most one batch's sends are behind them
  let sending: Promise<void> = Promise.resolve();
  while (!stopping()) {
    const at = now();
    const lease = new Date(at + limits.leaseMs);
    const batch = await claimDue(at, lease, limits.batchSize);
    if (batch.length === 0) break;
    const { sent } = await handleBatch(deps, limits, batch, now(), lease);
    await sending;
    sending = sent;
    handled += batch.length;
  }
  await sending;
  return handled;
}

/**
 * Claims up to `size` due rows in one statement, oldest first (escalations by their time, then by age: a summary
 * row is due only after the rows it carries were decided). The compare-and-set is the UPDATE's own condition, checked
 * again on each row as it is locked, and rows another worker is claiming are skipped rather than waited for: two
 * workers never get the same row. Returned in outbox order.
 */
async function claimDue(at: number, lease: Date, size: number): Promise<Row[]> {
  const now = new Date(at).toISOString();
  const claimed = await db().$queryRaw<RawRow[]>`
    UPDATE notification_deliveries SET claimed_until = ${lease.toISOString()}::timestamptz
    WHERE id IN (
      SELECT id FROM notification_deliveries
      WHERE status = 'pending' AND not_before <= ${now}::timestamptz AND (claimed_until IS NULL OR claimed_until < ${now}::timestamptz)
      ORDER BY not_before, id
      LIMIT ${size}
      FOR UPDATE SKIP LOCKED
    ) AND status = 'pending' AND (claimed_until IS NULL OR claimed_until < ${now}::timestamptz)
    RETURNING id, account_id, kind, event_key, alert_id, asset_id, recipient_key, user_id, channel, address, critical, attempts, claimed_until, not_before, decided_at`;
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  const rows: Row[] = claimed.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    kind: r.kind,
    eventKey: r.event_key,
    alertId: r.alert_id,
    assetId: r.asset_id,
    recipientKey: r.recipient_key,
    userId: r.user_id,
    channel: r.channel,
    address: r.address,
    critical: r.critical,
    attempts: r.attempts,
    claimedUntil: date(r.claimed_until),
    notBefore: date(r.not_before)!,
    decidedAt: date(r.decided_at),
  }));
  return rows.sort((a, b) => a.notBefore.getTime() - b.notBefore.getTime() || a.id - b.id);
}

/** a claimed row as the claim statement returns it */
interface RawRow {
  id: number;
  account_id: number;
  kind: string;
  event_key: string;
  alert_id: number | null;
  asset_id: number | null;
  recipient_key: string;
  user_id: number | null;
  channel: string;
  address: string | null;
  critical: boolean;
  attempts: number;
  claimed_until: Date | string | null;
  not_before: Date | string;
  decided_at: Date | string | null;
}

/** handles a batch: decides it, and returns its sends under way (`sent` never rejects) */
async function handleBatch(deps: NotificationWorkerDeps, limits: Limits, batch: Row[], now: number, lease: Date): Promise<{ sent: Promise<void> }> {
  const alerts: Row[] = [];
  const fanOuts = batch.filter((row) => row.kind === FAN_OUT);
  if (fanOuts.length > 0) await fanOut(deps, fanOuts, now);
  for (const row of batch) {
    if (row.kind === FAN_OUT) continue;
    if (row.kind === "reminder") {
      try {
        await sendReminder(deps, limits, row, now);
      } catch (error) {
        deps.logger.error({ err: error, deliveryId: row.id }, "reminder notification not handled");
        await finish(row.id, { status: "failed", reason: "internal error" });
      }
      continue;
    }
    if (row.kind !== "escalation" && row.kind !== "summary" && row.kind !== "digest") {
      alerts.push(row);
      continue;
    }
    try {
      await (row.kind === "escalation" ? escalate(row, now) : sendBatch(deps, limits, row, now));
    } catch (error) {
      deps.logger.error({ err: error, deliveryId: row.id }, "notification not handled");
      await finish(row.id, { status: "failed", reason: "internal error" });
    }
  }
  if (alerts.length === 0) return { sent: Promise.resolve() };
  // the rows still held by this claim fail, as one row did before batches; those already finished keep their outcome
  const failed = async (error: unknown) => {
    deps.logger.error({ err: error, deliveryIds: alerts.map((r) => r.id) }, "notifications not handled");
    await db().notificationDelivery.updateMany({
      where: { id: { in: alerts.map((r) => r.id) }, status: "pending", claimedUntil: lease },
      data: { status: "failed", reason: "internal error", claimedUntil: null },
    });
  };
  try {
    const send = await decideAlerts(deps, limits, alerts, now);
    const sent = send()
      .catch(failed)
      // not even that could be written (the database is gone): the lease runs out and the rows are due again
      .catch((error: unknown) => deps.logger.error({ err: error }, "failed notifications not marked"));
    return { sent };
  } catch (error) {
    await failed(error);
    return { sent: Promise.resolve() };
  }
}

/**
 * Fan-out rows (queued by the alert path, one per alert): the rows of each alert's recipients are queued (due at once,
 * so the next claim of this pass picks them up) and the fan-out row is deleted. Queueing is idempotent (the outbox's
 * unique key), so a crash between the two only queues nothing new when the row is claimed again. A batch that fails
 * is tried alert by alert, so one bad alert fails alone (its row stays, failed, on the alert's deliveries).
 */
async function fanOut(deps: NotificationWorkerDeps, rows: Row[], now: number): Promise<void> {
  const prisma = db();
  const expand = async (some: Row[]) => {
    const alerts = await prisma.alert.findMany({
      where: { id: { in: some.map((r) => r.alertId!) } },
      select: { id: true, accountId: true, assetId: true, ruleId: true, type: true, firedAt: true },
    });
    await queueAlertsNotifications(prisma, alerts.map((a) => ({ ...a, firedAt: a.firedAt.getTime() })), now);
    await prisma.notificationDelivery.deleteMany({ where: { id: { in: some.map((r) => r.id) } } });
  };
  try {
    await expand(rows);
  } catch {
    for (const row of rows) {
      await expand([row]).catch(async (error: unknown) => {
        deps.logger.error({ err: error, deliveryId: row.id, alertId: row.alertId }, "alert notifications not queued");
        await finish(row.id, { status: "failed", reason: "internal error: the alert's recipients could not be queued" });
      });
    }
  }
}

/** DELIVERY_LIMITS, or other numbers (tests, the benchmark) */
type Limits = { [K in keyof typeof DELIVERY_LIMITS]: number };

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

type Facts = AlertFacts & { acknowledgedAt: Date | null; assetId: number; accountKey: string };

/** the alerts' facts for their messages, by id (a deleted alert is missing) */
async function alertFactsOf(alertIds: number[]): Promise<Map<number, Facts>> {
  const alerts = await db().alert.findMany({
    where: { id: { in: [...new Set(alertIds)] } },
    select: { id: true, accountId: true, assetId: true, type: true, ruleName: true, message: true, firedAt: true, acknowledgedAt: true, asset: { select: { name: true } }, account: { select: { name: true, key: true } } },
  });
  return new Map(alerts.map((alert) => [alert.id, { ...alert, assetName: alert.asset.name, accountName: alert.account.name, accountKey: alert.account.key }]));
}

const pairKey = (accountId: number, who: string | number) => `${accountId}\n${who}`;

/** the recipients' preference rows, by account and recipient (preference-order.ts decides with them) */
async function preferencesOf(rows: Row[]): Promise<Map<string, PreferenceRow[]>> {
  const byRecipient = new Map<string, PreferenceRow[]>();
  if (rows.length === 0) return byRecipient;
  const found = await db().notificationPreference.findMany({
    where: { accountId: { in: [...new Set(rows.map((r) => r.accountId))] }, recipientKey: { in: [...new Set(rows.map((r) => r.recipientKey))] } },
    select: { accountId: true, recipientKey: true, alertType: true, channel: true, enabled: true },
  });
  for (const row of found) {
    const key = pairKey(row.accountId, row.recipientKey);
    byRecipient.set(key, [...(byRecipient.get(key) ?? []), row]);
  }
  return byRecipient;
}

type Settings = { timeZone: string; quietStart: string | null; quietEnd: string | null; digest: string };

/** the members' delivery settings, by account and user, with the time zone resolved (theirs, else the account's) */
async function settingsOf(rows: Row[]): Promise<Map<string, Settings>> {
  const members = rows.filter((r) => r.userId !== null);
  if (members.length === 0) return new Map();
  const found = await db().notificationSettings.findMany({
    where: { accountId: { in: [...new Set(members.map((r) => r.accountId))] }, userId: { in: [...new Set(members.map((r) => r.userId!))] } },
    include: { account: { select: { timeZone: true } } },
  });
  return new Map(found.map((s) => [pairKey(s.accountId, s.userId), { timeZone: s.timeZone ?? s.account.timeZone, quietStart: s.quietStart, quietEnd: s.quietEnd, digest: s.digest }]));
}

/** rows finished alike, written with one update per outcome */
class Outcomes {
  private readonly groups = new Map<string, { ids: number[]; data: Prisma.NotificationDeliveryUpdateManyMutationInput }>();

  add(id: number, data: Prisma.NotificationDeliveryUpdateManyMutationInput & { batchId?: number }): void {
    const key = JSON.stringify(data);
    const group = this.groups.get(key) ?? { ids: [], data };
    group.ids.push(id);
    this.groups.set(key, group);
  }

  async write(): Promise<void> {
    for (const { ids, data } of this.groups.values()) {
      await db().notificationDelivery.updateMany({ where: { id: { in: ids } }, data: { ...data, claimedUntil: null } });
    }
  }
}

/** a row held for a summary or digest: the batch row's key and when it is due */
interface Hold {
  row: Row;
  kind: "summary" | "digest";
  eventKey: string;
  dueAt: number;
  reason: string;
}

/** the alert rows of a batch: decided together, their outcomes written in bulk (see the top of this file); returns
 *  the sends, to be started once the decisions are stored */
async function decideAlerts(deps: NotificationWorkerDeps, limits: Limits, rows: Row[], now: number): Promise<() => Promise<void>> {
  const [facts, preferences, settings] = await Promise.all([alertFactsOf(rows.map((r) => r.alertId!)), preferencesOf(rows.filter((r) => r.channel !== "webhook")), settingsOf(rows)]);
  const outcomes = new Outcomes();
  const holds: Hold[] = [];
  const capped: Row[] = [];
  const webhooks: Row[] = [];
  for (const row of rows) {
    const alert = facts.get(row.alertId!);
    if (!alert) {
      outcomes.add(row.id, { status: "cancelled", reason: "the alert was deleted" });
      continue;
    }
    if (row.critical && row.eventKey.includes(":escalation:") && alert.acknowledgedAt) {
      outcomes.add(row.id, { status: "cancelled", reason: "acknowledged" });
      continue;
    }
    if (row.channel === "webhook") {
      webhooks.push(row);
      continue;
    }
    if (!preferenceAllows(preferences.get(pairKey(row.accountId, row.recipientKey)) ?? [], alert.type, row.channel)) {
      outcomes.add(row.id, { status: "skipped", reason: "turned off by the recipient" });
      continue;
    }
    const member = row.userId ? settings.get(pairKey(row.accountId, row.userId)) : undefined;
    if (member && !row.critical && member.quietStart && member.quietEnd) {
      const until = quietUntil(now, { timeZone: member.timeZone, start: member.quietStart, end: member.quietEnd });
      if (until !== null) {
        outcomes.add(row.id, { notBefore: new Date(until), reason: `delayed by quiet hours until ${new Date(until).toISOString()}` });
        continue;
      }
    }
    if (member && !row.critical && row.channel === "email" && (member.digest === "hourly" || member.digest === "daily")) {
      const dueAt = digestDueAt(now, member.digest, member.timeZone);
      holds.push({ row, kind: "digest", eventKey: `digest:${member.digest}:${row.recipientKey}:${dueAt}`, dueAt, reason: `in the ${member.digest} digest` });
      continue;
    }
    capped.push(row);
  }
  const { send, held } = await decideCaps(limits, capped, now);
  holds.push(...held);
  for (const [id, batchId, reason] of await batchRows(holds)) outcomes.add(id, { status: "held", batchId, reason });
  await outcomes.write();

  return async () => {
    await sendInApp(deps, limits, send.filter((r) => r.channel === "in_app"), facts, now);
    await sendWebhooks(deps, limits, webhooks, facts, now);
    const messages = send.filter((r) => r.channel !== "in_app");
    await inFlight(messages, limits.sendConcurrency, (row) => sendMessage(deps, limits, row, facts.get(row.alertId!)!, now));
  };
}

/**
 * The caps (per recipient and channel in the clock hour: per asset, then per person), decided for a batch's rows in
 * outbox order. The counts are read once, in a transaction that holds the cap lock of every recipient in the batch
 * (taken in one order, so two workers cannot deadlock), and each row decided to be sent counts against the rows
 * after it; its decided_at is written before the lock is let go, so the next worker's count includes it.
 */
async function decideCaps(limits: Limits, rows: Row[], now: number): Promise<{ send: Row[]; held: Hold[] }> {
  if (rows.length === 0) return { send: [], held: [] };
  const windowStart = new Date(hourStart(now));
  const recipients = [...new Set(rows.map((r) => r.recipientKey))].sort();
  return db().$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('notification caps ' || k)) FROM (VALUES ${Prisma.join(recipients.map((k) => Prisma.sql`(${k})`))}) AS v(k) ORDER BY k`;
      // With the caps in force this reads at most a cap's worth of rows per recipient and channel (decided_at is
      // written only on rows decided to be sent). Caps lifted (Infinity: the benchmark, which wants every message in
      // the inbox) leave nothing to count; counting would read every row sent in the hour, a number a storm grows.
      const capped = Number.isFinite(limits.perAssetPerHour) || Number.isFinite(limits.perPersonPerHour);
      const counts = capped
        ? await tx.notificationDelivery.groupBy({
            by: ["recipientKey", "channel", "assetId"],
            where: { kind: "alert", decidedAt: { gte: windowStart }, recipientKey: { in: recipients }, channel: { in: [...new Set(rows.map((r) => r.channel))] } },
            _count: { _all: true },
          })
        : [];
      const ofPerson = new Map<string, number>();
      const ofAsset = new Map<string, number>();
      const personKey = (r: { recipientKey: string; channel: string }) => `${r.recipientKey}\n${r.channel}`;
      const assetKey = (r: { recipientKey: string; channel: string; assetId: number | null }) => `${personKey(r)}\n${r.assetId}`;
      for (const group of counts) {
        ofPerson.set(personKey(group), (ofPerson.get(personKey(group)) ?? 0) + group._count._all);
        ofAsset.set(assetKey(group), (ofAsset.get(assetKey(group)) ?? 0) + group._count._all);
      }
      const send: Row[] = [];
      const held: Hold[] = [];
      const windowMs = windowStart.getTime();
      for (const row of rows) {
        if ((ofAsset.get(assetKey(row)) ?? 0) >= limits.perAssetPerHour) {
          const eventKey = `summary:asset:${row.assetId}:${row.recipientKey}:${windowMs}`;
          held.push({ row, kind: "summary", eventKey, dueAt: windowMs + HOUR_MS, reason: `over ${limits.perAssetPerHour} alerts of this vehicle in an hour: in a summary` });
        } else if ((ofPerson.get(personKey(row)) ?? 0) >= limits.perPersonPerHour) {
          const eventKey = `summary:person:${row.recipientKey}:${windowMs}`;
          held.push({ row, kind: "summary", eventKey, dueAt: windowMs + HOUR_MS, reason: `over ${limits.perPersonPerHour} messages in an hour: in a summary` });
        } else {
          send.push(row);
          // a retry decided earlier in this hour is in the counts already
          if (!(row.decidedAt && row.decidedAt >= windowStart)) {
            ofPerson.set(personKey(row), (ofPerson.get(personKey(row)) ?? 0) + 1);
            ofAsset.set(assetKey(row), (ofAsset.get(assetKey(row)) ?? 0) + 1);
          }
        }
      }
      if (send.length > 0) await tx.$executeRaw`UPDATE notification_deliveries SET decided_at = ${new Date(now).toISOString()}::timestamptz WHERE id = ANY(${send.map((r) => r.id)}::int[])`;
      return { send, held };
    },
    // a storm's batch waits for the connection and the locks of another worker's batch, never for a send
    { maxWait: limits.leaseMs / 2, timeout: limits.leaseMs / 2 },
  );
}

/** the summary and digest rows the held rows go into (one per key: created by the first row held): [row, batch, reason] */
async function batchRows(holds: Hold[]): Promise<[number, number, string][]> {
  if (holds.length === 0) return [];
  const prisma = db();
  const keyOf = (eventKey: string, row: Row) => `${eventKey}\n${row.recipientKey}\n${row.channel}`;
  const distinct = new Map(holds.map((h) => [keyOf(h.eventKey, h.row), h]));
  await prisma.notificationDelivery.createMany({
    data: [...distinct.values()].map(({ row, kind, eventKey, dueAt }) => ({
      accountId: row.accountId,
      kind,
      eventKey,
      assetId: kind === "summary" && eventKey.startsWith("summary:asset:") ? row.assetId : null,
      recipientKey: row.recipientKey,
      userId: row.userId,
      channel: row.channel,
      address: row.address,
      notBefore: new Date(dueAt),
    })),
    skipDuplicates: true,
  });
  const batches = await prisma.notificationDelivery.findMany({
    where: { eventKey: { in: [...new Set(holds.map((h) => h.eventKey))] } },
    select: { id: true, eventKey: true, recipientKey: true, channel: true },
  });
  const idOf = new Map(batches.map((b) => [`${b.eventKey}\n${b.recipientKey}\n${b.channel}`, b.id]));
  return holds.map((h) => {
    const batchId = idOf.get(keyOf(h.eventKey, h.row));
    if (batchId === undefined) throw new Error(`no ${h.kind} row ${h.eventKey} for ${h.row.recipientKey} ${h.row.channel}`);
    return [h.row.id, batchId, h.reason];
  });
}

/** the in-app rows decided to be sent: one insert for their messages, one for their tries, one update */
async function sendInApp(deps: NotificationWorkerDeps, limits: Limits, rows: Row[], facts: Map<number, Facts>, now: number): Promise<void> {
  if (rows.length === 0) return;
  const add = inboxChannel(deps);
  const inputs = rows.map((row) => {
    const alert = facts.get(row.alertId!)!;
    return {
      accountId: row.accountId,
      userId: row.userId!,
      kind: "alert" as const,
      title: `${row.critical ? "Critical: " : ""}${alert.ruleName}: ${alert.assetName}`,
      body: alert.message,
      link: `/a/${alert.accountKey}/alerts?alert=${alert.id}`,
      refs: { alert_id: alert.id, asset_id: alert.assetId },
    };
  });
  if (add) {
    const added = await add(inputs).then(
      () => true,
      () => false,
    );
    if (added) return recordSent(rows, now);
  }
  // no inbox here, or the batch was refused: each row on its own, so one bad message fails alone (and says why)
  for (const [i, row] of rows.entries()) {
    await attempt(limits, row, now, async () => {
      if (!add) throw new PermanentFailure("the in-app inbox is not available on this server");
      await add([inputs[i]!]);
      return null;
    });
  }
}

/**
 * A reminder that became due soon or overdue (docs/fleet-records.md "Notifications"): one e-mail or inbox message,
 * sent as it comes (no caps, quiet hours or digests: there is one per reminder and change of state).
 */
async function sendReminder(deps: NotificationWorkerDeps, limits: Limits, row: Row, now: number): Promise<void> {
  const message = await reminderMessage(row.eventKey);
  if (!message) return void (await finish(row.id, { status: "cancelled", reason: "the reminder was deleted" }));
  await attempt(limits, row, now, async () => {
    if (row.channel === "email") {
      const url = new URL(message.link, env().PUBLIC_URL).toString();
      return (await deps.mailer().send({ to: row.address!, subject: message.subject, text: `${message.text}\n\n${url}\n` })).id;
    }
    if (row.channel === "in_app") {
      const add = inboxChannel(deps);
      if (!add) throw new PermanentFailure("the in-app inbox is not available on this server");
      await add([{ accountId: row.accountId, userId: row.userId!, kind: "reminder", title: message.subject, body: message.text, link: message.link, refs: message.refs }]);
      return null;
    }
    throw new PermanentFailure(`unknown channel ${row.channel}`);
  });
}

/** the webhook rows: alert_fired announced to the dispatcher (which signs and delivers, never blocking this worker) */
async function sendWebhooks(deps: NotificationWorkerDeps, limits: Limits, rows: Row[], facts: Map<number, Facts>, now: number): Promise<void> {
  const announced: Row[] = [];
  for (const row of rows) {
    const alert = facts.get(row.alertId!)!;
    const announce = () => {
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
    };
    try {
      announce();
      announced.push(row);
    } catch (error) {
      await attempt(limits, row, now, () => Promise.reject(error));
    }
  }
  await recordSent(announced, now);
}

/** rows sent without a provider id: their tries in one insert, their outcome in one update (plain SQL over id arrays:
 *  Prisma's createMany and updateMany of a 500-row batch cost far more than the statements) */
async function recordSent(rows: Row[], now: number): Promise<void> {
  if (rows.length === 0) return;
  const prisma = db();
  const ids = rows.map((r) => r.id);
  const at = new Date(now).toISOString();
  await prisma.$executeRaw`
    INSERT INTO notification_attempts (delivery_id, attempted_at, outcome)
    SELECT v.id, ${at}::timestamptz, 'sent' FROM unnest(${ids}::int[]) AS v(id)`;
  await prisma.$executeRaw`
    UPDATE notification_deliveries SET status = 'sent', attempts = attempts + 1, sent_at = ${at}::timestamptz, provider_id = NULL, reason = NULL, claimed_until = NULL
    WHERE id = ANY(${ids}::int[])`;
}

/** one e-mail or SMS of an alert (try, outcome, retry: attempt) */
async function sendMessage(deps: NotificationWorkerDeps, limits: Limits, row: Row, alert: Facts, now: number): Promise<void> {
  await attempt(limits, row, now, async () => {
    switch (row.channel) {
      case "email":
        return (await deps.mailer().send(alertEmail({ to: row.address!, recipientKey: row.recipientKey, alert, critical: row.critical }))).id;
      case "sms":
        return (await deps.sms().send(row.address!, alertSms(alert, row.critical))).id;
      default:
        throw new PermanentFailure(`unknown channel ${row.channel}`);
    }
  });
}

/** runs `work` over `items`, at most `limit` at a time */
async function inFlight<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** the in-app channel, for many messages at once, or undefined when this server has no inbox */
function inboxChannel(deps: NotificationWorkerDeps): AddInboxNotifications | undefined {
  if (deps.addInboxes) return deps.addInboxes;
  const one = deps.addInbox;
  return one ? (inputs) => Promise.all(inputs.map((input) => one(input))) : undefined;
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

async function sendBatch(deps: NotificationWorkerDeps, limits: Limits, row: Row, now: number): Promise<void> {
  const prisma = db();
  const held = await prisma.notificationDelivery.findMany({ where: { batchId: row.id }, select: { alertId: true }, orderBy: { id: "asc" } });
  const factsOf = await alertFactsOf(held.flatMap((h) => (h.alertId ? [h.alertId] : [])));
  const facts = held.flatMap((h) => (h.alertId && factsOf.has(h.alertId) ? [factsOf.get(h.alertId)!] : []));
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
      case "in_app": {
        const add = inboxChannel(deps);
        if (!add) throw new PermanentFailure("the in-app inbox is not available on this server");
        await add([{ accountId: row.accountId, userId: row.userId!, kind: "alert", title: summary.subject, body: summary.text, link: `/a/${facts[0]!.accountKey}/alerts`, refs: { summary_of: facts.length } }]);
        return null;
      }
      default:
        throw new PermanentFailure(`no summary for channel ${row.channel}`);
    }
  });
}

export { backoffMs };
