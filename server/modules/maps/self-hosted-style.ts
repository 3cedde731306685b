// This server's street style over MAP_PMTILES: the Protomaps basemap layers ("light" flavour) reading the extract
// through the pmtiles:// protocol the browser registers (fleet-map.tsx). Everything it needs comes from this server:
//   - no `glyphs`: MapLibre 5.11+ draws labels with the browser's own fonts when a style names no glyph server, so
//     street and place names show without font files (the text-font names only pick weight and style);
//   - no `sprite`: Protomaps' icons live in a separate download, so layers that only draw icons (one-way arrows, road
//     shields) are left out and the others keep their text without the icon.
// An operator who wants the full look hosts Protomaps' fonts and sprites and points MAP_STYLE_URL at a style of their
// own (docs/configuration.md "Maps").
import { layers, namedFlavor } from "@protomaps/basemaps";
import type { LayerSpecification, StyleSpecification } from "maplibre-gl";
import { BASEMAP_PMTILES_PATH } from "./map-style";

export const BASEMAP_SOURCE = "protomaps";
const FLAVOR = "light";
/** label language: names in English where OpenStreetMap has them, the local name otherwise */
const LABEL_LANGUAGE = "en";
/** symbol layers whose text still reads well without their icon */
const KEEP_TEXT_WITHOUT_ICON = new Set(["pois", "places_locality"]);
const ATTRIBUTION =
  '<a href="https://protomaps.com" target="_blank" rel="noopener">Protomaps</a> © ' +
  '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap</a>';

/** drops icon-only layers and the icon half of the others (there is no sprite to draw them from) */
function withoutIcons(layer: LayerSpecification): LayerSpecification | null {
  if (layer.type !== "symbol" || !layer.layout || !("icon-image" in layer.layout)) return layer;
  if (!KEEP_TEXT_WITHOUT_ICON.has(layer.id)) return null;
  const layout = Object.fromEntries(Object.entries(layer.layout).filter(([key]) => !key.startsWith("icon-")));
  const paint = layer.paint && Object.fromEntries(Object.entries(layer.paint).filter(([key]) => !key.startsWith("icon-")));
  return { ...layer, layout, ...(paint ? { paint } : {}) } as LayerSpecification;
}

/** `origin`: where the browser reached this server (the worker that loads tiles needs an absolute address) */
export function selfHostedStyle(origin: string): StyleSpecification {
  return {
    version: 8,
    sources: {
      [BASEMAP_SOURCE]: { type: "vector", url: `pmtiles://${origin}${BASEMAP_PMTILES_PATH}`, attribution: ATTRIBUTION },
    },
    layers: layers(BASEMAP_SOURCE, namedFlavor(FLAVOR), { lang: LABEL_LANGUAGE }).flatMap((layer) => withoutIcons(layer) ?? []),
  };
}
