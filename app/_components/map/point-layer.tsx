"use client";
// One moving point with its heading: the playback marker.
import type { GeoJSONSource } from "maplibre-gl";
import { useEffect } from "react";
import { ARROW_IMAGE, ensureArrowImage } from "./map-images";
import { useMap } from "./map-context";

export interface PointFeature {
  latitude: number;
  longitude: number;
  course: number;
}

function toGeoJson(point: PointFeature | null): GeoJSON.FeatureCollection {
  return {
    type: "FeatureCollection",
    features: point
      ? [{ type: "Feature", geometry: { type: "Point", coordinates: [point.longitude, point.latitude] }, properties: { course: point.course } }]
      : [],
  };
}

export function PointLayer({ id, point, color = "#1d4ed8" }: { id: string; point: PointFeature | null; color?: string }) {
  const { map } = useMap();

  useEffect(() => {
    ensureArrowImage(map);
    map.addSource(id, { type: "geojson", data: toGeoJson(null) });
    map.addLayer({
      id: `${id}-dot`,
      type: "circle",
      source: id,
      paint: { "circle-radius": 11, "circle-color": color, "circle-stroke-width": 2, "circle-stroke-color": "#ffffff" },
    });
    map.addLayer({
      id: `${id}-heading`,
      type: "symbol",
      source: id,
      layout: {
        "icon-image": ARROW_IMAGE,
        "icon-size": 0.8,
        "icon-rotate": ["get", "course"],
        "icon-rotation-alignment": "map",
        "icon-allow-overlap": true,
      },
      paint: { "icon-color": "#ffffff" },
    });
    return () => {
      if (!map.style) return;
      for (const layer of [`${id}-heading`, `${id}-dot`]) if (map.getLayer(layer)) map.removeLayer(layer);
      if (map.getSource(id)) map.removeSource(id);
    };
  }, [map, id, color]);

  useEffect(() => {
    map.getSource<GeoJSONSource>(id)?.setData(toGeoJson(point));
  }, [map, id, point]);

  return null;
}
