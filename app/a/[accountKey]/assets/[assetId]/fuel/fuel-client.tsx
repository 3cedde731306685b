"use client";
// Fuel & odometer of one asset: the summary (average L/100 km, cost per km, totals), the consumption chart (drawn
// like the reports' charts), the fuel entries with their figures and tracker flags, the odometer readings, and forms
// to log a fill-up (partial, reset usage, void) and a reading. Each entry can be edited (a dialog with the same form),
// voided or brought back, and deleted after a confirmation; every change refreshes the figures and the chart.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import type { FuelEntryDto } from "@/server/modules/fuel-entries/fuel-entries.schema";
import type { LineChart } from "@/server/modules/reports/render/report-charts";
import { DeleteDialog, useDeleteTarget } from "../../../../../_components/delete-dialog";
import { isoToLocalInput, localInputToIso } from "../../../../../_components/links/link-form-values";
import { describeError, useTRPC } from "../../../../../_components/trpc";
import { Badge } from "../../../../../_components/ui/badge";
import { Button } from "../../../../../_components/ui/button";
import { Card } from "../../../../../_components/ui/card";
import { Dialog } from "../../../../../_components/ui/dialog";
import { Field } from "../../../../../_components/ui/field";
import { PageHeader } from "../../../../../_components/ui/page-header";
import { useDates, useViewerTimeZone } from "../../../../../_components/ui/viewer-time-zone";
import { ReportChartView } from "../../../reports/report-charts";

const fmt = (value: number | null | undefined, digits = 1) => (value === null || value === undefined ? "—" : value.toLocaleString("en", { maximumFractionDigits: digits }));
/** a datetime-local input's value for a moment (now by default), in the viewer's zone, like every time shown */
const localInput = (timeZone: string, at = new Date()) => isoToLocalInput(at.toISOString(), timeZone);
/** what the input says, read in the viewer's zone */
const inputInstant = (value: string, timeZone: string) => localInputToIso(value, timeZone) ?? value;
const FLAG_LABEL: Record<string, string> = { odometer_mismatch: "Odometer differs from tracker", fill_not_seen: "Fuel sensor saw no fill" };

