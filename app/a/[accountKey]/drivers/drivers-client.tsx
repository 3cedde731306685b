"use client";
// Drivers list: name, e-mail, phone and how many routes have them as their driver. Roles that import add, edit and
// delete drivers; deleting one whose routes name them says first that those routes will have no driver.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { DriverDto } from "@/server/modules/drivers/drivers.schema";
import { ACTIONS_COLUMN, ActionsCell, DataTable, type Column } from "../../../_components/data-table";
import { ListCard } from "../../../_components/list-card";
import { plural } from "../../../_components/transport/transport-labels";
import { useTRPC } from "../../../_components/trpc";
import { DeleteDialog, useDeleteTarget } from "../../../_components/delete-dialog";
import { NoticeLine } from "../../../_components/notice-line";
import { useListNotice } from "../../../_components/use-list-notice";
import { Button } from "../../../_components/ui/button";
import { EditDeleteButtons } from "../../../_components/ui/edit-delete-buttons";
import { EmptyState } from "../../../_components/ui/empty-state";
import { PageHeader } from "../../../_components/ui/page-header";
import { DriverDialog } from "./driver-dialog";

const PAGE_SIZE = 100;

const COLUMNS: Column[] = [
  { label: "Name" },
  { label: "E-mail", className: "hidden sm:table-cell" },
  { label: "Phone", className: "hidden md:table-cell" },
  { label: "Routes", className: "text-right" },
];

type Editing = { mode: "add" } | { mode: "edit"; driver: DriverDto } | null;

export function DriversClient({ accountKey, canWrite }: { accountKey: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const deleting = useDeleteTarget<DriverDto>();

  const drivers = useInfiniteQuery(trpc.drivers.list.infiniteQueryOptions({ accountKey, limit: PAGE_SIZE }, { getNextPageParam: (page) => page.next_cursor }));
  // routes show their driver's name
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: trpc.drivers.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.routes.pathKey() })]);
  const list = useListNotice(refresh);
  const remove = useMutation(
    trpc.drivers.delete.mutationOptions({
      onSuccess: () => list.succeeded(`Deleted ${deleting.target?.name ?? "the driver"}.`, deleting.close),
    }),
  );

  const rows = drivers.data?.pages.flatMap((page) => page.data) ?? [];
  const addButton = canWrite ? <Button onClick={() => setEditing({ mode: "add" })}>Add driver</Button> : null;
  const scorecardsLink = (
    <Link href={`/a/${accountKey}/drivers/scorecards`} className="rounded-md px-3 py-2 text-sm font-medium text-blue-700 hover:bg-blue-50">
      Scorecards
    </Link>
  );
  return (
    <>
      <PageHeader
        title="Drivers"
        description="The drivers routes and runs name. Imports find a route's driver by name, e-mail or phone, so each e-mail and phone belongs to one driver."
        actions={
          <>
            {scorecardsLink}
            {addButton}
          </>
        }
      />
      <NoticeLine notice={list.notice} />
      <ListCard
        query={drivers}
        what="drivers"
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title="No drivers yet" action={addButton}>
            {canWrite
              ? "Add the people who drive your routes. A route or a day's run can then name its driver, here or in an import's driver column."
              : "An administrator, fleet manager or office staff can add the drivers of your routes."}
          </EmptyState>
        }
      >
        <DataTable caption="Drivers" columns={canWrite ? [...COLUMNS, ACTIONS_COLUMN] : COLUMNS}>
          {rows.map((driver) => (
            <tr key={driver.id}>
              <td className="px-4 py-3">
                <span className="block font-medium text-slate-900">{driver.name}</span>
                <span className="block text-xs text-slate-500 sm:hidden">{[driver.email, driver.phone].filter(Boolean).join(" · ")}</span>
              </td>
              <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">{driver.email ?? "—"}</td>
              <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 md:table-cell">{driver.phone ?? "—"}</td>
              <td className="px-4 py-3 text-right tabular-nums text-slate-700">{driver.route_count}</td>
              {canWrite ? (
                <ActionsCell>
                  <EditDeleteButtons
                    name={driver.name}
                    onEdit={() => setEditing({ mode: "edit", driver })}
                    onDelete={() => deleting.choose(driver, remove)}
                  />
                </ActionsCell>
              ) : null}
            </tr>
          ))}
        </DataTable>
      </ListCard>

      {editing ? (
        <DriverDialog
          accountKey={accountKey}
          driver={editing.mode === "edit" ? editing.driver : null}
          onClose={() => setEditing(null)}
          onSaved={(message) => list.succeeded(message, () => setEditing(null))}
        />
      ) : null}

      <DeleteDialog
        target={deleting.target}
        title="Delete driver?"
        confirmLabel="Delete driver"
        mutation={remove}
        onClose={deleting.close}
        onConfirm={(row) => remove.mutate({ accountKey, driverId: row.id })}
      >
        <p>
          <strong>{deleting.target?.name}</strong> is deleted.
          {deleting.target && deleting.target.route_count > 0
            ? ` ${plural(deleting.target.route_count, "route")} ${deleting.target.route_count === 1 ? "has" : "have"} them as driver and will have none, as will any run that names them.`
            : " Runs that name them will have no driver of their own."}{" "}
          This cannot be undone.
        </p>
      </DeleteDialog>
    </>
  );
}
