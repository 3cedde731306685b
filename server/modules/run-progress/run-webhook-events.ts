// The webhook events of a followed school run (docs/webhooks.md, docs/run-progress.md): the hub event "run.progress"
// carries the same six types, and each becomes the webhook event of its name.
export const RUN_WEBHOOK_EVENTS = ["run_started", "stop_arrived", "stop_departed", "stop_skipped", "run_finished", "run_cancelled"] as const;
export type RunWebhookEvent = (typeof RUN_WEBHOOK_EVENTS)[number];
