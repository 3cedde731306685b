// Deletes a webhook and its delivery log. An attempt already under way still ends, but is not logged.
import { db } from "../../db/client";
import { AppError } from "../../errors";

export async function deleteWebhook(input: { accountId: number; webhookId: number }): Promise<{ id: number }> {
  const result = await db().webhook.deleteMany({ where: { id: input.webhookId, accountId: input.accountId } });
  if (result.count === 0) throw new AppError("WEBHOOK_NOT_FOUND", `Webhook ${input.webhookId} not found.`);
  return { id: input.webhookId };
}
