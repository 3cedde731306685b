"use client";
// Fits the viewport to a set of points once per `fitKey` (first load, a new track), not on every update, so a user's
// own panning is left alone while data streams in.
import { useEffect, useRef } from "react";
import { useMap } from "./map-context";

export function FitBounds({ fitKey, points, maxZoom = 15 }: { fitKey: string | null; points: Array<[number, number]>; maxZoom?: number }) {
  const { map, lib } = useMap();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (fitKey === null || done.current === fitKey || points.length === 0) return;
    done.current = fitKey;
    const bounds = new lib.LngLatBounds(points[0], points[0]);
    for (const point of points) bounds.extend(point);
    map.fitBounds(bounds, { padding: 48, maxZoom, duration: 0 });
  }, [map, lib, fitKey, points, maxZoom]);
  return null;
}
