"use client";
// Decides when a street style has failed, so <FleetMap> can show the bundled offline style instead of a blank box:
//   - the style request errors, or no style has loaded by STYLE_DEADLINE_MS (no network, a blocked host);
//   - the style loaded but its own sources' first tiles all fail (TILE_ERRORS_BEFORE_FALLBACK errors before any
//     tile of theirs arrived: a tile server down, a proxy that lets the style through but not the tiles).
// Once one basemap tile has arrived the style counts as working, and later errors are ordinary map errors.
import type { ErrorEvent, Map as MapLibreMap, MapSourceDataEvent } from "maplibre-gl";

/** what the map says, discreetly, once it shows the offline style instead */
export const FALLBACK_NOTE = "Street map unavailable — showing the offline map";
/** how long a street style may take to load before the offline style is shown instead */
export const STYLE_DEADLINE_MS = 4_000;
/** basemap tile errors, with no basemap tile loaded yet, that mean the tiles cannot be had */
export const TILE_ERRORS_BEFORE_FALLBACK = 3;

export interface StyleWatch {
  /** true when the error belongs to the style on trial (the watch has handled it, nothing to log) */
  claims(event: ErrorEvent): boolean;
  stop(): void;
}

function messageOf(event: ErrorEvent): string {
  return event.error?.message || "unknown error";
}

export function watchStyle(map: MapLibreMap, onFailure: (reason: string) => void): StyleWatch {
  let styleLoaded = false;
  let tileLoaded = false;
  let tileErrors = 0;
  let decided = false;
  let basemapSources = new Set<string>();

  const fail = (reason: string) => {
    if (decided) return;
    decided = true;
    clearTimeout(deadline);
    onFailure(reason);
  };
  const deadline = setTimeout(() => {
    if (!styleLoaded) fail(`the style did not load within ${STYLE_DEADLINE_MS / 1000} s`);
  }, STYLE_DEADLINE_MS);

  const onStyleLoad = () => {
    styleLoaded = true;
    clearTimeout(deadline);
    // the style's own sources, before any layer component adds its own
    basemapSources = new Set(Object.keys(map.getStyle().sources));
  };
  const onSourceData = (event: MapSourceDataEvent) => {
    if (event.tile && basemapSources.has(event.sourceId)) tileLoaded = true;
  };
  map.on("style.load", onStyleLoad);
  map.on("sourcedata", onSourceData);

  return {
    claims(event) {
      if (decided) return true;
      if (!styleLoaded) {
        fail(`the style could not be loaded (${messageOf(event)})`);
        return true;
      }
      const sourceId = (event as ErrorEvent & { sourceId?: string }).sourceId;
      if (tileLoaded || !sourceId || !basemapSources.has(sourceId)) return false;
      if (++tileErrors >= TILE_ERRORS_BEFORE_FALLBACK) fail(`its tiles could not be loaded (${messageOf(event)})`);
      return true;
    },
    stop() {
      decided = true;
      clearTimeout(deadline);
      map.off("style.load", onStyleLoad);
      map.off("sourcedata", onSourceData);
    },
  };
}
