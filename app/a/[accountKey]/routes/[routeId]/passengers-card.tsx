"use client";
// The route's passengers: contact, pick-up and drop-off stops, and whether messages may reach them (approved or
// held back by the team; opted out through their link). Roles that manage passengers add and edit them, approve or
// hold them back, clear an opt-out when the passenger asks to be messaged again, copy a passenger's own tracking link
// (made the first time it is asked for), give that link a new address after confirming (a forwarded message, a lost
// phone: the old address stops working at once), and delete them after confirming. Welcome messages are sent
// elsewhere (send-welcome), never from this list.
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { PassengerDto } from "@/server/modules/passengers/passengers.schema";
import { CopyLinkButton } from "../../../../_components/links/copy-link-button";
import { ACTIONS_COLUMN, ActionsCell, DataTable, type Column } from "../../../../_components/data-table";
import { QueryList } from "../../../../_components/query-list";
import { describeError, useTRPC } from "../../../../_components/trpc";
import { DeleteDialog, useDeleteTarget } from "../../../../_components/delete-dialog";
import { NoticeLine } from "../../../../_components/notice-line";
import { useListNotice } from "../../../../_components/use-list-notice";
import { Badge } from "../../../../_components/ui/badge";
import { Button } from "../../../../_components/ui/button";
import { Card } from "../../../../_components/ui/card";
import { ConfirmDialog } from "../../../../_components/ui/confirm-dialog";
import { EmptyState } from "../../../../_components/ui/empty-state";
import { useDates } from "../../../../_components/ui/viewer-time-zone";
import { PassengerDialog } from "./passenger-dialog";
import type { RouteSection } from "./route-client";

const PAGE_SIZE = 100;

const COLUMNS: Column[] = [
  { label: "Passenger" },
  { label: "Contact", className: "hidden md:table-cell" },
  { label: "Pick-up", className: "hidden sm:table-cell" },
  { label: "Drop-off", className: "hidden sm:table-cell" },
  { label: "Messages" },
];

type Editing = { mode: "add" } | { mode: "edit"; passenger: PassengerDto } | null;

