"use client";
// The live map of an account: vehicles coloured by status with their heading, a filterable list beside the map, and
// a panel for the selected vehicle. The full page filters by group (with its subgroups) and by tag: the map and the
// list then hold only those vehicles (the server sends no others). `compact` is the overview's version: the map
// alone, with a link to the full page.
import Link from "next/link";
import { useId, useMemo, useState } from "react";
import { FitBounds } from "./fit-bounds";
import { FleetMap } from "./fleet-map";
import { StreamBadge } from "../stream-badge";
import { groupPaths } from "../fleet/group-tree";
import { formatOnOff } from "../fleet/telemetry-format";
import { useAssetGroups, useTags } from "../fleet/use-fleet-labels";
import { useLiveFleet } from "./use-live-fleet";
import { useDates } from "../ui/viewer-time-zone";
import { useNow } from "./use-now";
import { VehicleLayer, type VehicleFeature } from "./vehicle-layer";
import { formatAddress, formatCoordinates, statusNow, STATUS_LABELS, type VehicleView } from "./vehicle-view";
import type { MapStyle } from "@/server/modules/maps/map-style";

type StatusFilter = "all" | "moving" | "idle" | "parked" | "offline" | "none";

export function LiveMap({ accountKey, mapStyle, compact = false }: { accountKey: string; mapStyle: MapStyle; compact?: boolean }) {
  const [groupId, setGroupId] = useState<number | undefined>(undefined);
  const [tagId, setTagId] = useState<number | undefined>(undefined);
  const { vehicles, loaded, error, stream } = useLiveFleet(accountKey, { groupId, tagId });
  const { groups } = useAssetGroups(accountKey, !compact);
  const { tags } = useTags(accountKey, !compact);
  const groupChoices = useMemo(() => groupPaths(groups), [groups]);
  const now = useNow();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [query, setQuery] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const searchId = useId();
  const statusId = useId();

  const list = useMemo(() => [...vehicles.values()].sort((a, b) => a.name.localeCompare(b.name)), [vehicles]);
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    return list.filter((v) => {
      if (status !== "all" && statusNow(v.position, now).name !== status) return false;
      if (!q) return true;
      return [v.name, v.plate, v.imei].some((field) => field?.toLowerCase().includes(q));
    });
  }, [list, query, status, now]);

  const features = useMemo<VehicleFeature[]>(
    () =>
      filtered.flatMap((v) => {
        if (!v.position) return [];
        const s = statusNow(v.position, now);
        return [
          {
            id: v.id,
            name: v.name,
            latitude: v.position.latitude,
            longitude: v.position.longitude,
            course: v.position.course,
            color: s.color,
            showHeading: s.name === "moving" || s.name === "idle",
          },
        ];
      }),
    [filtered, now],
  );
  const located = useMemo<Array<[number, number]>>(
    () => list.flatMap((v) => (v.position ? [[v.position.longitude, v.position.latitude] as [number, number]] : [])),
    [list],
  );
  const selected = selectedId !== null ? (vehicles.get(selectedId) ?? null) : null;
  const base = `/a/${accountKey}`;

  const map = (
    <FleetMap mapStyle={mapStyle} label="Live map of the vehicles" className={compact ? "h-72 rounded-lg sm:h-96" : "h-[55vh] rounded-lg md:h-full"}>
      <VehicleLayer vehicles={features} selectedId={selectedId} onSelect={setSelectedId} />
      {/* fit once per filter, when its first snapshot with positions is in */}
      <FitBounds fitKey={loaded && located.length > 0 ? `${groupId ?? "all"}/${tagId ?? "all"}` : null} points={located} maxZoom={14} />
    </FleetMap>
  );

  if (compact) {
    return (
      <div className="relative">
        {map}
        <div className="pointer-events-none absolute inset-x-2 top-2 flex items-start justify-between gap-2">
          <StreamBadge state={stream} />
        </div>
        {selected ? <VehiclePanel vehicle={selected} now={now} base={base} onClose={() => setSelectedId(null)} /> : null}
        {loaded && list.length === 0 ? (
          <p className="absolute inset-x-4 bottom-4 rounded-md bg-white/95 p-3 text-sm text-slate-700 shadow">
            No vehicles yet: add an asset with its tracker IMEI and it appears here once the tracker reports.
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4 md:h-[calc(100vh-10rem)] md:flex-row">
      <div className="relative order-1 min-h-0 flex-1 md:order-2">
        {map}
        <div className="pointer-events-none absolute left-2 top-2">
          <StreamBadge state={stream} />
        </div>
        {selected ? <VehiclePanel vehicle={selected} now={now} base={base} onClose={() => setSelectedId(null)} /> : null}
      </div>
      <section aria-label="Vehicles" className="order-2 flex min-h-0 flex-col rounded-lg bg-white shadow-sm ring-1 ring-slate-200 md:order-1 md:w-80">
        <div className="flex gap-2 border-b border-slate-200 p-3">
          <div className="min-w-0 flex-1">
            <label htmlFor={searchId} className="sr-only">
              Search vehicles
            </label>
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Name, plate or IMEI"
              className="block w-full rounded-md border-0 px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-blue-600"
            />
          </div>
          <label htmlFor={statusId} className="sr-only">
            Status
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => setStatus(event.target.value as StatusFilter)}
            className="rounded-md border-0 px-2 py-2 text-sm ring-1 ring-inset ring-slate-300"
          >
            <option value="all">All</option>
            {(Object.keys(STATUS_LABELS) as Array<keyof typeof STATUS_LABELS>).map((name) => (
              <option key={name} value={name}>
                {STATUS_LABELS[name]}
              </option>
            ))}
            <option value="none">No position</option>
          </select>
        </div>
        <div className="flex gap-2 border-b border-slate-200 px-3 pb-3 pt-0">
          <IdSelect label="Group" anyLabel="All groups" value={groupId} options={groupChoices.map((g) => ({ id: g.id, label: g.path }))} onChange={setGroupId} />
          <IdSelect label="Tag" anyLabel="All tags" value={tagId} options={tags.map((t) => ({ id: t.id, label: t.name }))} onChange={setTagId} />
        </div>
        {error ? <p className="p-3 text-sm text-red-700">{error}</p> : null}
        {!loaded ? (
          <p className="p-3 text-sm text-slate-500">Loading vehicles…</p>
        ) : list.length === 0 && (groupId !== undefined || tagId !== undefined) ? (
          <p className="p-3 text-sm text-slate-500">No vehicle in this group or with this tag.</p>
        ) : list.length === 0 ? (
          <div className="p-4 text-sm text-slate-600">
            <p className="font-medium text-slate-900">No vehicles yet</p>
            <p className="mt-1">
              Add an asset with its tracker IMEI on the <Link href={`${base}/assets`} className="text-blue-700 underline">assets page</Link>; it
              appears here as soon as the tracker reports.
            </p>
          </div>
        ) : filtered.length === 0 ? (
          <p className="p-3 text-sm text-slate-500">No vehicle matches the filter.</p>
        ) : (
          <ul className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto md:max-h-none" style={{ maxHeight: "50vh" }}>
            {filtered.map((vehicle) => (
              <VehicleRow
                key={vehicle.id}
                vehicle={vehicle}
                now={now}
                selected={vehicle.id === selectedId}
                onSelect={() => setSelectedId(vehicle.id)}
              />
            ))}
          </ul>
        )}
        <p className="border-t border-slate-200 px-3 py-2 text-xs text-slate-500">
          {filtered.length} of {list.length} vehicles
        </p>
      </section>
    </div>
  );
}

/** a choice of one group or tag by id, "All …" being none; labelled for screen readers */
function IdSelect({
  label,
  anyLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  anyLabel: string;
  value: number | undefined;
  options: Array<{ id: number; label: string }>;
  onChange: (id: number | undefined) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
        className="min-w-0 flex-1 rounded-md border-0 px-2 py-2 text-sm ring-1 ring-inset ring-slate-300"
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}

function VehicleRow({ vehicle, now, selected, onSelect }: { vehicle: VehicleView; now: number; selected: boolean; onSelect: () => void }) {
  const dates = useDates();
  const s = statusNow(vehicle.position, now);
  return (
    <li data-testid="vehicle-row" data-asset-id={vehicle.id}>
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        className={`flex w-full items-start gap-3 px-3 py-2 text-left text-sm hover:bg-slate-50 ${selected ? "bg-blue-50" : ""}`}
      >
        <span aria-hidden className="mt-1 h-3 w-3 shrink-0 rounded-full" style={{ background: s.color }} />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-slate-900">{vehicle.name}</span>
          <span className="block truncate text-xs text-slate-500">
            {[vehicle.plate, s.label, vehicle.position ? `${vehicle.position.speed} km/h` : null].filter(Boolean).join(" · ")}
          </span>
        </span>
        <span className="shrink-0 text-xs text-slate-500">{vehicle.position ? dates.ago(vehicle.position.dateUpdated, now) : "—"}</span>
      </button>
    </li>
  );
}

function VehiclePanel({ vehicle, now, base, onClose }: { vehicle: VehicleView; now: number; base: string; onClose: () => void }) {
  const dates = useDates();
  const p = vehicle.position;
  const s = statusNow(p, now);
  const address = p ? formatAddress(p.address) : null;
  return (
    <section
      aria-label={`Vehicle ${vehicle.name}`}
      data-testid="vehicle-panel"
      className="absolute inset-x-2 bottom-2 rounded-lg bg-white p-4 text-sm shadow-lg ring-1 ring-slate-200 sm:left-auto sm:right-2 sm:w-80"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900">{vehicle.name}</h2>
          {vehicle.plate ? <p className="text-slate-500">{vehicle.plate}</p> : null}
        </div>
        <button type="button" onClick={onClose} className="rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100" aria-label="Close">
          ✕
        </button>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2">
        <dt className="text-slate-500">Status</dt>
        <dd className="flex items-center gap-2 font-medium">
          <span aria-hidden className="h-2.5 w-2.5 rounded-full" style={{ background: s.color }} />
          {s.label}
        </dd>
        <dt className="text-slate-500">Speed</dt>
        <dd data-testid="vehicle-speed">{p ? `${p.speed} km/h` : "—"}</dd>
        <dt className="text-slate-500">Ignition</dt>
        <dd data-testid="vehicle-ignition">{formatOnOff(p?.ignition ?? null)}</dd>
        <dt className="text-slate-500">Last update</dt>
        <dd title={p ? dates.dateTime(p.dateUpdated) : undefined}>{p ? dates.ago(p.dateUpdated, now) : "—"}</dd>
        <dt className="text-slate-500">Position</dt>
        <dd data-testid="vehicle-position">{p ? formatCoordinates(p) : "—"}</dd>
        {address ? (
          <>
            <dt className="text-slate-500">Address</dt>
            <dd>{address}</dd>
          </>
        ) : null}
      </dl>
      <Link href={`${base}/assets/${vehicle.id}`} className="mt-3 inline-block font-medium text-blue-700 hover:underline">
        Asset page, history and trips →
      </Link>
    </section>
  );
}