export function FuelClient({ accountKey, asset, canWrite }: { accountKey: string; asset: { id: number; name: string }; canWrite: boolean }) {
  const dates = useDates();
  const timeZone = useViewerTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const fuel = useQuery(trpc.fleetEntries.fuelList.queryOptions({ accountKey, assetId: asset.id, limit: 100 }));
  const summary = useQuery(trpc.fleetEntries.fuelSummary.queryOptions({ accountKey, assetId: asset.id }));
  const readings = useQuery(trpc.fleetEntries.odometerList.queryOptions({ accountKey, assetId: asset.id, limit: 100 }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.fleetEntries.pathKey() });
  const [editing, setEditing] = useState<FuelEntryDto | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const deleting = useDeleteTarget<FuelEntryDto>();
  const remove = useMutation(
    trpc.fleetEntries.fuelDelete.mutationOptions({
      onSuccess: async () => {
        deleting.close();
        setNotice("Fill-up deleted.");
        await refresh();
      },
    }),
  );
  const toggleVoid = useMutation(
    trpc.fleetEntries.fuelReplace.mutationOptions({
      onSuccess: async (entry) => {
        setNotice(entry.void ? "Fill-up voided: it is left out of the figures." : "Fill-up counted again.");
        await refresh();
      },
    }),
  );

  const chart: LineChart | null = summary.data
    ? {
        kind: "lines",
        title: "Consumption",
        unit: "L/100 km",
        categories: summary.data.series.map((point) => isoToLocalInput(point.filled_at, timeZone).slice(0, 10)),
        series: [{ name: "L/100 km", color: "#2563eb", values: summary.data.series.map((point) => point.l_per_100km) }],
      }
    : null;

  return (
    <>
      <nav className="mb-2 text-sm">
        <Link href={`/a/${accountKey}/assets/${asset.id}`} className="text-blue-700 hover:underline">
          ← {asset.name}
        </Link>
      </nav>
      <PageHeader title="Fuel & odometer" description={`Fill-ups, consumption and odometer readings of ${asset.name}.`} />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card title="Consumption">
            {summary.error ? <p className="text-sm text-red-700">{describeError(summary.error).message}</p> : null}
            <dl className="mb-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="fuel-summary">
              <div>
                <dt className="text-slate-500">Average</dt>
                <dd className="text-lg font-semibold" data-testid="average-consumption">{summary.data?.l_per_100km != null ? `${fmt(summary.data.l_per_100km, 2)} L/100 km` : "—"}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Cost per km</dt>
                <dd className="text-lg font-semibold">{fmt(summary.data?.cost_per_km, 3)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Fuel</dt>
                <dd className="text-lg font-semibold">{summary.data ? `${fmt(summary.data.volume_l)} L` : "—"}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Cost</dt>
                <dd className="text-lg font-semibold">{fmt(summary.data?.cost, 2)}</dd>
              </div>
            </dl>
            {chart && chart.categories.length > 0 ? (
              <ReportChartView chart={chart} />
            ) : (
              <p className="text-sm text-slate-600">Two full fill-ups make the first consumption figure.</p>
            )}
          </Card>

          <Card title="Fuel entries">
            {notice ? (
              <p role="status" className="mb-2 text-sm text-slate-700">
                {notice}
              </p>
            ) : null}
            {/* counting a voided entry again is refused when, say, the reading it brings back breaks the odometer sequence */}
            {toggleVoid.error ? (
              <p role="alert" className="mb-2 text-sm text-red-700">
                {describeError(toggleVoid.error).message}
              </p>
            ) : null}
            {fuel.error ? <p className="text-sm text-red-700">{describeError(fuel.error).message}</p> : null}
            {fuel.data && fuel.data.data.length === 0 ? <p className="text-sm text-slate-600">No fuel entries yet.</p> : null}
            <ul className="divide-y divide-slate-100" data-testid="fuel-entries">
              {fuel.data?.data.map((entry) => (
                <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      {dates.dateTime(entry.filled_at)} · {fmt(entry.volume_l, 3)} L{entry.total !== null ? ` · ${fmt(entry.total, 2)}` : ""}
                    </p>
                    <p className="text-slate-600">
                      {fmt(entry.odometer_km)} km{entry.distance_km !== null ? ` (+${fmt(entry.distance_km)} km)` : ""}
                      {entry.vendor ? ` · ${entry.vendor}` : ""}
                    </p>
                    <p className="mt-1 flex flex-wrap gap-1">
                      {entry.partial ? <Badge tone="blue">Partial</Badge> : null}
                      {entry.reset_usage ? <Badge tone="amber">Reset usage</Badge> : null}
                      {entry.void ? <Badge tone="slate">Void</Badge> : null}
                      {entry.flags.map((flag) => (
                        <Badge key={flag} tone="red">
                          {FLAG_LABEL[flag] ?? flag}
                        </Badge>
                      ))}
                    </p>
                  </div>
                  <div className="text-right">
                    <p className="font-semibold" data-testid="entry-consumption">{entry.l_per_100km !== null ? `${fmt(entry.l_per_100km, 2)} L/100 km` : "—"}</p>
                    {entry.cost_per_km !== null ? <p className="text-slate-600">{fmt(entry.cost_per_km, 3)} / km</p> : null}
                  </div>
                  {canWrite ? (
                    <div className="flex w-full flex-wrap gap-2">
                      <Button variant="ghost" aria-label={`Edit the fill-up of ${dates.dateTime(entry.filled_at)}`} onClick={() => setEditing(entry)}>
                        Edit
                      </Button>
                      <Button
                        variant="ghost"
                        aria-label={`${entry.void ? "Count again" : "Void"} the fill-up of ${dates.dateTime(entry.filled_at)}`}
                        busy={toggleVoid.isPending && toggleVoid.variables?.entryId === entry.id}
                        onClick={() => {
                          setNotice(null);
                          toggleVoid.mutate({ accountKey, entryId: entry.id, body: { ...bodyOf(entry), void: !entry.void } });
                        }}
                      >
                        {entry.void ? "Count again" : "Void"}
                      </Button>
                      <Button variant="danger-ghost" aria-label={`Delete the fill-up of ${dates.dateTime(entry.filled_at)}`} onClick={() => deleting.choose(entry, remove)}>
                        Delete
                      </Button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          </Card>

          <Card title="Odometer readings">
            {readings.error ? <p className="text-sm text-red-700">{describeError(readings.error).message}</p> : null}
            {readings.data && readings.data.data.length === 0 ? <p className="text-sm text-slate-600">No readings yet.</p> : null}
            <ul className="divide-y divide-slate-100" data-testid="odometer-entries">
              {readings.data?.data.map((reading) => (
                <li key={reading.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2 text-sm">
                  <span>{dates.dateTime(reading.read_at)}</span>
                  <span className="font-medium">
                    {fmt(reading.value_km)} km {reading.is_reset ? <Badge tone="amber">Reset</Badge> : null}
                    {reading.flags.includes("odometer_mismatch") ? <Badge tone="red">Differs from tracker</Badge> : null}
                  </span>
                  <span className="text-slate-600">{reading.source.replace("_", " ")}</span>
                </li>
              ))}
            </ul>
          </Card>
        </div>

        {canWrite ? (
          <div className="min-w-0 space-y-6">
            <Card title="Log a fill-up">
              <FuelForm accountKey={accountKey} assetId={asset.id} onSaved={refresh} />
            </Card>
            <OdometerForm accountKey={accountKey} assetId={asset.id} onSaved={refresh} />
          </div>
        ) : null}
      </div>

      <Dialog open={editing !== null} onClose={() => setEditing(null)} title="Edit fill-up">
        {editing ? (
          <FuelForm
            key={editing.id}
            accountKey={accountKey}
            assetId={asset.id}
            entry={editing}
            onCancel={() => setEditing(null)}
            onSaved={async () => {
              setEditing(null);
              setNotice("Fill-up saved.");
              await refresh();
            }}
          />
        ) : null}
      </Dialog>

      <DeleteDialog
        target={deleting.target}
        title="Delete fill-up?"
        confirmLabel="Delete fill-up"
        mutation={remove}
        onClose={deleting.close}
        onConfirm={(entry) => remove.mutate({ accountKey, entryId: entry.id })}
      >
        <p>
          The fill-up of <strong>{deleting.target ? dates.dateTime(deleting.target.filled_at) : ""}</strong> and its odometer reading are removed and the
          consumption is computed again without it. To keep it on record but leave it out of the figures, void it instead. This cannot be undone.
        </p>
      </DeleteDialog>
    </>
  );
}

/** an entry as the body that stores it unchanged (the PUT replaces every field) */
function bodyOf(entry: FuelEntryDto) {
  return {
    asset_id: entry.asset_id,
    filled_at: entry.filled_at,
    odometer_km: entry.odometer_km,
    volume_l: entry.volume_l,
    price_per_unit: entry.price_per_unit,
    total: entry.total,
    vendor: entry.vendor,
    fuel_type: entry.fuel_type,
    partial: entry.partial,
    reset_usage: entry.reset_usage,
    odometer_reset: entry.odometer_reset,
    void: entry.void,
    note: entry.note,
  };
}

const num = (text: string) => (text.trim() === "" ? undefined : Number(text));

const text = (value: number | null) => (value === null ? "" : String(value));

/**
 * Logs a fill-up (in the side card) or, given `entry`, edits one (in the dialog). An edit sends the total only when
 * it was typed or there is no price: volume × price makes it again, so changing the volume alone is not refused for a
 * total that no longer matches.
 */
function FuelForm({
  accountKey,
  assetId,
  entry,
  onSaved,
  onCancel,
}: {
  accountKey: string;
  assetId: number;
  entry?: FuelEntryDto;
  onSaved: () => Promise<unknown>;
  onCancel?: () => void;
}) {
  const trpc = useTRPC();
  const timeZone = useViewerTimeZone();
  const blank = { filledAt: localInput(timeZone), odometer: "", volume: "", price: "", total: "", vendor: "", partial: false, resetUsage: false, isVoid: false };
  const [form, setForm] = useState(() =>
    entry
      ? {
          filledAt: localInput(timeZone, new Date(entry.filled_at)),
          odometer: String(entry.odometer_km),
          volume: String(entry.volume_l),
          price: text(entry.price_per_unit),
          total: text(entry.total),
          vendor: entry.vendor ?? "",
          partial: entry.partial,
          resetUsage: entry.reset_usage,
          isVoid: entry.void,
        }
      : blank,
  );
  const [totalTyped, setTotalTyped] = useState(false);
  const [error, setError] = useState<ReturnType<typeof describeError> | null>(null);
  const onError = (e: unknown) => setError(describeError(e));
  const onSuccess = async () => {
    setError(null);
    setTotalTyped(false);
    if (!entry) setForm((f) => ({ ...f, odometer: "", volume: "", price: "", total: "", partial: false, resetUsage: false, isVoid: false }));
    await onSaved();
  };
  const create = useMutation(trpc.fleetEntries.fuelCreate.mutationOptions({ onSuccess, onError }));
  const replace = useMutation(trpc.fleetEntries.fuelReplace.mutationOptions({ onSuccess, onError }));
  const set = (key: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) => {
    if (key === "total") setTotalTyped(true);
    setForm((f) => ({ ...f, [key]: event.target.type === "checkbox" ? event.target.checked : event.target.value }));
  };
  const fields = error?.fields ?? {};
  const price = num(form.price) ?? null;
  const keepTotal = !entry || totalTyped || price === null;
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        const body = {
          asset_id: assetId,
          filled_at: inputInstant(form.filledAt, timeZone),
          odometer_km: num(form.odometer),
          volume_l: num(form.volume),
          price_per_unit: price,
          total: keepTotal ? (num(form.total) ?? null) : null,
          vendor: form.vendor || null,
          partial: form.partial,
          reset_usage: form.resetUsage,
          void: form.isVoid,
          // what the form does not show stays as it was
          ...(entry ? { fuel_type: entry.fuel_type, note: entry.note, odometer_reset: entry.odometer_reset } : {}),
        };
        if (entry) replace.mutate({ accountKey, entryId: entry.id, body });
        else create.mutate({ accountKey, body });
      }}
    >
      <Field label="Date and time" type="datetime-local" required value={form.filledAt} onChange={set("filledAt")} error={fields.filled_at} />
      <Field label="Odometer (km)" inputMode="decimal" required value={form.odometer} onChange={set("odometer")} error={fields.odometer_km} />
      <Field label="Volume (L)" inputMode="decimal" required value={form.volume} onChange={set("volume")} error={fields.volume_l} />
      <div className="grid grid-cols-2 gap-3">
        <Field label="Price per L" inputMode="decimal" value={form.price} onChange={set("price")} error={fields.price_per_unit} />
        <Field label="Total" inputMode="decimal" value={form.total} onChange={set("total")} error={fields.total} />
      </div>
      <Field label="Vendor" value={form.vendor} onChange={set("vendor")} error={fields.vendor} />
      <fieldset className="space-y-1 text-sm">
        {([["partial", "Partial fill-up"], ["resetUsage", "Reset usage (an entry was missed)"], ["isVoid", "Void"]] as const).map(([key, label]) => (
          <label key={key} className="flex items-center gap-2">
            <input type="checkbox" checked={form[key]} onChange={set(key)} /> {label}
          </label>
        ))}
      </fieldset>
      {error ? <p role="alert" className="text-sm text-red-700">{error.message}</p> : null}
      <div className="flex flex-wrap gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" busy={create.isPending || replace.isPending}>
          {entry ? "Save changes" : "Save fill-up"}
        </Button>
      </div>
    </form>
  );
}

function OdometerForm({ accountKey, assetId, onSaved }: { accountKey: string; assetId: number; onSaved: () => Promise<unknown> }) {
  const trpc = useTRPC();
  const timeZone = useViewerTimeZone();
  const [form, setForm] = useState({ readAt: localInput(timeZone), value: "", isReset: false });
  const [error, setError] = useState<string | null>(null);
  const create = useMutation(
    trpc.fleetEntries.odometerCreate.mutationOptions({
      onSuccess: async () => {
        setError(null);
        setForm((f) => ({ ...f, value: "", isReset: false }));
        await onSaved();
      },
      onError: (e) => setError(describeError(e).message),
    }),
  );
  return (
    <Card title="Add an odometer reading">
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ accountKey, body: { asset_id: assetId, read_at: inputInstant(form.readAt, timeZone), value_km: num(form.value), is_reset: form.isReset } });
        }}
      >
        <Field label="Read at" type="datetime-local" required value={form.readAt} onChange={(e) => setForm((f) => ({ ...f, readAt: e.target.value }))} />
        <Field label="Reading (km)" inputMode="decimal" required value={form.value} onChange={(e) => setForm((f) => ({ ...f, value: e.target.value }))} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={form.isReset} onChange={(e) => setForm((f) => ({ ...f, isReset: e.target.checked }))} /> The odometer was reset or replaced
        </label>
        {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : null}
        <Button type="submit" busy={create.isPending}>
          Save reading
        </Button>
      </form>
    </Card>
  );
}