export function PassengersCard({ accountKey, route, refresh, canManage }: RouteSection & { canManage: boolean }) {
  const dates = useDates();
  const trpc = useTRPC();
  const [editing, setEditing] = useState<Editing>(null);
  const deleting = useDeleteTarget<PassengerDto>();
  const [renewing, setRenewing] = useState<PassengerDto | null>(null);

  const passengers = useInfiniteQuery(
    trpc.passengers.list.infiniteQueryOptions({ accountKey, routeId: route.id, limit: PAGE_SIZE }, { getNextPageParam: (page) => page.next_cursor }),
  );
  const rows = passengers.data?.pages.flatMap((page) => page.data) ?? [];
  // the route's counts change with its passengers
  const list = useListNotice(() => Promise.all([refresh(), passengers.refetch()]));
  const approve = useMutation(
    trpc.passengers.update.mutationOptions({
      onSuccess: (p) => list.succeeded(p.approved ? `Approved ${p.name}: messages may reach them.` : `Held back ${p.name} from messages.`),
      onError: list.failed,
    }),
  );
  const clearOptOut = useMutation(
    trpc.passengers.clearOptOut.mutationOptions({ onSuccess: (p) => list.succeeded(`Cleared the opt-out of ${p.name}; the next welcome includes them again.`), onError: list.failed }),
  );
  const passengerLink = useMutation(trpc.passengers.link.mutationOptions());
  const rotateLink = useMutation(
    trpc.passengers.rotateLink.mutationOptions({
      onSuccess: () =>
        list.succeeded(`${renewing?.name ?? "The passenger"} has a new link; the old one no longer works. Copy it, or send a welcome message with it.`, () =>
          setRenewing(null),
        ),
    }),
  );
  const remove = useMutation(
    trpc.passengers.delete.mutationOptions({
      onSuccess: () => list.succeeded(`Deleted ${deleting.target?.name ?? "the passenger"}.`, deleting.close),
    }),
  );

  const addButton = canManage ? <Button onClick={() => setEditing({ mode: "add" })}>Add passenger</Button> : null;
  return (
    <Card title={`Passengers (${route.passenger_count})`} actions={rows.length > 0 ? addButton : null}>
      <NoticeLine notice={list.notice} />
      <QueryList
        query={passengers}
        what="passengers"
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title="No passengers on this route yet" action={addButton}>
            Add passengers one by one, or import a passenger list on the{" "}
            <Link href={`/a/${accountKey}/imports`} className="font-medium text-blue-700 hover:underline">
              Imports page
            </Link>
            ; their stops are matched to this route&apos;s stops by name.
          </EmptyState>
        }
      >
        <DataTable caption={`Passengers of route ${route.route_number}`} columns={canManage ? [...COLUMNS, ACTIONS_COLUMN] : COLUMNS}>
          {rows.map((passenger) => (
            <tr key={passenger.id} data-testid="passenger-row">
              <td className="px-4 py-3">
                <span className="block font-medium text-slate-900">{passenger.name}</span>
                {passenger.external_id ? <span className="block text-xs text-slate-500">ID {passenger.external_id}</span> : null}
                <span className="block text-xs text-slate-500 sm:hidden">
                  {passenger.pickup_stop?.name ?? "—"} → {passenger.dropoff_stop?.name ?? "—"}
                </span>
              </td>
              <td className="hidden px-4 py-3 text-slate-700 md:table-cell">
                {[passenger.contact_name, passenger.contact_phone, passenger.contact_email].filter(Boolean).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
                {!passenger.contact_phone && !passenger.contact_email ? <span className="block text-xs text-amber-800">No phone or e-mail</span> : null}
              </td>
              <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">{passenger.pickup_stop?.name ?? <NoStop />}</td>
              <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">{passenger.dropoff_stop?.name ?? <NoStop />}</td>
              <td className="px-4 py-3">
                <span className="flex flex-wrap gap-1">
                  {passenger.approved ? <Badge tone="green">Approved</Badge> : <Badge tone="amber">Held back</Badge>}
                  {passenger.opted_out_at ? <Badge tone="red">Opted out {dates.dateTime(passenger.opted_out_at)}</Badge> : null}
                  {passenger.approach_alert_minutes !== null && !passenger.opted_out_at ? (
                    <Badge tone="blue">Stop alert {passenger.approach_alert_minutes} min before</Badge>
                  ) : null}
                </span>
              </td>
              {canManage ? (
                <ActionsCell>
                  <CopyLinkButton
                    name={passenger.name}
                    url={async () => {
                      try {
                        return (await passengerLink.mutateAsync({ accountKey, passengerId: passenger.id })).url;
                      } catch (error) {
                        throw new Error(describeError(error).message);
                      }
                    }}
                  />
                  <Button
                    variant="ghost"
                    aria-label={`New link for ${passenger.name}`}
                    onClick={() => {
                      rotateLink.reset();
                      setRenewing(passenger);
                    }}
                  >
                    New link
                  </Button>
                  <Button variant="ghost" aria-label={`Edit ${passenger.name}`} onClick={() => setEditing({ mode: "edit", passenger })}>
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={`${passenger.approved ? "Hold back" : "Approve"} ${passenger.name}`}
                    busy={approve.isPending && approve.variables?.passengerId === passenger.id}
                    onClick={() => approve.mutate({ accountKey, passengerId: passenger.id, body: { approved: !passenger.approved } })}
                  >
                    {passenger.approved ? "Hold back" : "Approve"}
                  </Button>
                  {passenger.opted_out_at ? (
                    <Button
                      variant="ghost"
                      aria-label={`Clear the opt-out of ${passenger.name}`}
                      busy={clearOptOut.isPending && clearOptOut.variables?.passengerId === passenger.id}
                      onClick={() => clearOptOut.mutate({ accountKey, passengerId: passenger.id })}
                    >
                      Clear opt-out
                    </Button>
                  ) : null}
                  <Button
                    variant="danger-ghost"
                    aria-label={`Delete ${passenger.name}`}
                    onClick={() => deleting.choose(passenger, remove)}
                  >
                    Delete
                  </Button>
                </ActionsCell>
              ) : null}
            </tr>
          ))}
        </DataTable>
      </QueryList>

      {editing ? (
        <PassengerDialog
          accountKey={accountKey}
          route={route}
          passenger={editing.mode === "edit" ? editing.passenger : null}
          onClose={() => setEditing(null)}
          onSaved={(message) => list.succeeded(message, () => setEditing(null))}
        />
      ) : null}

      <ConfirmDialog
        open={renewing !== null}
        title="Give this passenger a new link?"
        confirmLabel="Make a new link"
        busy={rotateLink.isPending}
        error={rotateLink.error ? describeError(rotateLink.error).message : null}
        onClose={() => setRenewing(null)}
        onConfirm={() => renewing && rotateLink.mutate({ accountKey, passengerId: renewing.id })}
      >
        <p>
          <strong>{renewing?.name}</strong>&apos;s tracking link gets a new address. The old address stops working at once: whoever watches through it is
          disconnected, including a forwarded copy. Nothing is sent; copy the new link or send a welcome message with it.
        </p>
      </ConfirmDialog>

      <DeleteDialog
        target={deleting.target}
        title="Delete passenger?"
        confirmLabel="Delete passenger"
        mutation={remove}
        onClose={deleting.close}
        onConfirm={(row) => remove.mutate({ accountKey, passengerId: row.id })}
      >
        <p>
          <strong>{deleting.target?.name}</strong> is removed from route {route.route_number}, with their own tracking link if they have one (whoever watches
          through it is disconnected). This cannot be undone.
        </p>
      </DeleteDialog>
    </Card>
  );
}

function NoStop() {
  return <span className="text-slate-400">Not set</span>;
}
