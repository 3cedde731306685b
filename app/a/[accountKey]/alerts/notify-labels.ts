// How the dashboard names notification channels, statuses and try outcomes (docs/notifications.md), shared by the
// rule form and an alert's deliveries.
import type { NotifyChannel } from "@/server/modules/notifications/notify-config";

export const CHANNEL_LABELS: Record<NotifyChannel, string> = {
  email: "E-mail",
  sms: "SMS",
  in_app: "Dashboard inbox",
  webhook: "Webhooks",
};

type Tone = "slate" | "blue" | "green" | "red" | "amber";

export const DELIVERY_STATUS: Record<string, { label: string; tone: Tone }> = {
  pending: { label: "Waiting", tone: "blue" },
  sent: { label: "Sent", tone: "green" },
  failed: { label: "Failed", tone: "red" },
  skipped: { label: "Skipped", tone: "slate" },
  held: { label: "Held for a summary", tone: "amber" },
  cancelled: { label: "Cancelled", tone: "slate" },
};

export const TRY_OUTCOMES: Record<string, string> = {
  sent: "sent",
  temporary_failure: "failed for now",
  permanent_failure: "failed",
};
