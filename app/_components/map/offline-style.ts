// The bundled offline basemap: water as the background and land polygons from @geo-maps/countries-land-10km (copied
// to public/map/ by scripts/copy-maplibre-worker.mjs). No tiles, glyphs or sprites, so it loads with no network
// beyond this server. Shown with MAP_STYLE_URL=offline, and whenever a street style cannot be loaded (fleet-map.tsx).
import type { StyleSpecification } from "maplibre-gl";

export const LAND_GEOJSON_PATH = "/map/land.geo.json";

export function offlineStyle(origin: string): StyleSpecification {
  return {
    version: 8,
    sources: {
      // absolute: the worker resolves URLs against its own location
      land: { type: "geojson", data: new URL(LAND_GEOJSON_PATH, origin).href, tolerance: 0.5 },
    },
    layers: [
      { id: "water", type: "background", paint: { "background-color": "#cfe0ee" } },
      { id: "land", type: "fill", source: "land", paint: { "fill-color": "#f4f2ec" } },
      { id: "land-outline", type: "line", source: "land", paint: { "line-color": "#c7c2b6", "line-width": 0.7 } },
    ],
  };
}
