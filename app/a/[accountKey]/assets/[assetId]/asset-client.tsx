"use client";
// Asset page: what the tracker says now (status, readings with units), where the vehicle went in a chosen range
// (track line with play/pause and a slider moving a marker along the fixes), its trips (click: the trip's trail) and
// the tracking links that let passengers follow it, and its photos.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { AssetDto } from "@/server/modules/assets/assets.schema";
import type { LinkAccount } from "../../../../_components/links/link-account";
import { useNow } from "../../../../_components/map/use-now";
import { formatAddress, formatCoordinates, statusNow } from "../../../../_components/map/vehicle-view";
import { fromAssetDto } from "../../../../_components/map/vehicle-view";
import { describeError, useTRPC } from "../../../../_components/trpc";
import { Badge } from "../../../../_components/ui/badge";
import { Card } from "../../../../_components/ui/card";
import { useDates } from "../../../../_components/ui/viewer-time-zone";
import type { MapStyle } from "@/server/modules/maps/map-style";
import { ControlPanel } from "./control-panel";
import { RANGES, rangeFor, type RangeValue } from "./history-range";
import { Playback } from "./playback";
import { Readings } from "./readings";
import { TripsTable } from "./trips-table";
import { AuthorisedDriversPanel } from "./authorised-drivers-panel";
import { TrackingLinksPanel } from "./tracking-links-panel";
import { PhotoGallery } from "./photo-gallery";

export function AssetClient({
  accountKey,
  asset,
  mapStyle,
  links,
  control,
  canEditPhotos,
}: {
  accountKey: string;
  asset: AssetDto;
  mapStyle: MapStyle;
  links: LinkAccount;
  /** what the signed-in role may do with vehicle control */
  control: { canControl: boolean; canProvision: boolean };
  /** upload and delete photos (assets.write) */
  canEditPhotos: boolean;
}) {
  const trpc = useTRPC();
  const now = useNow();
  const dates = useDates();
  const [rangeValue, setRangeValue] = useState<RangeValue>("24h");
  // the range is fixed when chosen, so playback does not shift under the user
  const [range, setRange] = useState(() => rangeFor("24h"));
  const [tripId, setTripId] = useState<number | null>(null);

  const history = useQuery(trpc.positions.history.queryOptions({ accountKey, assetId: asset.id, from: range.from, to: range.to }));
  const trips = useQuery(trpc.positions.trips.queryOptions({ accountKey, assetId: asset.id, from: range.from, to: range.to }));
  const readings = useQuery(trpc.positions.readings.queryOptions({ accountKey, assetId: asset.id }, { refetchInterval: 30_000 }));

  const vehicle = fromAssetDto(asset);
  const status = statusNow(vehicle.position, now);
  const address = vehicle.position ? formatAddress(vehicle.position.address) : null;
  const selectedTrip = trips.data?.find((trip) => trip.id === tripId) ?? null;

  return (
    <>
      <nav className="mb-2 text-sm">
        <Link href={`/a/${accountKey}/assets`} className="text-blue-700 hover:underline">
          ← Assets
        </Link>
        <span className="mx-2 text-slate-400">·</span>
        <Link href={`/a/${accountKey}/map`} className="text-blue-700 hover:underline">
          Live map
        </Link>
        <span className="mx-2 text-slate-400">·</span>
        <Link href={`/a/${accountKey}/reports?asset=${asset.id}`} className="text-blue-700 hover:underline">
          Reports
        </Link>
        <span className="mx-2 text-slate-400">·</span>
        <Link href={`/a/${accountKey}/assets/${asset.id}/fuel`} className="text-blue-700 hover:underline">
          Fuel &amp; odometer
        </Link>
      </nav>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold tracking-tight text-slate-900">{asset.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            {asset.plate ? <span>{asset.plate}</span> : null}
            {[asset.brand, asset.model].filter(Boolean).length ? <span>{[asset.brand, asset.model].filter(Boolean).join(" ")}</span> : null}
            <span>
              Tracker:{" "}
              {asset.tracker ? (
                <span className="font-mono">
                  {asset.tracker.imei} ({asset.tracker.protocol}
                  {asset.tracker.can_adapter ? `, ${asset.tracker.can_adapter}` : ""})
                  {asset.tracker.weak_device_id ? (
                    <>
                      {" "}
                      <Badge tone="red">Weak device id</Badge>
                    </>
                  ) : null}
                </span>
              ) : (
                "none"
              )}
            </span>
          </p>
        </div>
        <div className="text-right text-sm">
          <p className="inline-flex items-center gap-2 font-medium">
            <span aria-hidden className="h-3 w-3 rounded-full" style={{ background: status.color }} />
            {status.label}
            {vehicle.position ? <span className="font-normal text-slate-600">· {vehicle.position.speed} km/h</span> : null}
          </p>
          {vehicle.position ? (
            <p className="text-slate-500">
              {dates.ago(vehicle.position.dateUpdated, now)} · {address ?? formatCoordinates(vehicle.position)}
            </p>
          ) : null}
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card
            title="History"
            actions={
              <label className="flex items-center gap-2 text-sm">
                <span className="text-slate-600">Range</span>
                <select
                  value={rangeValue}
                  onChange={(event) => {
                    const value = event.target.value as RangeValue;
                    setRangeValue(value);
                    setRange(rangeFor(value));
                    setTripId(null);
                  }}
                  className="rounded-md border-0 px-2 py-1.5 text-sm ring-1 ring-inset ring-slate-300"
                >
                  {RANGES.map((r) => (
                    <option key={r.value} value={r.value}>
                      {r.label}
                    </option>
                  ))}
                </select>
              </label>
            }
          >
            <Playback
              mapStyle={mapStyle}
              loading={history.isPending}
              error={history.error ? describeError(history.error).message : null}
              points={history.data?.points ?? []}
              truncated={history.data?.truncated ?? false}
              trip={selectedTrip}
              onClearTrip={() => setTripId(null)}
              fallbackCenter={vehicle.position ? [vehicle.position.longitude, vehicle.position.latitude] : undefined}
            />
          </Card>

          <Card title="Trips">
            <TripsTable
              loading={trips.isPending}
              error={trips.error ? describeError(trips.error).message : null}
              trips={trips.data ?? []}
              selectedId={tripId}
              onSelect={(id) => setTripId((current) => (current === id ? null : id))}
            />
          </Card>
        </div>

        <Card title="Latest readings">
          <Readings
            loading={readings.isPending}
            error={readings.error ? describeError(readings.error).message : null}
            dateUpdated={readings.data?.dateUpdated ?? null}
            readings={readings.data?.readings ?? []}
            now={now}
          />
        </Card>
      </div>

      {asset.tracker ? (
        <div className="mt-6">
          <ControlPanel accountKey={accountKey} assetId={asset.id} canControl={control.canControl} canProvision={control.canProvision} />
        </div>
      ) : null}

      <div className="mt-6">
        <PhotoGallery accountKey={accountKey} assetId={asset.id} canEdit={canEditPhotos} />
      </div>

      <div className="mt-6">
        <TrackingLinksPanel account={links} vehicle={{ id: asset.id, name: asset.name }} />
      </div>

      <div className="mt-6">
        <AuthorisedDriversPanel accountKey={accountKey} assetId={asset.id} canEdit={control.canControl} />
      </div>
    </>
  );
}
