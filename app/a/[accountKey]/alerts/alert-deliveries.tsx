"use client";
// Who heard about one fired alert (docs/notifications.md "The outbox"): each message with its recipient, channel,
// status and reason, every try with its time and outcome, the alert that carried it when another rule's alert of the
// same event already had; and the acknowledgement: who and when, or the Acknowledge button for the roles that manage
// alerts (a viewer sees the state but has no button; the server refuses them anyway). While a message is still
// waiting the list is read again now and then, so "sent" shows up without a reload.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AlertDeliveries } from "@/server/modules/notifications/list-alert-deliveries";
import type { NotifyMember } from "@/server/modules/notifications/list-notify-members";
import type { NotifyChannel } from "@/server/modules/notifications/notify-config";
import { describeError, useTRPC } from "../../../_components/trpc";
import { Alert } from "../../../_components/ui/alert";
import { Badge } from "../../../_components/ui/badge";
import { Button } from "../../../_components/ui/button";
import { Card } from "../../../_components/ui/card";
import { useDates } from "../../../_components/ui/viewer-time-zone";
import { CHANNEL_LABELS, DELIVERY_STATUS, TRY_OUTCOMES } from "./notify-labels";

const WAITING_POLL_MS = 10_000;

type Delivery = AlertDeliveries["data"][number];

export function AlertDeliveriesCard({ accountKey, alertId, canAcknowledge }: { accountKey: string; alertId: number; canAcknowledge: boolean }) {
  const dates = useDates();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const deliveries = useQuery({
    ...trpc.alerts.deliveries.queryOptions({ accountKey, alertId }),
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === "pending") ? WAITING_POLL_MS : false),
  });
  const members = useQuery(trpc.alerts.members.queryOptions({ accountKey }));
  const acknowledge = useMutation(
    trpc.alerts.acknowledge.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.alerts.deliveries.queryKey({ accountKey, alertId }) }),
    }),
  );
  const names = new Map((members.data ?? []).map((m) => [m.id, m]));
  const data = deliveries.data;
  // the mutation's answer shows at once; the list read again says the same
  const acknowledgedAt = data?.acknowledged_at ?? acknowledge.data?.acknowledged_at ?? null;
  const acknowledgedBy = data?.acknowledged_by ?? acknowledge.data?.acknowledged_by ?? null;

  return (
    <Card title="Notifications">
      <div className="space-y-3 text-sm" data-testid="alert-deliveries">
        {acknowledgedAt ? (
          <p className="break-words text-slate-700" data-testid="alert-acknowledged">
            Acknowledged by {acknowledgedBy} at {dates.dateTime(acknowledgedAt)}
          </p>
        ) : data ? (
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-slate-600">Not acknowledged yet.</span>
            {canAcknowledge ? (
              <Button busy={acknowledge.isPending} onClick={() => acknowledge.mutate({ accountKey, alertId })}>
                Acknowledge
              </Button>
            ) : null}
          </div>
        ) : null}
        {acknowledge.error ? <Alert>{describeError(acknowledge.error).message}</Alert> : null}
        {deliveries.isPending ? <p className="text-slate-500">Loading…</p> : null}
        {deliveries.error ? <Alert>{describeError(deliveries.error).message}</Alert> : null}
        {data && data.data.length === 0 ? <p className="text-slate-500">No notifications for this alert: its rule names nobody.</p> : null}
        {data && data.data.length > 0 ? (
          <ul className="divide-y divide-slate-100" aria-label="Deliveries">
            {data.data.map((delivery) => (
              <DeliveryItem key={delivery.id} delivery={delivery} names={names} />
            ))}
          </ul>
        ) : null}
      </div>
    </Card>
  );
}

function DeliveryItem({ delivery, names }: { delivery: Delivery; names: Map<number, NotifyMember> }) {
  const dates = useDates();
  const status = DELIVERY_STATUS[delivery.status] ?? { label: delivery.status, tone: "slate" as const };
  const escalation = delivery.kind === "escalation";
  return (
    <li className="py-2" data-testid="delivery">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 break-all font-medium text-slate-900">{escalation ? "Escalation step" : recipientLabel(delivery.recipient, names)}</span>
        {escalation ? null : <Badge>{CHANNEL_LABELS[delivery.channel as NotifyChannel] ?? delivery.channel}</Badge>}
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      {escalation && delivery.status === "pending" ? <p className="text-slate-600">Due {dates.dateTime(delivery.not_before)} unless acknowledged</p> : null}
      {delivery.reason ? <p className="text-slate-600">{delivery.reason}</p> : null}
      {delivery.via_alert_id !== null ? <p className="text-slate-600">Sent with alert {delivery.via_alert_id} (another rule, same event)</p> : null}
      {delivery.tries.length > 0 ? (
        <ol className="mt-1 space-y-0.5 text-xs text-slate-500" aria-label="Tries">
          {delivery.tries.map((attempt, index) => (
            <li key={index}>
              {dates.dateTime(attempt.at)}: {TRY_OUTCOMES[attempt.outcome] ?? attempt.outcome}
              {attempt.detail ? ` (${attempt.detail})` : ""}
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}

/** user:<id> by name, the extra addresses and numbers as they are, the account's webhooks in words */
function recipientLabel(recipient: string, names: Map<number, NotifyMember>): string {
  if (recipient === "webhooks") return "The account's webhooks";
  const [kind, ...rest] = recipient.split(":");
  const value = rest.join(":");
  if (kind === "user") return names.get(Number(value))?.name ?? `User ${value}`;
  if (kind === "email" || kind === "sms") return value;
  return recipient;
}
