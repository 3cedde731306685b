"use client";
// Fired alerts, newest first, paged, filterable by type, with the selected alert's position on the map (and the
// geofence it concerns). A live subscription says when a new alert fires; the list is then read again, so it is
// always the stored truth (the stream carries no replay, a reload never misses anything). The selected alert also
// shows who heard about it and its acknowledgement (alert-deliveries.tsx). An alert opened by id (?alert=, the link of
// its notification) that is not on the loaded pages is read on its own, so any alert of the account opens.
import { skipToken, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ALERT_TYPE_LABELS } from "@/server/modules/alerts/alert-labels";
import type { FiredAlertDto } from "@/server/modules/alerts/alerts.schema";
import { ALERT_TYPES, type AlertType } from "@/server/modules/stream/channel-messages";
import { DataTable, type Column } from "../../../_components/data-table";
import { FitBounds } from "../../../_components/map/fit-bounds";
import { FleetMap } from "../../../_components/map/fleet-map";
import { GeofenceLayer } from "../../../_components/map/geofence-layer";
import { shapeOf } from "../../../_components/map/geofence-shapes";
import { liveClient } from "../../../_components/map/live-client";
import { PointLayer } from "../../../_components/map/point-layer";
import { ListCard } from "../../../_components/list-card";
import { StreamBadge } from "../../../_components/stream-badge";
import { describeError, useTRPC } from "../../../_components/trpc";
import { Alert } from "../../../_components/ui/alert";
import { Badge } from "../../../_components/ui/badge";
import { Card } from "../../../_components/ui/card";
import { EmptyState } from "../../../_components/ui/empty-state";
import { useDates } from "../../../_components/ui/viewer-time-zone";
import { PageHeader } from "../../../_components/ui/page-header";
import { Spinner } from "../../../_components/ui/spinner";
import { useSubscriptionState, type StreamStateHandlers } from "../../../_components/use-subscription-state";
import type { MapStyle } from "@/server/modules/maps/map-style";
import { AlertDeliveriesCard } from "./alert-deliveries";

const PAGE_SIZE = 50;
const TONES: Partial<Record<AlertType, "red" | "amber" | "green" | "blue">> = {
  OVERSPEED: "red",
  LOW_VOLTAGE: "amber",
  DTC_DETECTED: "amber",
  DEVICE_ALARM: "red",
  TRACKER_OFFLINE: "red",
  TRACKER_ONLINE: "green",
  GEOFENCE_ENTER: "blue",
  GEOFENCE_EXIT: "blue",
};
const COLUMNS: Column[] = [{ label: "When" }, { label: "Asset" }, { label: "Alert" }];

