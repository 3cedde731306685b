"use client";
// The route's runs by date, in the account's calendar: upcoming (today on, soonest first) or past (latest first),
// paged. A run's own times, vehicle and driver override the route's for that day; empty ones show the route's.
// Roles that import add and edit runs, cancel and restore them (a cancelled run stays listed, with its notice), and
// delete them after confirming.
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { RunDto, RunPeriod } from "@/server/modules/runs/runs.schema";
import { ACTIONS_COLUMN, ActionsCell, DataTable, type Column } from "../../../../_components/data-table";
import { QueryList } from "../../../../_components/query-list";
import { runDateText, timesText } from "../../../../_components/transport/transport-labels";
import { useTRPC } from "../../../../_components/trpc";
import { DeleteDialog, useDeleteTarget } from "../../../../_components/delete-dialog";
import { NoticeLine } from "../../../../_components/notice-line";
import { useListNotice } from "../../../../_components/use-list-notice";
import { Badge } from "../../../../_components/ui/badge";
import { Button } from "../../../../_components/ui/button";
import { Card } from "../../../../_components/ui/card";
import { EmptyState } from "../../../../_components/ui/empty-state";
import type { RouteSection } from "./route-client";
import { RunDialog } from "./run-dialog";

const PAGE_SIZE = 30;

const COLUMNS: Column[] = [
  { label: "Date" },
  { label: "Times", className: "hidden sm:table-cell" },
  { label: "Vehicle", className: "hidden md:table-cell" },
  { label: "Driver", className: "hidden lg:table-cell" },
  { label: "Notice", className: "hidden lg:table-cell" },
  { label: "Status" },
];

type Editing = { mode: "add" } | { mode: "edit"; run: RunDto } | null;

