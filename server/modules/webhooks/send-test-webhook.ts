// The test call: announces a test_ping to one webhook (subscribed to it or not) and answers at once with the event's
// id; the attempt appears in the delivery log when it ends, as every delivery does (a delivery never holds up the
// request that caused it). Limited per account, not per webhook: deleting and registering a webhook again gives a new
// id but no fresh budget, so the call can neither hammer someone's address nor fill the account's delivery slots.
import { randomUUID } from "node:crypto";
import { rateLimiter } from "../../security/rate-limit";
import { getWebhook } from "./get-webhook";
import { emitWebhookEvent } from "./webhook-events";
import { TEST_PING_MESSAGE, type WebhookEventData } from "./webhook-payload";
import { WEBHOOK_LIMITS, type WebhookTestAccepted } from "./webhooks.schema";

const TEST_LIMIT = { name: "webhook-test", points: WEBHOOK_LIMITS.testsPerMinute, duration: 60 };

export async function sendTestWebhook(input: { accountId: number; webhookId: number }): Promise<WebhookTestAccepted> {
  const webhook = await getWebhook(input);
  await rateLimiter(TEST_LIMIT).consume(String(input.accountId));
  const eventId = randomUUID();
  const data: WebhookEventData["test_ping"] = { webhook_id: webhook.id, message: TEST_PING_MESSAGE };
  emitWebhookEvent(input.accountId, "test_ping", data, { eventId, webhookId: webhook.id });
  return { event_id: eventId, event: "test_ping" };
}
