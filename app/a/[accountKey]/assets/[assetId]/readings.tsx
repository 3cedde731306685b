"use client";
// The tracker's latest readings on the asset page: CAN bus values and the tracker's own, each in words and human units
// (telemetry-format.ts), "not measured" for what the vehicle does not report. "Show raw values" adds, under each
// reading, the name and value the tracker published and the protocol's element id: what an installer configures.
import { useId, useState } from "react";
import type { Reading } from "@/server/modules/positions/positions.schema";
import { describeReading, type ReadingView } from "../../../../_components/fleet/telemetry-format";
import { useDates } from "../../../../_components/ui/viewer-time-zone";
import { Alert } from "../../../../_components/ui/alert";
import { Spinner } from "../../../../_components/ui/spinner";

export function Readings({
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
  const dates = useDates();
  const [showRaw, setShowRaw] = useState(false);
  const rawSwitchId = useId();
  if (loading) return <Spinner label="Loading readings…" />;
  if (error) return <Alert>{error}</Alert>;
  if (!dateUpdated || readings.length === 0) {
    return <p className="text-sm text-slate-600">No readings yet: they appear with the tracker&apos;s first position.</p>;
  }
  const can = readings.filter((r) => r.group === "can");
  const other = readings.filter((r) => r.group !== "can");
  return (
    <div className="space-y-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="text-slate-500">From the position of {dates.ago(dateUpdated, now)}.</p>
        <label htmlFor={rawSwitchId} className="flex items-center gap-1.5 text-slate-600">
          <input id={rawSwitchId} type="checkbox" checked={showRaw} onChange={(event) => setShowRaw(event.target.checked)} />
          Show raw values
        </label>
      </div>
      {can.length ? <ReadingList title="CAN bus" readings={can} showRaw={showRaw} /> : null}
      {other.length ? <ReadingList title="Tracker" readings={other} showRaw={showRaw} /> : null}
    </div>
  );
}

function ReadingList({ title, readings, showRaw }: { title: string; readings: Reading[]; showRaw: boolean }) {
  return (
    <section>
      <h3 className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">{title}</h3>
      <dl className="divide-y divide-slate-100">
        {readings.map((r) => (
          <ReadingRow key={r.name} reading={r} showRaw={showRaw} />
        ))}
      </dl>
    </section>
  );
}

function ReadingRow({ reading, showRaw }: { reading: Reading; showRaw: boolean }) {
  const view = describeReading(reading);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 py-1.5" data-testid="reading" data-reading={reading.name}>
      <dt className={`truncate text-slate-600 ${view.known ? "" : "font-mono text-xs"}`} title={reading.name}>
        {view.label}
      </dt>
      <dd className={`whitespace-nowrap text-right font-medium ${reading.measured ? "text-slate-900" : "text-slate-400"}`}>
        {!reading.measured ? "not measured" : view.bars ? <SignalBars bars={view.bars} label={view.text} /> : view.text}
      </dd>
      {showRaw ? (
        <dd className="col-span-2 mt-0.5 break-all font-mono text-xs text-slate-500" data-testid="reading-raw">
          {view.raw.name} = {view.raw.value}
          {reading.protocolId ? ` · ${reading.protocolId}` : ""}
        </dd>
      ) : null}
    </div>
  );
}

/** bars rising left to right, the filled ones dark; the words ("Signal 4 of 5") are the accessible name */
function SignalBars({ bars, label }: { bars: NonNullable<ReadingView["bars"]>; label: string }) {
  return (
    <span role="img" aria-label={label} title={label} className="inline-flex h-4 items-end gap-0.5 align-middle">
      {Array.from({ length: bars.max }, (_, i) => (
        <span
          key={i}
          className={`w-1 rounded-sm ${i < bars.level ? "bg-slate-800" : "bg-slate-200"}`}
          style={{ height: `${((i + 1) / bars.max) * 100}%` }}
        />
      ))}
    </span>
  );
}
