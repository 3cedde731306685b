"use client";
// Drawing a geofence on the map: while `mode` is "circle", a click places the centre (the radius comes from the
// form); while it is "polygon", each click adds a corner. The shape being drawn is shown dashed with its corners.
// The form beside the map holds the same values as editable fields, so the map is never the only way in.
import type { GeoJSONSource, MapMouseEvent } from "maplibre-gl";
import { useEffect, useRef } from "react";
import { useMap } from "./map-context";
import { circleRing, polygonRing, type LatLngPoint } from "./geofence-shapes";

export type DrawMode = "circle" | "polygon" | null;

export interface Draft {
  center: LatLngPoint | null;
  radiusM: number;
  points: LatLngPoint[];
}

const SOURCE = "geofence-draft";
const LAYERS = ["geofence-draft-fill", "geofence-draft-line", "geofence-draft-corners"] as const;
const COLOR = "#db2777";

/** clicks are rounded to this many decimals (about 1 m): more would be false precision */
const DECIMALS = 5;
const round = (value: number) => Number(value.toFixed(DECIMALS));

function toGeoJson(mode: DrawMode, draft: Draft): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = [];
  if (mode === "circle" && draft.center && draft.radiusM > 0) {
    features.push({ type: "Feature", geometry: { type: "Polygon", coordinates: [circleRing(draft.center, draft.radiusM)] }, properties: {} });
    features.push({ type: "Feature", geometry: { type: "Point", coordinates: [draft.center.longitude, draft.center.latitude] }, properties: {} });
  }
  if (mode === "polygon" && draft.points.length > 0) {
    const ring = polygonRing(draft.points);
    features.push(
      draft.points.length >= 3
        ? { type: "Feature", geometry: { type: "Polygon", coordinates: [ring] }, properties: {} }
        : { type: "Feature", geometry: { type: "LineString", coordinates: ring.slice(0, -1) }, properties: {} },
    );
    for (const p of draft.points) {
      features.push({ type: "Feature", geometry: { type: "Point", coordinates: [p.longitude, p.latitude] }, properties: {} });
    }
  }
  return { type: "FeatureCollection", features };
}

export function DrawLayer({ mode, draft, onChange }: { mode: DrawMode; draft: Draft; onChange: (draft: Draft) => void }) {
  const { map } = useMap();
  const latest = useRef({ mode, draft, onChange });
  latest.current = { mode, draft, onChange };

  useEffect(() => {
    map.addSource(SOURCE, { type: "geojson", data: toGeoJson(null, { center: null, radiusM: 0, points: [] }) });
    map.addLayer({ id: "geofence-draft-fill", type: "fill", source: SOURCE, filter: ["==", ["geometry-type"], "Polygon"], paint: { "fill-color": COLOR, "fill-opacity": 0.15 } });
    map.addLayer({
      id: "geofence-draft-line",
      type: "line",
      source: SOURCE,
      filter: ["!=", ["geometry-type"], "Point"],
      paint: { "line-color": COLOR, "line-width": 2, "line-dasharray": [2, 1] },
    });
    map.addLayer({
      id: "geofence-draft-corners",
      type: "circle",
      source: SOURCE,
      filter: ["==", ["geometry-type"], "Point"],
      paint: { "circle-radius": 5, "circle-color": COLOR, "circle-stroke-width": 2, "circle-stroke-color": "#ffffff" },
    });
    const onClick = (event: MapMouseEvent) => {
      const { mode: current, draft: now, onChange: emit } = latest.current;
      const point = { latitude: round(event.lngLat.lat), longitude: round(event.lngLat.lng) };
      if (current === "circle") emit({ ...now, center: point });
      if (current === "polygon") emit({ ...now, points: [...now.points, point] });
    };
    map.on("click", onClick);
    return () => {
      map.off("click", onClick);
      if (!map.style) return;
      for (const layer of [...LAYERS].reverse()) if (map.getLayer(layer)) map.removeLayer(layer);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map]);

  useEffect(() => {
    map.getSource<GeoJSONSource>(SOURCE)?.setData(toGeoJson(mode, draft));
    map.getCanvas().style.cursor = mode ? "crosshair" : "";
  }, [map, mode, draft]);

  return null;
}
