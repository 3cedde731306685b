// Registers a webhook: checks the body (unknown fields, URL, events), the account's cap and the receiver's address
// (SSRF guard, unless WEBHOOK_ALLOW_PRIVATE=1), then stores it with a new secret, encrypted. The secret is in this
// answer only; nothing else ever returns it, and it is never logged.
import { db } from "../../db/client";
import { env } from "../../env";
import { AppError } from "../../errors";
import { takeAccountQuota } from "../accounts/account-quotas";
import { checkWebhookDestination } from "./webhook-destination";
import { encryptWebhookSecret, generateWebhookSecret } from "./webhook-secret";
import { type CreatedWebhookDto, parseWebhookBody, toWebhookDto, webhookSelect } from "./webhooks.schema";

export async function createWebhook(input: { accountId: number; userId: number; body: unknown }): Promise<CreatedWebhookDto> {
  const { url, events } = parseWebhookBody(input.body);
  // the lookup has HOST_LOOKUP_LIMITS.timeoutMs (5 s) and one of the account's lookup slots
  const destination = await checkWebhookDestination(url, { allowPrivate: env().WEBHOOK_ALLOW_PRIVATE, lookup: { accountId: input.accountId } });
  if (!destination.ok) {
    throw new AppError("VALIDATION_FAILED", `url: ${destination.reason}`, [{ field: "url", message: destination.reason }]);
  }
  const secret = generateWebhookSecret();
  const row = await db().$transaction(async (tx) => {
    // counted under a lock, so two registrations at once cannot both take the last place
    await takeAccountQuota(tx, input.accountId, "webhooks");
    return tx.webhook.create({
      data: {
        accountId: input.accountId,
        createdById: input.userId,
        url,
        events,
        secretEncrypted: encryptWebhookSecret(secret, input.accountId),
      },
      select: webhookSelect,
    });
  });
  return { ...toWebhookDto(row), secret };
}
