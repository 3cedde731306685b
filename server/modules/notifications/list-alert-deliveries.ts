// The notifications of one fired alert with every try (docs/notifications.md "The outbox"): what the alert's page in
// the dashboard and GET /api/{account_key}/fired-alert/{id}/deliveries show. A message that another rule's alert of
// the same event already sent is listed too (it is why this alert sent none to that person).
import { z } from "zod";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { alertEventKey } from "./queue-alert-notifications";

export const ZAlertDelivery = z
  .object({
    id: z.number().int(),
    recipient: z.string().meta({ description: "user:<id>, email:<address>, sms:<number>, webhooks, escalation" }),
    channel: z.string().meta({ description: "email, sms, in_app, webhook (escalation: a step of the escalation)" }),
    kind: z.string().meta({ description: "alert, escalation (fanout: the alert's recipients not queued yet, or failed to be)" }),
    status: z.string().meta({ description: "pending, sent, failed, skipped, held (in a summary or digest), cancelled" }),
    reason: z.string().nullable(),
    attempts: z.number().int(),
    not_before: z.string(),
    sent_at: z.string().nullable(),
    via_alert_id: z.number().int().nullable().meta({ description: "set when another alert of the same event carried it" }),
    tries: z.array(z.object({ at: z.string(), outcome: z.string(), detail: z.string().nullable() })),
  })
  .meta({ id: "AlertDelivery" });

export const ZAlertDeliveries = z
  .object({
    alert_id: z.number().int(),
    acknowledged_at: z.string().nullable(),
    acknowledged_by: z.string().nullable(),
    data: z.array(ZAlertDelivery),
  })
  .meta({ id: "AlertDeliveries" });
export type AlertDeliveries = z.infer<typeof ZAlertDeliveries>;

export async function listAlertDeliveries(input: { accountId: number; alertId: number }): Promise<AlertDeliveries> {
  const prisma = db();
  const alert = await prisma.alert.findFirst({
    where: { id: input.alertId, accountId: input.accountId },
    select: { id: true, assetId: true, type: true, firedAt: true, acknowledgedAt: true, acknowledgedBy: true },
  });
  if (!alert) throw new AppError("ALERT_NOT_FOUND", `alert ${input.alertId} not found`);
  const eventKey = alertEventKey({ assetId: alert.assetId, type: alert.type, firedAt: alert.firedAt.getTime() });
  const rows = await prisma.notificationDelivery.findMany({
    where: { accountId: input.accountId, OR: [{ alertId: alert.id }, { eventKey }, { eventKey: { startsWith: `${eventKey}:escalation:` } }] },
    include: { attemptLog: { orderBy: { id: "asc" } } },
    orderBy: { id: "asc" },
    take: 500,
  });
  return {
    alert_id: alert.id,
    acknowledged_at: alert.acknowledgedAt?.toISOString() ?? null,
    acknowledged_by: alert.acknowledgedBy,
    data: rows.map((row) => ({
      id: row.id,
      recipient: row.recipientKey,
      channel: row.channel,
      kind: row.kind,
      status: row.status,
      reason: row.reason,
      attempts: row.attempts,
      not_before: row.notBefore.toISOString(),
      sent_at: row.sentAt?.toISOString() ?? null,
      via_alert_id: row.alertId !== alert.id ? row.alertId : null,
      tries: row.attemptLog.map((a) => ({ at: a.attemptedAt.toISOString(), outcome: a.outcome, detail: a.detail })),
    })),
  };
}
