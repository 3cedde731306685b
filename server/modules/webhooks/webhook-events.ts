// The events an account's webhooks can subscribe to (spec, Events: Webhooks) and the one call the rest of the
// platform makes to announce one. Delivery happens elsewhere, after the caller has moved on: announcing never waits
// for a receiver.
import type { WebhookEventData } from "./webhook-payload";

/** a followed school run's events (docs/run-progress.md): the hub event "run.progress" carries the same six types */
export const RUN_WEBHOOK_EVENTS = ["run_started", "stop_arrived", "stop_departed", "stop_skipped", "run_finished", "run_cancelled"] as const;
export type RunWebhookEvent = (typeof RUN_WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENTS = [
  "viewer_joined",
  "access_requested",
  "access_approved",
  "form_submitted",
  "alert_fired",
  // a followed school run (docs/run-progress.md), announced by the one node that stored the event
  ...RUN_WEBHOOK_EVENTS,
  "test_ping",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * How an announcement may be narrowed: the test call names the one webhook it pings (subscribed or not) and the event
 * id it answers with. Without it, the event goes to every webhook of the account subscribed to it, under a new id.
 * A run event names its own id (stable across restarts, so a receiver can drop a repeat) and when it happened.
 */
export interface WebhookTarget {
  eventId?: string;
  webhookId?: number;
  /** the body's created_at; default: when it is announced */
  createdAt?: Date;
  /**
   * events announced with the same key are delivered one after another in the order announced: each has been sent to
   * all its webhooks (answered, failed or timed out) before the next is looked up (a run's events, docs/webhooks.md)
   */
  orderKey?: string;
}

export type WebhookAnnouncer = (accountId: number, event: WebhookEvent, data: Record<string, unknown>, target?: WebhookTarget) => void;

const store = globalThis as typeof globalThis & { __fleetlineWebhookAnnouncer?: WebhookAnnouncer };

/** Installed by the webhook dispatcher when the server starts; until then events go nowhere (tests without it). */
export function setWebhookAnnouncer(announcer: WebhookAnnouncer | undefined): void {
  store.__fleetlineWebhookAnnouncer = announcer;
}

/**
 * Announces an event to the account's subscribed webhooks; returns at once, whatever the receivers do. `data` is
 * the event's documented shape (webhook-payload.ts), checked when compiling.
 */
export function emitWebhookEvent<E extends WebhookEvent>(accountId: number, event: E, data: WebhookEventData[E], target?: WebhookTarget): void {
  store.__fleetlineWebhookAnnouncer?.(accountId, event, data, target);
}
