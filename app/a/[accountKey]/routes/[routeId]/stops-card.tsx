"use client";
// The route's stops in the order the vehicle reaches them: time (a clock time or minutes after the route's start),
// kind and how many passengers use each; a stop's own arrival radius is noted under its name (the default is not). Roles that import add, edit, move up or down and remove stops; removing a
// stop that passengers use says first that their stop will be cleared.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { RouteStopDto } from "@/server/modules/routes/routes.schema";
import { RUN_PROGRESS_RULES } from "@/server/modules/run-progress/run-progress";
import { ACTIONS_COLUMN, ActionsCell, DataTable, type Column } from "../../../../_components/data-table";
import { plural, STOP_KIND_NAMES, stopTimeText } from "../../../../_components/transport/transport-labels";
import { useTRPC } from "../../../../_components/trpc";
import { DeleteDialog, useDeleteTarget } from "../../../../_components/delete-dialog";
import { NoticeLine } from "../../../../_components/notice-line";
import { useListNotice } from "../../../../_components/use-list-notice";
import { Alert } from "../../../../_components/ui/alert";
import { Button } from "../../../../_components/ui/button";
import { Card } from "../../../../_components/ui/card";
import { EditDeleteButtons } from "../../../../_components/ui/edit-delete-buttons";
import { EmptyState } from "../../../../_components/ui/empty-state";
import type { RouteSection } from "./route-client";
import { StopDialog } from "./stop-dialog";

const COLUMNS: Column[] = [
  { label: "#", className: "w-10" },
  { label: "Stop" },
  { label: "Time" },
  { label: "Kind", className: "hidden sm:table-cell" },
  { label: "Passengers", className: "hidden md:table-cell text-right" },
];

type Editing = { mode: "add" } | { mode: "edit"; stop: RouteStopDto } | null;

export function StopsCard({ accountKey, route, refresh, canWrite }: RouteSection & { canWrite: boolean }) {
  const trpc = useTRPC();
  const [editing, setEditing] = useState<Editing>(null);
  const deleting = useDeleteTarget<RouteStopDto>();
  // the stops come with the route, so the route is what reads again
  const list = useListNotice(refresh);
  const stops = route.stops;

  const reorder = useMutation(
    trpc.routes.reorderStops.mutationOptions({
      onSuccess: async () => {
        list.setNotice(null);
        await refresh();
      },
      onError: async (error) => {
        list.failed(error);
        await refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.routes.deleteStop.mutationOptions({
      onSuccess: async (result) => {
        const cleared = result.passengers_cleared > 0 ? ` ${plural(result.passengers_cleared, "passenger")} no longer have a stop there.` : "";
        await list.succeeded(`Removed ${deleting.target?.name ?? "the stop"}.${cleared}`, deleting.close);
      },
    }),
  );

  function move(index: number, by: -1 | 1) {
    const order = stops.map((stop) => stop.id);
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved!);
    reorder.mutate({ accountKey, routeId: route.id, stopIds: order });
  }

  const addButton = canWrite ? <Button onClick={() => setEditing({ mode: "add" })}>Add stop</Button> : null;
  return (
    <Card title={`Stops (${stops.length})`} actions={stops.length > 0 ? addButton : null}>
      <NoticeLine notice={list.notice} />
      {stops.length === 0 ? (
        <EmptyState title="No stops yet" action={addButton}>
          Stops are where passengers are picked up and dropped off, in the order the vehicle reaches them. An import of the route brings its stops
          too; passengers are matched to stops by name.
        </EmptyState>
      ) : (
        <DataTable caption={`Stops of route ${route.route_number}`} columns={canWrite ? [...COLUMNS, ACTIONS_COLUMN] : COLUMNS}>
          {stops.map((stop, index) => (
            <tr key={stop.id} data-testid="stop-row">
              <td className="px-4 py-3 tabular-nums text-slate-500">{stop.sequence}</td>
              <td className="px-4 py-3">
                <span className="block font-medium text-slate-900">{stop.name}</span>
                {stop.address ? <span className="block text-xs text-slate-500">{stop.address}</span> : null}
                {stop.radius_m !== null && stop.radius_m !== RUN_PROGRESS_RULES.defaultRadiusM ? <span className="block text-xs text-slate-500">{stop.radius_m} m arrival radius</span> : null}
                <span className="block text-xs text-slate-500 sm:hidden">{STOP_KIND_NAMES[stop.kind]}</span>
              </td>
              <td className="whitespace-nowrap px-4 py-3 tabular-nums text-slate-700">{stopTimeText(stop)}</td>
              <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">{STOP_KIND_NAMES[stop.kind]}</td>
              <td className="hidden px-4 py-3 text-right tabular-nums text-slate-700 md:table-cell">{stop.passenger_count}</td>
              {canWrite ? (
                <ActionsCell>
                  <Button variant="ghost" aria-label={`Move ${stop.name} up`} disabled={index === 0 || reorder.isPending} onClick={() => move(index, -1)}>
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={`Move ${stop.name} down`}
                    disabled={index === stops.length - 1 || reorder.isPending}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </Button>
                  <EditDeleteButtons
                    name={stop.name}
                    onEdit={() => setEditing({ mode: "edit", stop })}
                    onDelete={() => deleting.choose(stop, remove)}
                  />
                </ActionsCell>
              ) : null}
            </tr>
          ))}
        </DataTable>
      )}

      {editing ? (
        <StopDialog
          accountKey={accountKey}
          route={route}
          stop={editing.mode === "edit" ? editing.stop : null}
          onClose={() => setEditing(null)}
          onSaved={(message) => list.succeeded(message, () => setEditing(null))}
        />
      ) : null}

      <DeleteDialog
        target={deleting.target}
        title="Remove stop?"
        confirmLabel="Remove stop"
        mutation={remove}
        onClose={deleting.close}
        onConfirm={(row) => remove.mutate({ accountKey, stopId: row.id })}
      >
        <p>
          <strong>{deleting.target?.name}</strong> is removed from route {route.route_number}; the stops after it move up one place.
        </p>
        {deleting.target && deleting.target.passenger_count > 0 ? (
          <div className="mt-3">
            <Alert tone="warning">
              {plural(deleting.target.passenger_count, "passenger")} {deleting.target.passenger_count === 1 ? "is" : "are"} picked up or dropped off here. They stay on
              the route, but this stop is cleared from them: choose another stop for them afterwards.
            </Alert>
          </div>
        ) : null}
      </DeleteDialog>
    </Card>
  );
}
