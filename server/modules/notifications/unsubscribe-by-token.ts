// One-click unsubscribe (RFC 8058; docs/notifications.md "Unsubscribe"): the signed token of an e-mail's link turns
// e-mail about that alert type off for that recipient, without signing in. Idempotent.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { type UnsubscribePayload, verifyToken } from "./notification-links";

export async function unsubscribeByToken(token: string | null): Promise<UnsubscribePayload> {
  const payload = verifyToken<UnsubscribePayload>("unsubscribe", token);
  if (!payload || typeof payload.accountId !== "number" || typeof payload.recipientKey !== "string" || typeof payload.alertType !== "string") {
    throw new AppError("VALIDATION_FAILED", "token: this unsubscribe link is not valid");
  }
  const where = { accountId: payload.accountId, recipientKey: payload.recipientKey, alertType: payload.alertType, channel: "email" };
  await db().notificationPreference.upsert({
    where: { accountId_recipientKey_alertType_channel: where },
    create: { ...where, enabled: false },
    update: { enabled: false },
  });
  return payload;
}

/** what the confirm page says before the POST, or null for a bad token */
export function describeUnsubscribeToken(token: string | null): UnsubscribePayload | null {
  return verifyToken<UnsubscribePayload>("unsubscribe", token);
}
