"use client";
// The asset's trips in the chosen range, newest first, with distance, duration, top speed and driving score; a click
// selects a trip (its trail is drawn over the history map) and a second click clears it.
import type { TripDto } from "@/server/modules/trips/trips.schema";
import { Alert } from "../../../../_components/ui/alert";
import { Badge } from "../../../../_components/ui/badge";
import { EmptyState } from "../../../../_components/ui/empty-state";
import { Spinner } from "../../../../_components/ui/spinner";
import { useDates } from "../../../../_components/ui/viewer-time-zone";
import { formatDuration } from "./asset-format";

export function TripsTable({
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
  const dates = useDates();
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
                  {dates.dateTime(trip.started_at)}
                </button>
              </td>
              <td className="hidden whitespace-nowrap px-4 py-2 text-slate-700 sm:table-cell">
                {trip.ended_at ? dates.time(trip.ended_at) : <Badge tone="green">in progress</Badge>}
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
