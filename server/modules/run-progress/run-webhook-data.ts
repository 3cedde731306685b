// A run-progress event as its webhook body's `data` (webhooks/webhook-payload.ts, docs/webhooks.md "Run events"): the
// hub message's facts in the REST API's spelling (snake_case, times ISO 8601 UTC like the other webhook bodies).
import type { WebhookEventData } from "../webhooks/webhook-payload";
import type { RunProgressMessage } from "./run-progress-message";
import type { RunWebhookEvent } from "../webhooks/webhook-events";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function runWebhookData(message: RunProgressMessage, vehicleName: string | null): WebhookEventData[RunWebhookEvent] {
  const { run, stop } = message;
  return {
    sequence: Number(message.id.slice(message.id.lastIndexOf(":") + 1)),
    run: {
      id: run.id,
      route_id: run.routeId,
      route_number: run.routeNumber,
      route_name: run.routeName,
      date: run.date,
      status: run.status,
      started_at: iso(run.startedAt),
      finished_at: iso(run.finishedAt),
      reason: run.reason,
    },
    stop: stop && {
      id: stop.id,
      name: stop.name,
      sequence: stop.sequence,
      planned_at: iso(stop.plannedAt),
      arrived_at: iso(stop.arrivedAt),
      departed_at: iso(stop.departedAt),
      skipped_at: iso(stop.skippedAt),
      trigger: stop.trigger,
    },
    vehicle: { asset_id: message.vehicle.assetId, name: message.vehicle.assetId === null ? null : vehicleName },
  };
}
