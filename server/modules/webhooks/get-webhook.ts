import { db } from "../../db/client";
import { AppError } from "../../errors";
import { toWebhookDto, type WebhookDto, webhookSelect } from "./webhooks.schema";

/** A webhook of the account, without its secret; another account's is WEBHOOK_NOT_FOUND, exactly like a missing one. */
export async function getWebhook(input: { accountId: number; webhookId: number }): Promise<WebhookDto> {
  const row = await db().webhook.findFirst({ where: { id: input.webhookId, accountId: input.accountId }, select: webhookSelect });
  if (!row) throw new AppError("WEBHOOK_NOT_FOUND", `Webhook ${input.webhookId} not found.`);
  return toWebhookDto(row);
}