export function AlertsClient({
  accountKey,
  mapStyle,
  canAcknowledge,
  initialAlertId,
}: {
  accountKey: string;
  mapStyle: MapStyle;
  canAcknowledge: boolean;
  /** the alert a notification linked to: selected, read by id when it is not among the loaded pages */
  initialAlertId: number | null;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [type, setType] = useState<AlertType | "">("");
  const [selectedId, setSelectedId] = useState<number | null>(initialAlertId);
  // a notification followed while this page is open navigates here with a new ?alert= and the same component
  useEffect(() => {
    if (initialAlertId !== null) setSelectedId(initialAlertId);
  }, [initialAlertId]);
  const details = useRef<HTMLDivElement>(null);
  // on a phone the details sit below the list and the map: bring them into view when an alert is opened
  const open = (id: number) => {
    setSelectedId(id);
    requestAnimationFrame(() => details.current?.scrollIntoView({ block: "nearest" }));
  };

  const fired = useInfiniteQuery(
    trpc.alerts.fired.infiniteQueryOptions(
      { accountKey, limit: PAGE_SIZE, ...(type ? { type } : {}) },
      { getNextPageParam: (page) => page.next_cursor },
    ),
  );
  const geofences = useQuery(trpc.geofences.list.queryOptions({ accountKey, limit: 500 }));

  // a new alert fired: read the list again (and once more after a reconnection, which may have missed some)
  const subscribe = useCallback(
    (handlers: StreamStateHandlers) =>
      liveClient().alerts.live.subscribe(
        { accountKey },
        {
          ...handlers,
          onStarted: () => {
            handlers.onStarted();
            void queryClient.invalidateQueries({ queryKey: trpc.alerts.fired.pathKey() });
          },
          onData: () => void queryClient.invalidateQueries({ queryKey: trpc.alerts.fired.pathKey() }),
        },
      ),
    [accountKey, queryClient, trpc],
  );
  const live = useSubscriptionState(subscribe);

  const rows = useMemo(() => fired.data?.pages.flatMap((page) => page.data) ?? [], [fired.data]);
  const listed = rows.find((alert) => alert.id === selectedId);
  // the selected alert is not on the loaded pages (older, or filtered out): read it by id, once the list is known
  const readById = selectedId !== null && !listed && !fired.isPending;
  const byId = useQuery(trpc.alerts.get.queryOptions(readById ? { accountKey, alertId: selectedId } : skipToken));
  const selected = listed ?? (readById ? (byId.data ?? null) : (rows.find((alert) => alert.position) ?? null));
  const geofenceId = selected && (selected.type === "GEOFENCE_ENTER" || selected.type === "GEOFENCE_EXIT") ? Number(selected.details.geofence_id) : null;
  const geofence = geofences.data?.data.find((g) => g.id === geofenceId) ?? null;
  const point = selected?.position ? { latitude: selected.position.latitude, longitude: selected.position.longitude, course: selected.position.course } : null;

  return (
    <>
      <PageHeader
        title="Alerts"
        description="Alerts fired by the account's rules, newest first. Select one to see where it happened and who was notified."
        actions={
          <>
            <Link href={`/a/${accountKey}/alerts/rules`} className="self-center text-sm text-blue-700 hover:underline">
              Alert rules
            </Link>
            <Link href={`/a/${accountKey}/geofences`} className="self-center text-sm text-blue-700 hover:underline">
              Geofences
            </Link>
          </>
        }
      />
      {/* grid-cols-1 (minmax(0, 1fr)), not the implicit auto column: the table's width would widen a phone's page */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <ListCard
          className="lg:col-span-3"
          title="Fired alerts"
          actions={
            <div className="flex items-center gap-3">
              <StreamBadge state={live} variant="text" />
              <label className="flex items-center gap-2 text-sm">
                <span className="text-slate-600">Type</span>
                <select
                  value={type}
                  onChange={(event) => setType(event.target.value as AlertType | "")}
                  className="rounded-md border-0 px-2 py-1.5 text-sm ring-1 ring-inset ring-slate-300"
                >
                  <option value="">All</option>
                  {ALERT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {ALERT_TYPE_LABELS[t]}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          }
          query={fired}
          what="alerts"
          isEmpty={rows.length === 0}
          empty={
            <EmptyState title="No alerts">
              Alerts appear here as soon as a rule fires. <Link href={`/a/${accountKey}/alerts/rules`} className="text-blue-700 underline">Set up rules</Link>.
            </EmptyState>
          }
        >
          <DataTable caption="Fired alerts" columns={COLUMNS}>
            {rows.map((alert) => (
              <AlertRow key={alert.id} alert={alert} accountKey={accountKey} selected={alert.id === selected?.id} onSelect={() => open(alert.id)} />
            ))}
          </DataTable>
        </ListCard>
        <div className="space-y-4 lg:col-span-2">
          <FleetMap mapStyle={mapStyle} label="Where the alert fired" className="h-80 rounded-lg ring-1 ring-slate-200 lg:h-[28rem]">
            {geofence ? <GeofenceLayer areas={[{ id: geofence.id, shape: shapeOf(geofence) }]} selectedId={geofence.id} /> : null}
            <PointLayer id="alert-position" point={point} color="#dc2626" />
            <FitBounds fitKey={point ? `alert-${selected!.id}` : null} points={point ? [[point.longitude, point.latitude]] : []} maxZoom={15} />
          </FleetMap>
          {readById && byId.isPending ? <Spinner label="Loading the alert…" /> : null}
          {readById && byId.isError ? <AlertNotRead alertId={selectedId} error={byId.error} /> : null}
          {selected ? (
            <div ref={details} className="space-y-4" data-testid="selected-alert">
              <AlertDetails alert={selected} />
              <AlertDeliveriesCard key={selected.id} accountKey={accountKey} alertId={selected.id} canAcknowledge={canAcknowledge} />
            </div>
          ) : null}
        </div>
      </div>
    </>
  );
}

function AlertRow({ alert, accountKey, selected, onSelect }: { alert: FiredAlertDto; accountKey: string; selected: boolean; onSelect: () => void }) {
  const dates = useDates();
  return (
    <tr
      data-testid="alert-row"
      aria-selected={selected}
      onClick={onSelect}
      className={`cursor-pointer ${selected ? "bg-blue-50" : "hover:bg-slate-50"}`}
    >
      <td className="whitespace-nowrap px-4 py-3 text-slate-700">{dates.dateTime(alert.fired_at)}</td>
      <td className="px-4 py-3">
        <Link href={`/a/${accountKey}/assets/${alert.asset.id}`} className="text-blue-700 hover:underline" onClick={(e) => e.stopPropagation()}>
          {alert.asset.name}
        </Link>
      </td>
      <td className="px-4 py-3">
        <button type="button" className="text-left" onClick={onSelect}>
          <Badge tone={TONES[alert.type] ?? "slate"}>{ALERT_TYPE_LABELS[alert.type]}</Badge>
          <span className="mt-1 block text-slate-900">{alert.message}</span>
          <span className="block text-xs text-slate-500">Rule: {alert.rule.name}</span>
        </button>
      </td>
    </tr>
  );
}

/** the alert opened by id could not be read: deleted (or never of this account), or the server did not answer */
function AlertNotRead({ alertId, error }: { alertId: number; error: unknown }) {
  const { message, appCode } = describeError(error);
  return appCode === "ALERT_NOT_FOUND" ? (
    <Alert tone="warning">
      <span data-testid="alert-gone">
        This alert no longer exists: alert {alertId} was deleted, or it is not one of this account&apos;s. The list shows the alerts there are.
      </span>
    </Alert>
  ) : (
    <Alert>{`Could not load alert ${alertId}: ${message}`}</Alert>
  );
}

function AlertDetails({ alert }: { alert: FiredAlertDto }) {
  const dates = useDates();
  const position = alert.position;
  const address = position?.address ? [position.address.street, position.address.town, position.address.country].filter(Boolean).join(", ") : "";
  return (
    <Card title={ALERT_TYPE_LABELS[alert.type]}>
      <dl className="grid grid-cols-3 gap-x-3 gap-y-2 text-sm" data-testid="alert-details">
        <dt className="text-slate-500">Asset</dt>
        <dd className="col-span-2 text-slate-900">{alert.asset.name}</dd>
        <dt className="text-slate-500">What</dt>
        <dd className="col-span-2 text-slate-900">{alert.message}</dd>
        <dt className="text-slate-500">When</dt>
        <dd className="col-span-2 text-slate-900">{dates.dateTime(alert.fired_at)}</dd>
        <dt className="text-slate-500">Where</dt>
        <dd className="col-span-2 text-slate-900" data-testid="alert-position">
          {position ? `${position.latitude.toFixed(5)}, ${position.longitude.toFixed(5)}${address ? ` (${address})` : ""}` : "No position"}
        </dd>
        {position ? (
          <>
            <dt className="text-slate-500">Speed</dt>
            <dd className="col-span-2 text-slate-900">{position.speed} km/h</dd>
          </>
        ) : null}
      </dl>
    </Card>
  );
}