export function RunsCard({ accountKey, timeZone, route, refresh, canWrite }: RouteSection & { canWrite: boolean }) {
  const trpc = useTRPC();
  const [period, setPeriod] = useState<RunPeriod>("upcoming");
  const [editing, setEditing] = useState<Editing>(null);
  const deleting = useDeleteTarget<RunDto>();

  const runs = useInfiniteQuery(
    trpc.runs.list.infiniteQueryOptions({ accountKey, routeId: route.id, period, limit: PAGE_SIZE }, { getNextPageParam: (page) => page.next_cursor }),
  );
  const rows = runs.data?.pages.flatMap((page) => page.data) ?? [];
  const today = runs.data?.pages[0]?.today;
  // the route's run count changes too
  const list = useListNotice(() => Promise.all([refresh(), runs.refetch()]));
  const cancel = useMutation(trpc.runs.cancel.mutationOptions({ onSuccess: (run) => list.succeeded(`Cancelled the run of ${run.date}.`), onError: list.failed }));
  const restore = useMutation(trpc.runs.restore.mutationOptions({ onSuccess: (run) => list.succeeded(`Restored the run of ${run.date}.`), onError: list.failed }));
  const remove = useMutation(
    trpc.runs.delete.mutationOptions({
      onSuccess: () => list.succeeded(`Deleted the run of ${deleting.target?.date ?? "that day"}.`, deleting.close),
    }),
  );

  const addButton = canWrite ? <Button onClick={() => setEditing({ mode: "add" })}>Add run</Button> : null;
  const routeTimes = timesText(route.start_time, route.end_time);
  return (
    <Card title="Runs" actions={addButton}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <div role="group" aria-label="Which runs" className="inline-flex rounded-md shadow-sm ring-1 ring-inset ring-slate-300">
          {(["upcoming", "past"] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={period === value}
              onClick={() => setPeriod(value)}
              className={`px-3 py-1.5 text-sm font-medium first:rounded-l-md last:rounded-r-md ${period === value ? "bg-blue-600 text-white" : "text-slate-700 hover:bg-slate-50"}`}
            >
              {value === "upcoming" ? "Upcoming" : "Past"}
            </button>
          ))}
        </div>
        {today ? <p className="text-xs text-slate-500">Today is {today} ({timeZone})</p> : null}
      </div>
      <NoticeLine notice={list.notice} />
      <QueryList
        query={runs}
        what="runs"
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title={period === "upcoming" ? "No upcoming runs" : "No past runs"}>
            A run is one day of the route, with its own vehicle, driver, times or a notice for passengers when they differ from the route&apos;s. Add
            them here one by one, or import a term&apos;s runs on the Imports page.
          </EmptyState>
        }
      >
        <DataTable caption={`Runs of route ${route.route_number}`} columns={canWrite ? [...COLUMNS, ACTIONS_COLUMN] : COLUMNS}>
          {rows.map((run) => {
            const label = runDateText(run.date, run.weekday);
            return (
              <tr key={run.id} data-testid="run-row">
                <td className="whitespace-nowrap px-4 py-3">
                  <span className="block font-medium text-slate-900">{label}</span>
                  {run.off_day ? <span className="block text-xs text-amber-800">Not one of the route&apos;s days</span> : null}
                </td>
                <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 sm:table-cell">
                  {run.start_time || run.end_time ? timesText(run.start_time ?? route.start_time, run.end_time ?? route.end_time) : <Muted>{routeTimes ?? "—"}</Muted>}
                </td>
                <td className="hidden px-4 py-3 text-slate-700 md:table-cell">{run.vehicle ? run.vehicle.name : <Muted>{route.vehicle?.name ?? "—"}</Muted>}</td>
                <td className="hidden px-4 py-3 text-slate-700 lg:table-cell">{run.driver ? run.driver.name : <Muted>{route.driver?.name ?? "—"}</Muted>}</td>
                <td className="hidden max-w-xs px-4 py-3 text-slate-700 lg:table-cell">{run.notice ?? "—"}</td>
                <td className="px-4 py-3">
                  {run.status === "cancelled" ? <Badge tone="red">Cancelled</Badge> : <Badge tone="green">Scheduled</Badge>}
                </td>
                {canWrite ? (
                  <ActionsCell>
                    <Button variant="ghost" aria-label={`Edit the run of ${label}`} onClick={() => setEditing({ mode: "edit", run })}>
                      Edit
                    </Button>
                    {run.status === "cancelled" ? (
                      <Button variant="ghost" aria-label={`Restore the run of ${label}`} busy={restore.isPending && restore.variables?.runId === run.id} onClick={() => restore.mutate({ accountKey, runId: run.id })}>
                        Restore
                      </Button>
                    ) : (
                      <Button variant="ghost" aria-label={`Cancel the run of ${label}`} busy={cancel.isPending && cancel.variables?.runId === run.id} onClick={() => cancel.mutate({ accountKey, runId: run.id })}>
                        Cancel run
                      </Button>
                    )}
                    <Button
                      variant="danger-ghost"
                      aria-label={`Delete the run of ${label}`}
                      onClick={() => deleting.choose(run, remove)}
                    >
                      Delete
                    </Button>
                  </ActionsCell>
                ) : null}
              </tr>
            );
          })}
        </DataTable>
      </QueryList>
      {rows.length > 0 ? <p className="mt-3 text-xs text-slate-500">Grey values are the route&apos;s own, used on days without their own.</p> : null}

      {editing ? (
        <RunDialog
          accountKey={accountKey}
          timeZone={timeZone}
          route={route}
          run={editing.mode === "edit" ? editing.run : null}
          onClose={() => setEditing(null)}
          onSaved={(message) => list.succeeded(message, () => setEditing(null))}
        />
      ) : null}

      <DeleteDialog
        target={deleting.target}
        title="Delete run?"
        confirmLabel="Delete run"
        mutation={remove}
        onClose={deleting.close}
        onConfirm={(row) => remove.mutate({ accountKey, runId: row.id })}
      >
        <p>
          The run of <strong>{deleting.target ? runDateText(deleting.target.date, deleting.target.weekday) : ""}</strong> is deleted with its own times, vehicle, driver and
          notice. To tell passengers the route does not run that day, cancel it instead.
        </p>
      </DeleteDialog>
    </Card>
  );
}

function Muted({ children }: { children: React.ReactNode }) {
  return <span className="text-slate-400">{children}</span>;
}
