"use client";
// Asset page: what the tracker says now (status, readings with units), where the vehicle went in a chosen range
// (track line with play/pause and a slider moving a marker along the fixes), its trips (click: the trip's trail) and
// the tracking links that let passengers follow it.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import type { AssetDto } from "@/server/modules/assets/assets.schema";
import type { TripDto } from "@/server/modules/positions/positions.schema";
import type { Reading } from "@/server/trpc/routers/positions";
import type { LinkAccount } from "../../../../_components/links/link-account";
import { FitBounds } from "../../../../_components/map/fit-bounds";
import { FleetMap } from "../../../../_components/map/fleet-map";
import { PointLayer } from "../../../../_components/map/point-layer";
import { TrackLayer } from "../../../../_components/map/track-layer";
import { useNow } from "../../../../_components/map/use-now";
import { formatAddress, formatAgo, formatCoordinates, statusNow } from "../../../../_components/map/vehicle-view";
import { fromAssetDto } from "../../../../_components/map/vehicle-view";
import { describeError, useTRPC } from "../../../../_components/trpc";
import { Alert } from "../../../../_components/ui/alert";
import { Badge } from "../../../../_components/ui/badge";
import { Button } from "../../../../_components/ui/button";
import { Card } from "../../../../_components/ui/card";
import { EmptyState } from "../../../../_components/ui/empty-state";
import { Spinner } from "../../../../_components/ui/spinner";
import type { MapStyle } from "@/server/modules/maps/map-style";
import { ControlPanel } from "./control-panel";
import { AuthorisedDriversPanel } from "./authorised-drivers-panel";
import { TrackingLinksPanel } from "./tracking-links-panel";

const HOUR = 60 * 60_000;
const RANGES = [
  { value: "24h", label: "Last 24 hours", ms: 24 * HOUR },
  { value: "6h", label: "Last 6 hours", ms: 6 * HOUR },
  { value: "1h", label: "Last hour", ms: HOUR },
  { value: "7d", label: "Last 7 days", ms: 7 * 24 * HOUR },
] as const;
type RangeValue = (typeof RANGES)[number]["value"];

/** fixes per second of playback */
const PLAY_RATES = [2, 10, 50] as const;

export function AssetClient({
  accountKey,
  asset,
  mapStyle,
  links,
  control,
}: {
  accountKey: string;
  asset: AssetDto;
  mapStyle: MapStyle;
  links: LinkAccount;
  /** what the signed-in role may do with vehicle control */
  control: { canControl: boolean; canProvision: boolean };
}) {
  const trpc = useTRPC();
  const now = useNow();
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
              {formatAgo(vehicle.position.dateUpdated, now)} · {address ?? formatCoordinates(vehicle.position)}
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
        <TrackingLinksPanel account={links} vehicle={{ id: asset.id, name: asset.name }} />
      </div>

      <div className="mt-6">
        <AuthorisedDriversPanel accountKey={accountKey} assetId={asset.id} canEdit={control.canControl} />
      </div>
    </>
  );
}

function rangeFor(value: RangeValue): { from: string; to: string } {
  const to = Date.now();
  const ms = RANGES.find((r) => r.value === value)!.ms;
  return { from: new Date(to - ms).toISOString(), to: new Date(to).toISOString() };
}

interface TrackPointView {
  t: number;
  lat: number;
  lng: number;
  speed: number;
  course: number;
}

