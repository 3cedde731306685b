"use client";
// The history player of the asset page: the range's track line on a map, a marker moved along the fixes by play/pause
// and a slider (at a chosen number of fixes per second), and, over it, the trail of the trip chosen in the trips
// table. A new track starts at its beginning, paused.
import { useEffect, useMemo, useState } from "react";
import type { TripDto } from "@/server/modules/trips/trips.schema";
import type { MapStyle } from "@/server/modules/maps/map-style";
import { FitBounds } from "../../../../_components/map/fit-bounds";
import { FleetMap } from "../../../../_components/map/fleet-map";
import { PointLayer } from "../../../../_components/map/point-layer";
import { TrackLayer } from "../../../../_components/map/track-layer";
import { Alert } from "../../../../_components/ui/alert";
import { Button } from "../../../../_components/ui/button";
import { Spinner } from "../../../../_components/ui/spinner";
import { useDates } from "../../../../_components/ui/viewer-time-zone";

/** fixes per second of playback */
const PLAY_RATES = [2, 10, 50] as const;

export interface TrackPointView {
  t: number;
  lat: number;
  lng: number;
  speed: number;
  course: number;
}

export function Playback({
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
  const dates = useDates();
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
            Trip of {dates.dateTime(trip.started_at)}
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
              {dates.dateTime(current.t)} · {current.speed} km/h · fix {index + 1} of {points.length}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
