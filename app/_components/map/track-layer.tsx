"use client";
// A line (a history track or a trip trail). Coordinates are [longitude, latitude].
import type { GeoJSONSource } from "maplibre-gl";
import { useEffect } from "react";
import { useMap } from "./map-context";

function toGeoJson(coordinates: Array<[number, number]>): GeoJSON.FeatureCollection {
  return {
    type: "FeatureCollection",
    features: coordinates.length > 1 ? [{ type: "Feature", geometry: { type: "LineString", coordinates }, properties: {} }] : [],
  };
}

export function TrackLayer({
  id,
  coordinates,
  color = "#2563eb",
  width = 4,
}: {
  id: string;
  coordinates: Array<[number, number]>;
  color?: string;
  width?: number;
}) {
  const { map } = useMap();

  useEffect(() => {
    map.addSource(id, { type: "geojson", data: toGeoJson([]) });
    // drawn below any vehicle layer already on the map
    const before = map.getLayer("vehicles-cluster") ? "vehicles-cluster" : undefined;
    map.addLayer(
      {
        id,
        type: "line",
        source: id,
        layout: { "line-join": "round", "line-cap": "round" },
        paint: { "line-color": color, "line-width": width, "line-opacity": 0.85 },
      },
      before,
    );
    return () => {
      if (!map.style) return;
      if (map.getLayer(id)) map.removeLayer(id);
      if (map.getSource(id)) map.removeSource(id);
    };
  }, [map, id, color, width]);

  useEffect(() => {
    map.getSource<GeoJSONSource>(id)?.setData(toGeoJson(coordinates));
  }, [map, id, coordinates]);

  return null;
}
