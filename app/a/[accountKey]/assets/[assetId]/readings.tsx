"use client";
// The tracker's latest readings on the asset page: CAN bus values and the tracker's own, each with its unit, and
// "not measured" for what the vehicle does not report.
import type { Reading } from "@/server/modules/positions/positions.schema";
import { useDates } from "../../../../_components/ui/viewer-time-zone";
import { Alert } from "../../../../_components/ui/alert";
import { Spinner } from "../../../../_components/ui/spinner";
import { formatReading, humanizeReading } from "./asset-format";

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
  if (loading) return <Spinner label="Loading readings…" />;
  if (error) return <Alert>{error}</Alert>;
  if (!dateUpdated || readings.length === 0) {
    return <p className="text-sm text-slate-600">No readings yet: they appear with the tracker&apos;s first position.</p>;
  }
  const can = readings.filter((r) => r.group === "can");
  const other = readings.filter((r) => r.group !== "can");
  return (
    <div className="space-y-4 text-sm">
      <p className="text-slate-500">From the position of {dates.ago(dateUpdated, now)}.</p>
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
              {humanizeReading(r.name)}
            </dt>
            <dd className={`whitespace-nowrap text-right font-medium ${r.measured ? "text-slate-900" : "text-slate-400"}`}>
              {r.measured ? formatReading(r) : "not measured"}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
