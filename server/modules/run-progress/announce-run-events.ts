// Announces the events a writer of run progress has just stored (run-progress-store.ts): each to the account's
// webhooks subscribed to its type, then on the hub ("run.progress"). Called only by the writer whose write landed,
// so once in the cluster; the webhook goes first, as alert_fired is queued where the alert is decided. The webhook
// body's id is the message's `{route_id}:{date}:{n}` and its created_at when it happened, so an event announced
// again after a crash between the write and the announcement (never, with one writer) would carry the same id.
import type { Logger } from "pino";
import type { Hub } from "../../hub";
import { emitWebhookEvent } from "../webhooks/webhook-events";
import type { RunProgressMessage } from "./run-progress-message";
import { runWebhookData } from "./run-webhook-data";

export function announceRunEvents(hub: Hub | undefined, logger: Logger, messages: RunProgressMessage[], vehicleName: string | null): void {
  for (const message of messages) {
    emitWebhookEvent(message.accountId, message.type, runWebhookData(message, vehicleName), {
      eventId: message.id,
      createdAt: new Date(message.occurredAt),
      // a run's events reach each receiver in the order they happened, whichever node announced them
      orderKey: `run:${message.run.routeId}:${message.run.date}`,
    });
    hub?.publish("run.progress", message).catch((error: unknown) => logger.error({ err: error, event: message.id }, "run progress event not published"));
  }
}
