// The events as the dashboard names them. test_ping is not offered as a subscription: "Send test" reaches every
// webhook whatever it subscribed to.
import type { WebhookEvent } from "@/server/modules/webhooks/webhook-events";

export const EVENT_LABELS: Record<WebhookEvent, { label: string; description: string }> = {
  viewer_joined: { label: "Viewer joined", description: "Somebody opens a tracking link." },
  access_requested: { label: "Access requested", description: "Somebody asks for access to a private link." },
  access_approved: { label: "Access approved", description: "Your team approves an access request." },
  form_submitted: { label: "Form submitted", description: "A passenger sends a link's form (for example: not riding today)." },
  alert_fired: { label: "Alert fired", description: "An alert rule that lists the webhook channel fires." },
  run_started: { label: "Run started", description: "A school run's vehicle leaves the first stop or starts moving." },
  stop_arrived: { label: "Stop arrived", description: "A run's vehicle stops at a stop." },
  stop_departed: { label: "Stop departed", description: "A run's vehicle leaves a stop." },
  stop_skipped: { label: "Stop skipped", description: "A stop is passed without stopping." },
  run_finished: { label: "Run finished", description: "A run reaches its last stop, or its end time passes." },
  run_cancelled: { label: "Run cancelled", description: "Today's run is cancelled." },
  test_ping: { label: "Test ping", description: "Sent by Send test." },
};

export const SUBSCRIBABLE_EVENTS = [
  "viewer_joined",
  "access_requested",
  "access_approved",
  "form_submitted",
  "alert_fired",
  "run_started",
  "stop_arrived",
  "stop_departed",
  "stop_skipped",
  "run_finished",
  "run_cancelled",
] as const satisfies readonly WebhookEvent[];
