"use client";
// Route page: the route's details (edit in a dialog, delete after confirming what goes with it), then its stops,
// runs and passengers, each in its own card. The route is read again after every change below it, so counts and
// stop lists stay right everywhere on the page.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { RouteDetailDto } from "@/server/modules/routes/routes.schema";
import { RouteDialog } from "../../../../_components/transport/route-dialog";
import { plural, timesText } from "../../../../_components/transport/transport-labels";
import { describeError, useTRPC } from "../../../../_components/trpc";
import { SuccessNotice } from "../../../../_components/success-notice";
import { Badge } from "../../../../_components/ui/badge";
import { Button } from "../../../../_components/ui/button";
import { Card } from "../../../../_components/ui/card";
import { ConfirmDialog } from "../../../../_components/ui/confirm-dialog";
import { PageHeader } from "../../../../_components/ui/page-header";
import { PassengersCard } from "./passengers-card";
import { RunsCard } from "./runs-card";
import { StopsCard } from "./stops-card";

export interface RouteSection {
  accountKey: string;
  timeZone: string;
  route: RouteDetailDto;
  /** reads the route (and every list of routes) again */
  refresh: () => Promise<unknown>;
}

export function RouteClient({
  accountKey,
  timeZone,
  initialRoute,
  canWrite,
  canManagePassengers,
}: {
  accountKey: string;
  timeZone: string;
  initialRoute: RouteDetailDto;
  canWrite: boolean;
  canManagePassengers: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useQuery(trpc.routes.get.queryOptions({ accountKey, routeId: initialRoute.id }, { initialData: initialRoute }));
  const route = query.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.routes.pathKey() });
  const remove = useMutation(
    trpc.routes.delete.mutationOptions({
      onSuccess: async () => {
        await refresh();
        router.push(`/a/${accountKey}/routes`);
      },
    }),
  );
  const section: RouteSection = { accountKey, timeZone, route, refresh };

  return (
    <>
      <p className="mb-2 text-sm">
        <Link href={`/a/${accountKey}/routes`} className="text-blue-700 hover:underline">
          ← Routes
        </Link>
      </p>
      <PageHeader
        title={`Route ${route.route_number}`}
        description={route.name ?? undefined}
        actions={
          canWrite ? (
            <>
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Edit details
              </Button>
              <Button
                variant="danger-ghost"
                onClick={() => {
                  remove.reset();
                  setDeleting(true);
                }}
              >
                Delete route
              </Button>
            </>
          ) : null
        }
      />
      <SuccessNotice message={notice} />
      <div className="space-y-6">
        <Card title="Details">
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
            <Detail label="Vehicle">
              {route.vehicle ? (
                <Link href={`/a/${accountKey}/assets/${route.vehicle.id}`} className="text-blue-700 hover:underline">
                  {route.vehicle.name}
                  {route.vehicle.plate ? ` (${route.vehicle.plate})` : ""}
                </Link>
              ) : (
                <Badge tone="amber">No vehicle</Badge>
              )}
            </Detail>
            <Detail label="Driver">{route.driver?.name ?? "No driver"}</Detail>
            <Detail label="Days">{route.days_text || "Not set"}</Detail>
            <Detail label={`Times (${timeZone})`}>{timesText(route.start_time, route.end_time) ?? "Not set"}</Detail>
            <Detail label="Effective from">{route.effective_from ?? "Already in effect"}</Detail>
          </dl>
        </Card>
        <StopsCard {...section} canWrite={canWrite} />
        <RunsCard {...section} canWrite={canWrite} />
        <PassengersCard {...section} canManage={canManagePassengers} />
      </div>

      {editing ? (
        <RouteDialog
          accountKey={accountKey}
          timeZone={timeZone}
          route={route}
          onClose={() => setEditing(false)}
          onSaved={async (saved) => {
            setEditing(false);
            setNotice(`Saved route ${saved.route_number}.`);
            await refresh();
          }}
        />
      ) : null}

      <ConfirmDialog
        open={deleting}
        title="Delete route?"
        confirmLabel="Delete route"
        busy={remove.isPending}
        error={remove.error ? describeError(remove.error).message : null}
        onClose={() => setDeleting(false)}
        onConfirm={() => remove.mutate({ accountKey, routeId: route.id })}
      >
        <p>
          <strong>Route {route.route_number}</strong> is deleted with its {plural(route.stop_count, "stop")}, {plural(route.run_count, "run")},{" "}
          {plural(route.passenger_count, "passenger")}
          {route.link_count > 0 ? ` and ${plural(route.link_count, "tracking link")} (their viewers are disconnected)` : ""}. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}
