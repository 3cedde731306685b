"use client";
// Vehicles as a clustered GeoJSON source: a circle in the status colour with a heading arrow per vehicle, and
// size-scaled circles for clusters with their count as HTML markers (a text label would need glyphs). Clicking a
// vehicle selects it; clicking a cluster zooms into it.
import type { GeoJSONSource, Marker } from "maplibre-gl";
import { useEffect, useRef } from "react";
import { ARROW_IMAGE, ensureArrowImage } from "./map-images";
import { useMap } from "./map-context";

export interface VehicleFeature {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
  course: number; // degrees from north
  color: string; // status colour
  /** heading is shown for vehicles that move or idle; a parked vehicle's last course means little */
  showHeading: boolean;
}

const SOURCE = "vehicles";
const LAYERS = ["vehicles-cluster", "vehicles-selected", "vehicles-dot", "vehicles-heading"] as const;

function toGeoJson(vehicles: VehicleFeature[]): GeoJSON.FeatureCollection {
  return {
    type: "FeatureCollection",
    features: vehicles.map((v) => ({
      type: "Feature",
      id: v.id,
      geometry: { type: "Point", coordinates: [v.longitude, v.latitude] },
      properties: { id: v.id, name: v.name, course: v.course, color: v.color, heading: v.showHeading },
    })),
  };
}

export function VehicleLayer({
  vehicles,
  selectedId,
  onSelect,
}: {
  vehicles: VehicleFeature[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const { map, lib } = useMap();
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  useEffect(() => {
    ensureArrowImage(map);
    map.addSource(SOURCE, {
      type: "geojson",
      data: toGeoJson([]),
      cluster: true,
      clusterRadius: 42,
      clusterMaxZoom: 13,
    });
    map.addLayer({
      id: "vehicles-cluster",
      type: "circle",
      source: SOURCE,
      filter: ["has", "point_count"],
      paint: {
        "circle-color": "#1e3a8a",
        "circle-opacity": 0.85,
        "circle-radius": ["step", ["get", "point_count"], 15, 10, 19, 50, 24, 200, 30],
        "circle-stroke-width": 2,
        "circle-stroke-color": "#ffffff",
      },
    });
    map.addLayer({
      id: "vehicles-selected",
      type: "circle",
      source: SOURCE,
      filter: ["all", ["!", ["has", "point_count"]], ["==", ["get", "id"], -1]],
      paint: { "circle-radius": 17, "circle-color": "#1d4ed8", "circle-opacity": 0.25, "circle-stroke-width": 2, "circle-stroke-color": "#1d4ed8" },
    });
    map.addLayer({
      id: "vehicles-dot",
      type: "circle",
      source: SOURCE,
      filter: ["!", ["has", "point_count"]],
      paint: {
        "circle-radius": 11,
        "circle-color": ["get", "color"],
        "circle-stroke-width": 2,
        "circle-stroke-color": "#ffffff",
      },
    });
    map.addLayer({
      id: "vehicles-heading",
      type: "symbol",
      source: SOURCE,
      filter: ["all", ["!", ["has", "point_count"]], ["get", "heading"]],
      layout: {
        "icon-image": ARROW_IMAGE,
        "icon-size": 0.8,
        "icon-rotate": ["get", "course"],
        "icon-rotation-alignment": "map",
        "icon-allow-overlap": true,
        "icon-ignore-placement": true,
      },
      paint: { "icon-color": "#ffffff" },
    });

    // cluster counts as HTML markers, refreshed whenever the map settles
    const markers = new Map<number, Marker>();
    const source = () => map.getSource<GeoJSONSource>(SOURCE);
    const zoomInto = async (clusterId: number, center: [number, number]) => {
      const zoom = await source()?.getClusterExpansionZoom(clusterId);
      if (zoom !== undefined) map.easeTo({ center, zoom });
    };
    const refreshCounts = () => {
      if (!map.getSource(SOURCE)) return;
      const seen = new Set<number>();
      for (const feature of map.querySourceFeatures(SOURCE, { filter: ["has", "point_count"] })) {
        const clusterId = feature.properties.cluster_id as number;
        if (seen.has(clusterId)) continue;
        seen.add(clusterId);
        const [lng, lat] = (feature.geometry as GeoJSON.Point).coordinates as [number, number];
        const count = String(feature.properties.point_count);
        let marker = markers.get(clusterId);
        if (!marker) {
          const element = document.createElement("button");
          element.type = "button";
          element.className = "fleet-cluster-count";
          element.style.cssText =
            "background:transparent;border:0;color:#fff;font:600 12px/1 system-ui,sans-serif;cursor:pointer;padding:8px";
          element.addEventListener("click", (event) => {
            event.stopPropagation();
            const at = markers.get(clusterId)?.getLngLat();
            if (at) void zoomInto(clusterId, [at.lng, at.lat]);
          });
          marker = new lib.Marker({ element }).setLngLat([lng, lat]).addTo(map);
          markers.set(clusterId, marker);
        } else {
          marker.setLngLat([lng, lat]);
        }
        marker.getElement().textContent = count;
        marker.getElement().setAttribute("aria-label", `${count} vehicles here: zoom in`);
      }
      for (const [clusterId, marker] of markers) {
        if (!seen.has(clusterId)) {
          marker.remove();
          markers.delete(clusterId);
        }
      }
    };

    const onVehicleClick = (event: { features?: Array<{ properties: Record<string, unknown> }> }) => {
      const id = Number(event.features?.[0]?.properties.id);
      if (Number.isFinite(id)) onSelectRef.current(id);
    };
    const onClusterClick = (event: { features?: Array<{ properties: Record<string, unknown>; geometry: GeoJSON.Geometry }> }) => {
      const feature = event.features?.[0];
      if (!feature) return;
      void zoomInto(feature.properties.cluster_id as number, (feature.geometry as GeoJSON.Point).coordinates as [number, number]);
    };
    const pointer = () => (map.getCanvas().style.cursor = "pointer");
    const noPointer = () => (map.getCanvas().style.cursor = "");
    map.on("click", "vehicles-dot", onVehicleClick);
    map.on("click", "vehicles-cluster", onClusterClick);
    for (const layer of ["vehicles-dot", "vehicles-cluster"]) {
      map.on("mouseenter", layer, pointer);
      map.on("mouseleave", layer, noPointer);
    }
    map.on("idle", refreshCounts);
    map.on("moveend", refreshCounts);

    return () => {
      map.off("click", "vehicles-dot", onVehicleClick);
      map.off("click", "vehicles-cluster", onClusterClick);
      for (const layer of ["vehicles-dot", "vehicles-cluster"]) {
        map.off("mouseenter", layer, pointer);
        map.off("mouseleave", layer, noPointer);
      }
      map.off("idle", refreshCounts);
      map.off("moveend", refreshCounts);
      for (const marker of markers.values()) marker.remove();
      if (!map.style) return; // the map itself is gone
      for (const layer of [...LAYERS].reverse()) if (map.getLayer(layer)) map.removeLayer(layer);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map, lib]);

  useEffect(() => {
    map.getSource<GeoJSONSource>(SOURCE)?.setData(toGeoJson(vehicles));
  }, [map, vehicles]);

  useEffect(() => {
    if (map.getLayer("vehicles-selected")) {
      map.setFilter("vehicles-selected", ["all", ["!", ["has", "point_count"]], ["==", ["get", "id"], selectedId ?? -1]]);
    }
  }, [map, selectedId]);

  return null;
}
