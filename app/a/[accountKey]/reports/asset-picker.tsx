"use client";
// Which assets a report covers: all of them (also those added later, for a schedule), or a chosen few from a list
// that filters by name or plate. Used by the report form and the schedule dialog.
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { MAX_PAGE_SIZE } from "@/server/modules/paging";
import { useTRPC } from "../../../_components/trpc";
import { INPUT } from "../../../_components/ui/input-class";

export type AssetSelection = number[] | "all";

export function AssetPicker({
  accountKey,
  value,
  onChange,
  error,
}: {
  accountKey: string;
  value: AssetSelection;
  onChange: (value: AssetSelection) => void;
  error?: string;
}) {
  const trpc = useTRPC();
  const assets = useQuery(trpc.assets.list.queryOptions({ accountKey, limit: MAX_PAGE_SIZE }));
  const [filter, setFilter] = useState("");
  const name = useId();
  const rows = (assets.data?.data ?? []).filter((asset) =>
    `${asset.name} ${asset.plate ?? ""}`.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  const chosen = value === "all" ? [] : value;
  const toggle = (id: number, on: boolean) => onChange(on ? [...chosen, id] : chosen.filter((other) => other !== id));

  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-medium text-slate-700">Assets</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="inline-flex items-center gap-2">
          <input type="radio" name={name} checked={value === "all"} onChange={() => onChange("all")} />
          All assets
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="radio" name={name} checked={value !== "all"} onChange={() => onChange(chosen)} />
          Chosen assets{value !== "all" ? ` (${chosen.length})` : ""}
        </label>
      </div>
      {value !== "all" ? (
        <div className="mt-2 rounded-md ring-1 ring-slate-200">
          <input
            type="search"
            aria-label="Filter assets"
            placeholder="Filter by name or plate"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            className={`${INPUT} rounded-b-none border-0`}
          />
          <ul className="max-h-48 overflow-y-auto border-t border-slate-200 p-2 text-sm" aria-label="Assets to include">
            {assets.isPending ? <li className="text-slate-500">Loading assets…</li> : null}
            {assets.data && rows.length === 0 ? <li className="text-slate-500">No assets match.</li> : null}
            {rows.map((asset) => (
              <li key={asset.id}>
                <label className="flex items-center gap-2 py-0.5">
                  <input type="checkbox" checked={chosen.includes(asset.id)} onChange={(event) => toggle(asset.id, event.target.checked)} />
                  <span className="truncate">
                    {asset.name}
                    {asset.plate ? <span className="text-slate-500"> · {asset.plate}</span> : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
