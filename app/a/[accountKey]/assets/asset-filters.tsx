"use client";
// The asset list's filters, as the server applies them (docs/fleet-records.md "Filtering the asset list"): a group
// (with its subgroups), a tag, the tracker protocol, the status now and text over name, plate, VIN and IMEI. The
// choices live in the address (?group=4&tag=2&protocol=gt06&status=moving&q=van), so a filtered list can be linked
// to (the Groups and Tags pages do) and survives a reload.
import { useEffect, useId, useState } from "react";
import type { AssetStatusFilter, TrackerProtocol } from "@/server/modules/assets/assets.schema";
import { INPUT } from "../../../_components/ui/input-class";

export interface AssetListFilters {
  groupId?: number;
  tagId?: number;
  protocol?: TrackerProtocol;
  status?: AssetStatusFilter;
  q?: string;
}

const STATUS_OPTIONS: ReadonlyArray<{ value: AssetStatusFilter; label: string }> = [
  { value: "online", label: "Online" },
  { value: "offline", label: "Offline" },
  { value: "moving", label: "Moving" },
  { value: "idle", label: "Idle" },
  { value: "parked", label: "Parked" },
];

const PROTOCOL_LABELS: ReadonlyArray<{ value: TrackerProtocol; label: string }> = [
  { value: "teltonika", label: "Teltonika" },
  { value: "gt06", label: "GT06 / Concox" },
  { value: "osmand", label: "Phone (OsmAnd)" },
];

const positive = (text: string | null) => (text && /^\d{1,10}$/.test(text) && Number(text) > 0 ? Number(text) : undefined);

/** the filters named in the address; unknown values are left out */
export function filtersFromSearch(params: URLSearchParams): AssetListFilters {
  const protocol = PROTOCOL_LABELS.find((option) => option.value === params.get("protocol"))?.value;
  const status = STATUS_OPTIONS.find((option) => option.value === params.get("status"))?.value;
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  return { groupId: positive(params.get("group")), tagId: positive(params.get("tag")), protocol, status, q };
}

export function filtersToSearch(filters: AssetListFilters): string {
  const params = new URLSearchParams();
  if (filters.groupId) params.set("group", String(filters.groupId));
  if (filters.tagId) params.set("tag", String(filters.tagId));
  if (filters.protocol) params.set("protocol", filters.protocol);
  if (filters.status) params.set("status", filters.status);
  if (filters.q) params.set("q", filters.q);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function AssetFilterBar({
  filters,
  groups,
  tags,
  onChange,
}: {
  filters: AssetListFilters;
  groups: ReadonlyArray<{ id: number; path: string }>;
  tags: ReadonlyArray<{ id: number; name: string }>;
  onChange: (filters: AssetListFilters) => void;
}) {
  const id = useId();
  const [text, setText] = useState(filters.q ?? "");
  // the search is sent once typing pauses, not on every key
  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q }), 300);
    return () => clearTimeout(timer);
  }, [text, filters, onChange]);

  const select = (name: string, label: string, value: string, options: ReadonlyArray<{ value: string; label: string }>, set: (value: string) => void) => (
    <div className="min-w-0">
      <label htmlFor={`${id}-${name}`} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <select id={`${id}-${name}`} value={value} onChange={(event) => set(event.target.value)} className={`${INPUT} bg-white`}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
  const any = (label: string) => ({ value: "", label });
  const active = Boolean(filters.groupId || filters.tagId || filters.protocol || filters.status || filters.q);

  return (
    <div role="search" aria-label="Filter assets" className="mb-4 grid grid-cols-2 gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 md:grid-cols-6">
      <div className="col-span-2 min-w-0">
        <label htmlFor={`${id}-q`} className="mb-1 block text-xs font-medium text-slate-600">
          Search
        </label>
        <input id={`${id}-q`} type="search" value={text} maxLength={100} onChange={(event) => setText(event.target.value)} placeholder="Name, plate, VIN or IMEI" className={INPUT} />
      </div>
      {select("group", "Group", String(filters.groupId ?? ""), [any("All groups"), ...groups.map((g) => ({ value: String(g.id), label: g.path }))], (value) =>
        onChange({ ...filters, groupId: value ? Number(value) : undefined }),
      )}
      {select("tag", "Tag", String(filters.tagId ?? ""), [any("All tags"), ...tags.map((t) => ({ value: String(t.id), label: t.name }))], (value) =>
        onChange({ ...filters, tagId: value ? Number(value) : undefined }),
      )}
      {select("protocol", "Protocol", filters.protocol ?? "", [any("Any protocol"), ...PROTOCOL_LABELS], (value) =>
        onChange({ ...filters, protocol: (value || undefined) as TrackerProtocol | undefined }),
      )}
      {select("status", "Status", filters.status ?? "", [any("Any status"), ...STATUS_OPTIONS], (value) =>
        onChange({ ...filters, status: (value || undefined) as AssetStatusFilter | undefined }),
      )}
      {active ? (
        <div className="col-span-2 md:col-span-6">
          <button
            type="button"
            onClick={() => {
              setText("");
              onChange({});
            }}
            className="text-sm font-medium text-blue-700 hover:underline"
          >
            Clear filters
          </button>
        </div>
      ) : null}
    </div>
  );
}
