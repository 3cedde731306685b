"use client";
// One webhook's delivery log, newest attempt first: when, which event, the receiver's answer (or that none came),
// how long it took and why it failed. After "Send test" it reads again every second until the test's attempt is in
// (a delivery is logged when it ends, within the receiver's 5 seconds).
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { WebhookDeliveryDto, WebhookDto } from "@/server/modules/webhooks/webhooks.schema";
import { DataTable, type Column } from "../../../_components/data-table";
import { QueryList } from "../../../_components/query-list";
import { useTRPC } from "../../../_components/trpc";
import { Badge } from "../../../_components/ui/badge";
import { Button } from "../../../_components/ui/button";
import { Card } from "../../../_components/ui/card";
import { EmptyState } from "../../../_components/ui/empty-state";
import { EVENT_LABELS } from "./webhook-event-labels";
import { useDates } from "../../../_components/ui/viewer-time-zone";

const PAGE_SIZE = 25;
const COLUMNS: Column[] = [
  { label: "Time" },
  { label: "Event", className: "hidden sm:table-cell" },
  { label: "Response" },
  { label: "Duration", className: "hidden md:table-cell" },
  { label: "Error" },
];

export function DeliveryLog({
  accountKey,
  webhook,
  awaitingEventId,
  onArrived,
}: {
  accountKey: string;
  webhook: WebhookDto;
  /** a test's event id whose attempt is not in the log yet: read again until it is */
  awaitingEventId: string | null;
  onArrived: () => void;
}) {
  const dates = useDates();
  const trpc = useTRPC();
  const log = useInfiniteQuery(
    trpc.webhooks.deliveries.infiniteQueryOptions(
      { accountKey, webhookId: webhook.id, limit: PAGE_SIZE },
      { getNextPageParam: (page) => page.next_cursor, refetchInterval: awaitingEventId ? 1_000 : false },
    ),
  );
  const rows = log.data?.pages.flatMap((page) => page.data) ?? [];
  const arrived = awaitingEventId !== null && rows.some((row) => row.event_id === awaitingEventId);
  useEffect(() => {
    if (arrived) onArrived();
  }, [arrived, onArrived]);

  return (
    <Card
      title={`Delivery log of ${webhook.url}`}
      className="mt-6"
      actions={
        <Button variant="secondary" busy={log.isRefetching} onClick={() => void log.refetch()}>
          Refresh
        </Button>
      }
    >
      {awaitingEventId && !arrived ? (
        <p role="status" className="mb-3 text-sm text-slate-600">
          Waiting for the test delivery to finish (a receiver has 5 seconds to answer)…
        </p>
      ) : null}
      <QueryList
        query={log}
        what="deliveries"
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title="No deliveries yet">
            Every attempt to reach this webhook appears here, answered or not, for 30 days. Send a test to try it.
          </EmptyState>
        }
      >
        <DataTable caption={`Deliveries to ${webhook.url}, newest first`} columns={COLUMNS}>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                {dates.dateTime(row.created_at)}
                <span className="block text-xs text-slate-500 sm:hidden">{EVENT_LABELS[row.event].label}</span>
              </td>
              <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">
                <span className="font-mono text-xs">{row.event}</span>
              </td>
              <td className="px-4 py-3">
                <ResponseBadge delivery={row} />
              </td>
              <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 md:table-cell">{row.duration_ms.toLocaleString("en")} ms</td>
              <td className="min-w-48 px-4 py-3 text-slate-700">{row.error ?? "—"}</td>
            </tr>
          ))}
        </DataTable>
      </QueryList>
    </Card>
  );
}

/** the status as it came: green for 2xx, red for anything else, amber when no answer came at all */
function ResponseBadge({ delivery }: { delivery: WebhookDeliveryDto }) {
  if (delivery.response_code === null) return <Badge tone="amber">No answer</Badge>;
  const ok = delivery.response_code >= 200 && delivery.response_code < 300;
  return <Badge tone={ok ? "green" : "red"}>{delivery.response_code}</Badge>;
}
