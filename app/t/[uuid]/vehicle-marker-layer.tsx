"use client";
// The followed vehicle on the passenger map: a dot in the brand colour with a soft halo, and its heading while it
// moves. While `follow` is on, the camera glides to each new position (at once for people who prefer reduced
// motion); dragging the map turns following off, so a passenger can look around.
import type { GeoJSONSource, MapLibreEvent } from "maplibre-gl";
import { useEffect, useRef } from "react";
import { useMap } from "../../_components/map/map-context";
import { ARROW_IMAGE, ensureArrowImage } from "../../_components/map/map-images";

export interface MarkerPosition {
  latitude: number;
  longitude: number;
  heading: number; // degrees from north
  moving: boolean;
}

/** room the camera keeps free for what covers the map (the side card), in pixels */
export interface MapPadding {
  left: number;
  bottom: number;
}

const SOURCE = "passenger-vehicle";
const LAYERS = ["passenger-vehicle-halo", "passenger-vehicle-dot", "passenger-vehicle-heading"] as const;

function toGeoJson(position: MarkerPosition | null): GeoJSON.FeatureCollection {
  return {
    type: "FeatureCollection",
    features: position
      ? [
          {
            type: "Feature",
            geometry: { type: "Point", coordinates: [position.longitude, position.latitude] },
            properties: { heading: position.heading, moving: position.moving },
          },
        ]
      : [],
  };
}

export function VehicleMarkerLayer({
  position,
  color,
  contrast,
  follow,
  padding,
  onUserMove,
}: {
  position: MarkerPosition | null;
  /** the brand colour */
  color: string;
  /** black or white: readable on `color` (the heading arrow, the outline) */
  contrast: string;
  follow: boolean;
  padding: MapPadding;
  onUserMove: () => void;
}) {
  const { map } = useMap();
  const onUserMoveRef = useRef(onUserMove);
  onUserMoveRef.current = onUserMove;

  useEffect(() => {
    ensureArrowImage(map);
    const outline = contrast === "#000000" ? "#111827" : "#ffffff";
    map.addSource(SOURCE, { type: "geojson", data: toGeoJson(null) });
    map.addLayer({ id: "passenger-vehicle-halo", type: "circle", source: SOURCE, paint: { "circle-radius": 22, "circle-color": color, "circle-opacity": 0.22 } });
    map.addLayer({
      id: "passenger-vehicle-dot",
      type: "circle",
      source: SOURCE,
      paint: { "circle-radius": 12, "circle-color": color, "circle-stroke-width": 3, "circle-stroke-color": outline },
    });
    map.addLayer({
      id: "passenger-vehicle-heading",
      type: "symbol",
      source: SOURCE,
      filter: ["==", ["get", "moving"], true],
      layout: {
        "icon-image": ARROW_IMAGE,
        "icon-size": 0.8,
        "icon-rotate": ["get", "heading"],
        "icon-rotation-alignment": "map",
        "icon-allow-overlap": true,
        "icon-ignore-placement": true,
      },
      paint: { "icon-color": contrast },
    });
    // only a person's drag carries the original DOM event; the camera's own glides do not
    const onDrag = (event: MapLibreEvent<MouseEvent | TouchEvent | undefined>) => {
      if (event.originalEvent) onUserMoveRef.current();
    };
    map.on("dragstart", onDrag);
    return () => {
      map.off("dragstart", onDrag);
      if (!map.style) return; // the map itself is gone
      for (const layer of [...LAYERS].reverse()) if (map.getLayer(layer)) map.removeLayer(layer);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map, color, contrast]);

  useEffect(() => {
    map.getSource<GeoJSONSource>(SOURCE)?.setData(toGeoJson(position));
    // the canvas shows the marker to eyes only: the container says where it is, for tools and tests
    const container = map.getContainer();
    if (position) container.dataset.vehiclePosition = `${position.latitude.toFixed(5)},${position.longitude.toFixed(5)}`;
    else delete container.dataset.vehiclePosition;
  }, [map, position, color, contrast]);

  const { left, bottom } = padding;
  useEffect(() => {
    if (!follow || !position) return;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    map.easeTo({
      center: [position.longitude, position.latitude],
      padding: { left, bottom, top: 0, right: 0 },
      duration: still ? 0 : 800,
    });
  }, [map, position, follow, left, bottom]);

  return null;
}
