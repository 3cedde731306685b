"use client";
// Passenger messages page: every form submission of the account, newest first; unseen ones stand out until someone
// marks them seen (one by one, or all at once). Marking reads the list again and refreshes the layout, whose
// navigation badge counts the unseen. The list reads itself again every minute while the page is open.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { DataTable, type Column } from "../../../_components/data-table";
import { ListCard } from "../../../_components/list-card";
import { describeError, useTRPC } from "../../../_components/trpc";
import { Alert } from "../../../_components/ui/alert";
import { Badge } from "../../../_components/ui/badge";
import { Button } from "../../../_components/ui/button";
import { EmptyState } from "../../../_components/ui/empty-state";
import { PageHeader } from "../../../_components/ui/page-header";
import { useDates } from "../../../_components/ui/viewer-time-zone";

const PAGE_SIZE = 50;
const REFRESH_MS = 60_000;

const COLUMNS: Column[] = [
  { label: "Received" },
  { label: "Link", className: "hidden md:table-cell" },
  { label: "Passenger", className: "hidden sm:table-cell" },
  { label: "Choice and message" },
  { label: "Seen", className: "text-right" },
];

export function PassengerMessagesClient({ accountKey }: { accountKey: string }) {
  const dates = useDates();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const messages = useInfiniteQuery({
    ...trpc.formSubmissions.list.infiniteQueryOptions({ accountKey, limit: PAGE_SIZE }, { getNextPageParam: (page) => page.next_cursor }),
    refetchInterval: REFRESH_MS,
  });
  const markSeen = useMutation(
    trpc.formSubmissions.markSeen.mutationOptions({
      onSuccess: async () => {
        setError(null);
        await queryClient.invalidateQueries({ queryKey: trpc.formSubmissions.pathKey() });
        router.refresh();
      },
      onError: (failure) => setError(describeError(failure).message),
    }),
  );
  const rows = messages.data?.pages.flatMap((page) => page.data) ?? [];
  const unseen = rows.filter((row) => row.seen_at === null).length;

  return (
    <>
      <PageHeader
        title="Passenger messages"
        description="What viewers sent through the form of their tracking link, such as “Not riding today”. Give a link a form in its settings on the Links page."
        actions={
          unseen > 0 ? (
            <Button variant="secondary" busy={markSeen.isPending && !markSeen.variables?.ids} onClick={() => markSeen.mutate({ accountKey })}>
              Mark all seen
            </Button>
          ) : null
        }
      />
      {error ? (
        <div className="mb-4">
          <Alert>{error}</Alert>
        </div>
      ) : null}
      <ListCard
        query={messages}
        what="passenger messages"
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title="No messages yet">
            When a link has a passenger form, what its viewers send appears here, newest first.
          </EmptyState>
        }
      >
        <DataTable caption="Passenger messages, newest first" columns={COLUMNS}>
          {rows.map((row) => (
            <tr key={row.id} className={row.seen_at ? "" : "bg-blue-50/60"}>
              <td className="whitespace-nowrap px-4 py-3 align-top text-slate-700">
                {dates.dateTime(row.created_at)}
                {row.seen_at ? null : (
                  <span className="mt-1 block">
                    <Badge tone="blue">New</Badge>
                  </span>
                )}
              </td>
              <td className="hidden px-4 py-3 align-top text-slate-700 md:table-cell">{row.link.display_name}</td>
              <td className="hidden px-4 py-3 align-top text-slate-700 sm:table-cell">
                {row.passenger?.name ?? <span className="text-slate-500">—</span>}
                {row.email ? <span className="block break-all text-xs text-slate-500">{row.email}</span> : null}
              </td>
              <td className="min-w-48 px-4 py-3 align-top">
                <span className="block font-medium text-slate-900">{row.choice}</span>
                {row.message ? <span className="mt-1 block whitespace-pre-line text-slate-700">{row.message}</span> : null}
                {/* what the hidden columns would say, on narrow screens */}
                <span className="mt-1 block text-xs text-slate-500 md:hidden">
                  {row.link.display_name}
                  {row.passenger ? <span className="sm:hidden"> · {row.passenger.name}</span> : null}
                </span>
              </td>
              <td className="px-4 py-3 text-right align-top">
                {row.seen_at ? (
                  <span className="text-xs text-slate-500">{dates.dateTime(row.seen_at)}</span>
                ) : (
                  <Button
                    variant="ghost"
                    aria-label={`Mark seen: ${row.choice} on ${row.link.display_name}`}
                    busy={markSeen.isPending && markSeen.variables?.ids?.[0] === row.id}
                    onClick={() => markSeen.mutate({ accountKey, ids: [row.id] })}
                  >
                    Mark seen
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </ListCard>
    </>
  );
}
