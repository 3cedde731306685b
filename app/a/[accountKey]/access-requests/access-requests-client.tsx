"use client";
// Access requests page: the requests waiting for a decision (Approve / Reject), then those decided, newest first.
// A decision reads both lists again and refreshes the layout, whose navigation badge counts what still waits.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { AccessRequestDto } from "@/server/modules/access-requests/access-requests.schema";
import { ListCard } from "../../../_components/list-card";
import { NoticeLine } from "../../../_components/notice-line";
import { useTRPC } from "../../../_components/trpc";
import { useListNotice } from "../../../_components/use-list-notice";
import { Badge } from "../../../_components/ui/badge";
import { Button } from "../../../_components/ui/button";
import { EmptyState } from "../../../_components/ui/empty-state";
import { PageHeader } from "../../../_components/ui/page-header";
import { useDates } from "../../../_components/ui/viewer-time-zone";

const PAGE_SIZE = 50;

export function AccessRequestsClient({ accountKey }: { accountKey: string }) {
  const dates = useDates();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const list = (status: "pending" | "decided") =>
    trpc.accessRequests.list.infiniteQueryOptions({ accountKey, status, limit: PAGE_SIZE }, { getNextPageParam: (page) => page.next_cursor });
  const pending = useInfiniteQuery(list("pending"));
  const decided = useInfiniteQuery(list("decided"));

  const notices = useListNotice(async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.accessRequests.pathKey() });
    router.refresh();
  });
  const approve = useMutation(
    trpc.accessRequests.approve.mutationOptions({
      onSuccess: (request) =>
        request.notified
          ? notices.succeeded(`Approved ${request.email}: it may now open ${request.link.display_name}, and an e-mail with the link is on its way.`)
          : notices.succeededWithWarning(
              `Approved ${request.email} for ${request.link.display_name}, but the e-mail with the link could not be sent: send them the link yourself.`,
            ),
      onError: notices.failed,
    }),
  );
  const reject = useMutation(
    trpc.accessRequests.reject.mutationOptions({
      onSuccess: (request) => notices.succeeded(`Rejected ${request.email} for ${request.link.display_name}. Nothing was sent to them.`),
      onError: notices.failed,
    }),
  );
  const busyWith = (id: number) =>
    (approve.isPending && approve.variables?.requestId === id) || (reject.isPending && reject.variables?.requestId === id);

  const pendingRows = pending.data?.pages.flatMap((page) => page.data) ?? [];
  const decidedRows = decided.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <>
      <PageHeader
        title="Access requests"
        description="People who opened an authorised-only link without being on its list can ask to be let in. Approving adds their address to the link and e-mails them the link; rejecting sends nothing, and they may ask again after 24 hours."
      />
      <NoticeLine notice={notices.notice} />
      <ListCard
        title="Waiting for a decision"
        className="mb-6"
        query={pending}
        what="access requests"
        isEmpty={pendingRows.length === 0}
        empty={<EmptyState title="No requests waiting">New requests appear here, and the navigation shows how many wait.</EmptyState>}
      >
        <ul className="divide-y divide-slate-100" aria-label="Requests waiting for a decision">
          {pendingRows.map((request) => (
            <li key={request.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
              <RequestDetails request={request} />
              <div className="flex shrink-0 gap-2">
                <Button
                  aria-label={`Approve ${request.email}`}
                  busy={approve.isPending && approve.variables?.requestId === request.id}
                  disabled={busyWith(request.id)}
                  onClick={() => {
                    notices.setNotice(null);
                    approve.mutate({ accountKey, requestId: request.id });
                  }}
                >
                  Approve
                </Button>
                <Button
                  variant="secondary"
                  aria-label={`Reject ${request.email}`}
                  busy={reject.isPending && reject.variables?.requestId === request.id}
                  disabled={busyWith(request.id)}
                  onClick={() => {
                    notices.setNotice(null);
                    reject.mutate({ accountKey, requestId: request.id });
                  }}
                >
                  Reject
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </ListCard>
      <ListCard
        title="Decided"
        query={decided}
        what="decided requests"
        isEmpty={decidedRows.length === 0}
        empty={<p className="text-sm text-slate-600">Requests you approve or reject are listed here.</p>}
      >
        <ul className="divide-y divide-slate-100" aria-label="Decided requests">
          {decidedRows.map((request) => (
            <li key={request.id} className="flex flex-col gap-2 py-4 sm:flex-row sm:items-start sm:justify-between">
              <RequestDetails request={request} />
              <p className="shrink-0 text-sm text-slate-600 sm:text-right">
                <Badge tone={request.status === "approved" ? "green" : "slate"}>{request.status === "approved" ? "Approved" : "Rejected"}</Badge>
                {request.decided_at ? (
                  <span className="mt-1 block text-xs">
                    {dates.dateTime(request.decided_at)}
                    {request.decided_by ? ` by ${request.decided_by.name}` : ""}
                  </span>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      </ListCard>
    </>
  );
}

function RequestDetails({ request }: { request: AccessRequestDto }) {
  const dates = useDates();
  return (
    <div className="min-w-0 text-sm">
      <p className="font-medium text-slate-900">
        {request.name ? `${request.name} · ` : ""}
        <span className="break-all">{request.email}</span>
      </p>
      <p className="text-slate-600">
        for <span className="font-medium text-slate-800">{request.link.display_name}</span> · asked {dates.dateTime(request.created_at)}
      </p>
      {request.message ? <p className="mt-1 whitespace-pre-line rounded-md bg-slate-50 p-2 text-slate-700">{request.message}</p> : null}
    </div>
  );
}
