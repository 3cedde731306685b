"use client";
// The pmtiles:// protocol for maplibre, registered once per page before the first map whose style reads a PMTiles
// archive (this server's /map/basemap.pmtiles). Loaded on demand: pages with other styles never download the reader.
import type { MapLibreModule } from "./map-context";

let registered: Promise<void> | null = null;

export function registerPmtiles(lib: MapLibreModule): Promise<void> {
  registered ??= import("pmtiles").then(({ Protocol }) => lib.addProtocol("pmtiles", new Protocol().tile));
  return registered;
}
