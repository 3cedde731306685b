"use client";
// The one map object and the maplibre module, for layer components below <FleetMap>.
import type { Map as MapLibreMap } from "maplibre-gl";
import { createContext, useContext } from "react";

export type MapLibreModule = typeof import("maplibre-gl");

export interface MapHandle {
  map: MapLibreMap;
  lib: MapLibreModule;
}

export const MapContext = createContext<MapHandle | null>(null);

/** the map of the enclosing <FleetMap>; layers render only once it has loaded its style */
export function useMap(): MapHandle {
  const handle = useContext(MapContext);
  if (!handle) throw new Error("useMap() outside <FleetMap>");
  return handle;
}
