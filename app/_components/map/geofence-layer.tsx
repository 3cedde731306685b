"use client";
// The account's geofences as translucent areas with an outline; the selected one is drawn stronger. Names are shown
// in the list beside the map (the offline basemap has no glyphs for text on the map).
import type { GeoJSONSource } from "maplibre-gl";
import { useEffect } from "react";
import { useMap } from "./map-context";
import { shapeRing, type GeofenceShape } from "./geofence-shapes";

export interface GeofenceArea {
  id: number;
  shape: GeofenceShape;
}

const SOURCE = "geofences";
const LAYERS = ["geofences-fill", "geofences-line"] as const;
const COLOR = "#7c3aed";

function toGeoJson(areas: GeofenceArea[], selectedId: number | null): GeoJSON.FeatureCollection {
  return {
    type: "FeatureCollection",
    features: areas
      .filter((area) => area.shape.shape === "circle" || area.shape.points.length >= 3)
      .map((area) => ({
        type: "Feature",
        id: area.id,
        geometry: { type: "Polygon", coordinates: [shapeRing(area.shape)] },
        properties: { selected: area.id === selectedId },
      })),
  };
}

export function GeofenceLayer({ areas, selectedId = null }: { areas: GeofenceArea[]; selectedId?: number | null }) {
  const { map } = useMap();

  useEffect(() => {
    map.addSource(SOURCE, { type: "geojson", data: toGeoJson([], null) });
    map.addLayer({
      id: "geofences-fill",
      type: "fill",
      source: SOURCE,
      paint: { "fill-color": COLOR, "fill-opacity": ["case", ["get", "selected"], 0.28, 0.12] },
    });
    map.addLayer({
      id: "geofences-line",
      type: "line",
      source: SOURCE,
      paint: { "line-color": COLOR, "line-width": ["case", ["get", "selected"], 3, 1.5] },
    });
    return () => {
      if (!map.style) return;
      for (const layer of [...LAYERS].reverse()) if (map.getLayer(layer)) map.removeLayer(layer);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map]);

  useEffect(() => {
    map.getSource<GeoJSONSource>(SOURCE)?.setData(toGeoJson(areas, selectedId));
  }, [map, areas, selectedId]);

  return null;
}
