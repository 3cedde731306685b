"use client";
// Routes list: number and name, vehicle, driver, days, times and how many stops and passengers each has, paged.
// Roles that import create routes here (then add stops on the route's page); everyone else reads.
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { DataTable, type Column } from "../../../_components/data-table";
import { ListCard } from "../../../_components/list-card";
import { RouteDialog } from "../../../_components/transport/route-dialog";
import { timesText } from "../../../_components/transport/transport-labels";
import { useTRPC } from "../../../_components/trpc";
import { Badge } from "../../../_components/ui/badge";
import { Button } from "../../../_components/ui/button";
import { EmptyState } from "../../../_components/ui/empty-state";
import { PageHeader } from "../../../_components/ui/page-header";

const PAGE_SIZE = 100;

const COLUMNS: Column[] = [
  { label: "Route" },
  { label: "Vehicle", className: "hidden sm:table-cell" },
  { label: "Driver", className: "hidden md:table-cell" },
  { label: "Days", className: "hidden lg:table-cell" },
  { label: "Times", className: "hidden lg:table-cell" },
  { label: "Stops", className: "text-right" },
  { label: "Passengers", className: "hidden sm:table-cell text-right" },
];

export function RoutesClient({ accountKey, timeZone, canWrite }: { accountKey: string; timeZone: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const routes = useInfiniteQuery(trpc.routes.list.infiniteQueryOptions({ accountKey, limit: PAGE_SIZE }, { getNextPageParam: (page) => page.next_cursor }));
  const rows = routes.data?.pages.flatMap((page) => page.data) ?? [];
  const newButton = canWrite ? <Button onClick={() => setCreating(true)}>New route</Button> : null;

  return (
    <>
      <PageHeader
        title="Routes"
        description={`School routes with their stops, daily runs and passengers. Times are in the account's time zone (${timeZone}).`}
        actions={
          <>
            {canWrite ? (
              <Link href={`/a/${accountKey}/imports`} className="rounded-md px-3 py-2 text-sm font-medium text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
                Import routes
              </Link>
            ) : null}
            {newButton}
          </>
        }
      />
      <ListCard
        query={routes}
        what="routes"
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title="No routes yet" action={newButton}>
            {canWrite ? (
              <>
                Import your routes with their stops from a spreadsheet on the{" "}
                <Link href={`/a/${accountKey}/imports`} className="font-medium text-blue-700 hover:underline">
                  Imports page
                </Link>
                , or create one here and add its stops on the route&apos;s page.
              </>
            ) : (
              "Routes appear here once an administrator, fleet manager or office staff imports or adds them."
            )}
          </EmptyState>
        }
      >
        <DataTable caption="Routes" columns={COLUMNS}>
          {rows.map((route) => (
            <tr key={route.id}>
              <td className="px-4 py-3">
                <Link href={`/a/${accountKey}/routes/${route.id}`} className="font-medium text-blue-700 hover:underline">
                  Route {route.route_number}
                </Link>
                {route.name ? <span className="block text-xs text-slate-500">{route.name}</span> : null}
                <span className="block text-xs text-slate-500 lg:hidden">
                  {[route.days_text, timesText(route.start_time, route.end_time)].filter(Boolean).join(" · ")}
                </span>
              </td>
              <td className="hidden px-4 py-3 text-slate-700 sm:table-cell">
                {route.vehicle ? (
                  <Link href={`/a/${accountKey}/assets/${route.vehicle.id}`} className="text-blue-700 hover:underline">
                    {route.vehicle.name}
                  </Link>
                ) : (
                  <Badge tone="amber">No vehicle</Badge>
                )}
              </td>
              <td className="hidden px-4 py-3 text-slate-700 md:table-cell">{route.driver?.name ?? "—"}</td>
              <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 lg:table-cell">{route.days_text || "—"}</td>
              <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 lg:table-cell">{timesText(route.start_time, route.end_time) ?? "—"}</td>
              <td className="px-4 py-3 text-right tabular-nums text-slate-700">{route.stop_count}</td>
              <td className="hidden px-4 py-3 text-right tabular-nums text-slate-700 sm:table-cell">{route.passenger_count}</td>
            </tr>
          ))}
        </DataTable>
      </ListCard>

      {creating ? (
        <RouteDialog
          accountKey={accountKey}
          timeZone={timeZone}
          route={null}
          onClose={() => setCreating(false)}
          onSaved={async (route) => {
            await queryClient.invalidateQueries({ queryKey: trpc.routes.pathKey() });
            router.push(`/a/${accountKey}/routes/${route.id}`);
          }}
        />
      ) : null}
    </>
  );
}
