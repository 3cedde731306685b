// Acknowledging a fired alert (docs/notifications.md "Escalation"): records who and when on the alert (first one
// wins) and cancels the escalation steps and escalated messages still waiting. From the dashboard (tRPC), REST, or
// the signed link in a critical alert's e-mail.
import { z } from "zod";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { type AcknowledgePayload, verifyToken } from "./notification-links";

export const ZAcknowledgement = z
  .object({
    alert_id: z.number().int(),
    acknowledged_at: z.string().meta({ description: "ISO 8601: the first acknowledgement" }),
    acknowledged_by: z.string().meta({ description: "who acknowledged first" }),
    acknowledged_now: z.boolean().meta({ description: "false: somebody had already acknowledged it" }),
  })
  .meta({ id: "AlertAcknowledgement" });
export type Acknowledgement = z.infer<typeof ZAcknowledgement>;

export async function acknowledgeAlert(input: { accountId: number; alertId: number; by: { userId: number | null; label: string }; now?: number }): Promise<Acknowledgement> {
  const prisma = db();
  const at = new Date(input.now ?? Date.now());
  const { count } = await prisma.alert.updateMany({
    where: { id: input.alertId, accountId: input.accountId, acknowledgedAt: null },
    data: { acknowledgedAt: at, acknowledgedBy: input.by.label.slice(0, 300), acknowledgedByUserId: input.by.userId },
  });
  const alert = await prisma.alert.findFirst({ where: { id: input.alertId, accountId: input.accountId }, select: { acknowledgedAt: true, acknowledgedBy: true } });
  if (!alert) throw new AppError("ALERT_NOT_FOUND", `alert ${input.alertId} not found`);
  if (count === 1) {
    await prisma.notificationDelivery.updateMany({
      where: { alertId: input.alertId, status: "pending", OR: [{ kind: "escalation" }, { eventKey: { contains: ":escalation:" } }] },
      data: { status: "cancelled", reason: "acknowledged" },
    });
  }
  return { alert_id: input.alertId, acknowledged_at: alert.acknowledgedAt!.toISOString(), acknowledged_by: alert.acknowledgedBy ?? "", acknowledged_now: count === 1 };
}

/** the e-mail link's acknowledgement: the recipient it was sent to is who acknowledged */
export async function acknowledgeByToken(token: string | null, now?: number): Promise<Acknowledgement> {
  const payload = verifyToken<AcknowledgePayload>("acknowledge", token);
  if (!payload || typeof payload.alertId !== "number" || typeof payload.accountId !== "number") {
    throw new AppError("VALIDATION_FAILED", "token: this acknowledge link is not valid");
  }
  const by = await recipientLabel(payload.recipientKey);
  return acknowledgeAlert({ accountId: payload.accountId, alertId: payload.alertId, by: { ...by, label: `${by.label} (e-mail link)` }, now });
}

async function recipientLabel(recipientKey: string): Promise<{ userId: number | null; label: string }> {
  if (recipientKey.startsWith("user:")) {
    const user = await db().user.findUnique({ where: { id: Number(recipientKey.slice(5)) }, select: { id: true, name: true, email: true } });
    if (user) return { userId: user.id, label: `${user.name} <${user.email}>` };
  }
  return { userId: null, label: recipientKey.replace(/^(email|sms):/, "") };
}

export function describeAcknowledgeToken(token: string | null): AcknowledgePayload | null {
  return verifyToken<AcknowledgePayload>("acknowledge", token);
}