function Playback({
  mapStyle,
  loading,
  error,
  points,
  truncated,
  trip,
  onClearTrip,
  fallbackCenter,
}: {
  mapStyle: MapStyle;
  loading: boolean;
  error: string | null;
  points: TrackPointView[];
  truncated: boolean;
  trip: TripDto | null;
  onClearTrip: () => void;
  fallbackCenter?: [number, number];
}) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState<(typeof PLAY_RATES)[number]>(10);

  // a new track starts at its beginning, paused
  useEffect(() => {
    setIndex(0);
    setPlaying(false);
  }, [points]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      setIndex((i) => {
        if (i >= points.length - 1) {
          setPlaying(false);
          return i;
        }
        return i + 1;
      });
    }, 1000 / rate);
    return () => clearInterval(timer);
  }, [playing, rate, points.length]);

  const line = useMemo(() => points.map((p): [number, number] => [p.lng, p.lat]), [points]);
  const tripLine = useMemo(() => (trip ? trip.trail.map(([lng, lat]): [number, number] => [lng, lat]) : []), [trip]);
  const current = points[Math.min(index, points.length - 1)];
  const marker = useMemo(() => (current ? { latitude: current.lat, longitude: current.lng, course: current.course } : null), [current]);
  const fitPoints = tripLine.length ? tripLine : line;
  const fitKey = tripLine.length ? `trip-${trip!.id}` : line.length ? `track-${points[0]!.t}-${points.length}` : null;

  return (
    <div>
      <div className="relative">
        <FleetMap mapStyle={mapStyle} label="History map" className="h-80 rounded-md sm:h-[28rem]" center={fallbackCenter} zoom={fallbackCenter ? 13 : 10}>
          <TrackLayer id="history-track" coordinates={line} color="#2563eb" />
          <TrackLayer id="trip-trail" coordinates={tripLine} color="#ea580c" width={5} />
          <PointLayer id="playback" point={marker} />
          <FitBounds fitKey={fitKey} points={fitPoints} />
        </FleetMap>
        {loading ? (
          <div className="absolute left-2 top-2 rounded-md bg-white/95 px-2 py-1 shadow">
            <Spinner label="Loading history…" />
          </div>
        ) : null}
        {trip ? (
          <div className="absolute left-2 top-2 flex items-center gap-2 rounded-md bg-white/95 px-2 py-1 text-sm shadow">
            <span aria-hidden className="h-1 w-4 rounded bg-orange-600" />
            Trip of {new Date(trip.started_at).toLocaleString(undefined, { dateStyle: "short", timeStyle: "short" })}
            <button type="button" onClick={onClearTrip} className="text-blue-700 hover:underline">
              Show all
            </button>
          </div>
        ) : null}
      </div>
      {error ? (
        <div className="mt-3">
          <Alert>{error}</Alert>
        </div>
      ) : null}
      {!loading && !error && points.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No positions in this range. Choose a longer range, or check that the tracker reports.</p>
      ) : null}
      {truncated ? (
        <p className="mt-3 text-sm text-amber-800">Only the first {points.length.toLocaleString()} positions are shown: choose a shorter range.</p>
      ) : null}
      {points.length > 0 ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => (index >= points.length - 1 ? (setIndex(0), setPlaying(true)) : setPlaying((p) => !p))}>
            {playing ? "Pause" : "Play"}
          </Button>
          <label className="flex min-w-48 flex-1 items-center gap-2 text-sm">
            <span className="sr-only">Playback position</span>
            <input
              type="range"
              min={0}
              max={Math.max(points.length - 1, 0)}
              value={Math.min(index, points.length - 1)}
              onChange={(event) => {
                setPlaying(false);
                setIndex(Number(event.target.value));
              }}
              className="w-full accent-blue-600"
            />
          </label>
          <label className="flex items-center gap-1 text-sm text-slate-600">
            <span>Speed</span>
            <select
              value={rate}
              onChange={(event) => setRate(Number(event.target.value) as (typeof PLAY_RATES)[number])}
              className="rounded-md border-0 px-2 py-1 text-sm ring-1 ring-inset ring-slate-300"
            >
              {PLAY_RATES.map((r) => (
                <option key={r} value={r}>
                  {r} fixes/s
                </option>
              ))}
            </select>
          </label>
          {current ? (
            <p className="w-full text-sm text-slate-600" aria-live="off">
              {new Date(current.t).toLocaleString()} · {current.speed} km/h · fix {index + 1} of {points.length}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function TripsTable({
  loading,
  error,
  trips,
  selectedId,
  onSelect,
}: {
  loading: boolean;
  error: string | null;
  trips: TripDto[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  if (loading) return <Spinner label="Loading trips…" />;
  if (error) return <Alert>{error}</Alert>;
  if (trips.length === 0) {
    return <EmptyState title="No trips in this range">A trip starts when the ignition goes on and ends when it goes off.</EmptyState>;
  }
  return (
    <div className="-m-4 overflow-x-auto">
      <table className="min-w-full text-sm">
        <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
          <tr>
            <th className="px-4 py-2">Start</th>
            <th className="hidden px-4 py-2 sm:table-cell">End</th>
            <th className="px-4 py-2 text-right">Distance</th>
            <th className="hidden px-4 py-2 text-right sm:table-cell">Duration</th>
            <th className="hidden px-4 py-2 text-right md:table-cell">Max speed</th>
            <th className="px-4 py-2 text-right">Score</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {[...trips].reverse().map((trip) => (
            <tr
              key={trip.id}
              onClick={() => onSelect(trip.id)}
              className={`cursor-pointer hover:bg-slate-50 ${trip.id === selectedId ? "bg-orange-50" : ""}`}
            >
              <td className="whitespace-nowrap px-4 py-2">
                <button type="button" className="text-left font-medium text-blue-700 hover:underline" aria-pressed={trip.id === selectedId}>
                  {new Date(trip.started_at).toLocaleString(undefined, { dateStyle: "short", timeStyle: "short" })}
                </button>
              </td>
              <td className="hidden whitespace-nowrap px-4 py-2 text-slate-700 sm:table-cell">
                {trip.ended_at ? new Date(trip.ended_at).toLocaleTimeString(undefined, { timeStyle: "short" }) : <Badge tone="green">in progress</Badge>}
              </td>
              <td className="whitespace-nowrap px-4 py-2 text-right">{(trip.distance_m / 1000).toFixed(1)} km</td>
              <td className="hidden whitespace-nowrap px-4 py-2 text-right sm:table-cell">{formatDuration(trip.duration_s)}</td>
              <td className="hidden whitespace-nowrap px-4 py-2 text-right md:table-cell">{Math.round(trip.max_speed_kmh)} km/h</td>
              <td className="whitespace-nowrap px-4 py-2 text-right">
                <Badge tone={trip.score >= 80 ? "green" : trip.score >= 60 ? "amber" : "red"}>{trip.score}</Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  return h ? `${h} h ${m} min` : `${m} min`;
}

function Readings({
  loading,
  error,
  dateUpdated,
  readings,
  now,
}: {
  loading: boolean;
  error: string | null;
  dateUpdated: number | null;
  readings: Reading[];
  now: number;
}) {
  if (loading) return <Spinner label="Loading readings…" />;
  if (error) return <Alert>{error}</Alert>;
  if (!dateUpdated || readings.length === 0) {
    return <p className="text-sm text-slate-600">No readings yet: they appear with the tracker&apos;s first position.</p>;
  }
  const can = readings.filter((r) => r.group === "can");
  const other = readings.filter((r) => r.group !== "can");
  return (
    <div className="space-y-4 text-sm">
      <p className="text-slate-500">From the position of {formatAgo(dateUpdated, now)}.</p>
      {can.length ? <ReadingList title="CAN bus" readings={can} /> : null}
      {other.length ? <ReadingList title="Tracker" readings={other} /> : null}
    </div>
  );
}

function ReadingList({ title, readings }: { title: string; readings: Reading[] }) {
  return (
    <section>
      <h3 className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">{title}</h3>
      <dl className="divide-y divide-slate-100">
        {readings.map((r) => (
          <div key={r.name} className="flex justify-between gap-3 py-1.5">
            <dt className="truncate text-slate-600" title={r.name}>
              {humanize(r.name)}
            </dt>
            <dd className={`whitespace-nowrap text-right font-medium ${r.measured ? "text-slate-900" : "text-slate-400"}`}>
              {r.measured ? formatValue(r) : "not measured"}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** canEngineRpm -> "Engine rpm" (the can prefix is the section's title) */
function humanize(name: string): string {
  const bare = name.startsWith("can") && name.length > 3 && /[A-Z]/.test(name[3]!) ? name.slice(3) : name;
  const words = bare.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2");
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

function formatValue(r: Reading): string {
  if (typeof r.value === "boolean") return r.value ? "yes" : "no";
  if (typeof r.value === "number") {
    const n = Number.isInteger(r.value) ? r.value.toLocaleString() : r.value.toLocaleString(undefined, { maximumFractionDigits: 3 });
    return r.unit ? `${n} ${r.unit}` : n;
  }
  return r.unit ? `${r.value} ${r.unit}` : String(r.value);
}
