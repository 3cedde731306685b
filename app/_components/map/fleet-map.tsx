"use client";
// One maplibre map. Children are layer components (VehicleLayer, TrackLayer, ...) that manage their own sources and
// render nothing; they mount once the style has loaded. maplibre is imported in the browser only (it needs WebGL and
// window), with its worker served from public/ (stack.md trap 5).
//
// Usage, from a server page and its client component:
//   page.tsx:        <MyClient mapStyle={mapStyleFor(env())} />        (server/modules/maps/map-style.ts)
//   my-client.tsx:   <FleetMap mapStyle={mapStyle} label="Where the vehicle is" className="h-80">
//                      <VehicleLayer ... /> <FitBounds ... />
//                    </FleetMap>
// `mapStyle` says which basemap to show; everything about loading it is handled here:
//   - "offline": the bundled land-and-water style, no attribution needed, nothing leaves this server;
//   - "remote" / "self-hosted": that style with a compact attribution control. When it cannot be loaded (see
//     style-fallback.ts) the map shows the bundled style instead, with a small note saying so, and warns once on
//     the console. The camera stays where it was; layers mount again on the new map.
// The container carries data-map-style (the style in use: offline, remote, self-hosted) and data-map-ready.
import "maplibre-gl/dist/maplibre-gl.css";
import type { StyleSpecification } from "maplibre-gl";
import { useEffect, useRef, useState } from "react";
import type { MapStyle } from "@/server/modules/maps/map-style";
import { MapContext, type MapHandle } from "./map-context";
import { offlineStyle } from "./offline-style";
import { registerPmtiles } from "./pmtiles-protocol";
import { FALLBACK_NOTE, watchStyle, type StyleWatch } from "./style-fallback";

export const WORKER_URL = "/maplibre-gl-worker.mjs";

/** Vilnius: where the demo fleet drives; any fleet's own vehicles take over through fitBounds */
const DEFAULT_CENTER: [number, number] = [25.28, 54.69];

export interface FleetMapProps {
  /** the page's basemap, decided on the server by mapStyleFor(env()) */
  mapStyle: MapStyle;
  className?: string;
  center?: [number, number];
  zoom?: number;
  /** accessible name of the map region */
  label?: string;
  children?: React.ReactNode;
}

/** a string that changes exactly when the style to show does */
function styleKey(style: MapStyle): string {
  return style.kind === "offline" ? "offline" : `${style.kind} ${style.url} ${style.kind === "remote" && style.pmtiles}`;
}

function styleInput(style: MapStyle, origin: string): string | StyleSpecification {
  if (style.kind === "offline") return offlineStyle(origin);
  // absolute: styles and their sources are resolved by maplibre, not against the page
  return new URL(style.url, origin).href;
}

export function FleetMap({ mapStyle, className = "", center = DEFAULT_CENTER, zoom = 10, label = "Map", children }: FleetMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const key = styleKey(mapStyle);
  // the style that failed, by key: a different style from the server gets its own chance
  const [fellBackFrom, setFellBackFrom] = useState<string | null>(null);
  const fellBack = fellBackFrom === key && mapStyle.kind !== "offline";
  const active: MapStyle = fellBack ? { kind: "offline" } : mapStyle;
  // where the user was looking when the street style failed, so the offline map opens there
  const camera = useRef<{ center: [number, number]; zoom: number } | null>(null);

  useEffect(() => {
    let disposed = false;
    let created: MapHandle["map"] | null = null;
    let watch: StyleWatch | null = null;
    const fallBack = (reason: string) => {
      if (disposed) return;
      console.warn(`map: street map unavailable, showing the offline map: ${reason}`);
      if (created) {
        const at = created.getCenter();
        camera.current = { center: [at.lng, at.lat], zoom: created.getZoom() };
      }
      setFellBackFrom(key);
    };
    void (async () => {
      const lib = await import("maplibre-gl");
      if (disposed || !container.current) return;
      if (lib.getWorkerUrl() !== WORKER_URL) lib.setWorkerUrl(WORKER_URL);
      const needsPmtiles = active.kind === "self-hosted" || (active.kind === "remote" && active.pmtiles);
      if (needsPmtiles) {
        try {
          await registerPmtiles(lib);
        } catch (error) {
          return fallBack(`the PMTiles reader could not be loaded (${error instanceof Error ? error.message : String(error)})`);
        }
        if (disposed || !container.current) return;
      }
      try {
        const map = new lib.Map({
          container: container.current,
          style: styleInput(active, window.location.origin),
          center: camera.current?.center ?? center,
          zoom: camera.current?.zoom ?? zoom,
          attributionControl: active.kind === "offline" ? false : { compact: true },
          dragRotate: false,
          pitchWithRotate: false,
        });
        created = map;
        map.touchZoomRotate.disableRotation();
        map.addControl(new lib.NavigationControl({ showCompass: false }), "top-right");
        if (active.kind !== "offline") watch = watchStyle(map, fallBack);
        map.on("load", () => {
          if (!disposed) setHandle({ map, lib });
        });
        map.on("error", (event) => {
          if (watch?.claims(event)) return;
          console.warn("map:", event.error?.message ?? event);
        });
      } catch (error) {
        // no WebGL (old browser, disabled GPU): say so instead of a blank box
        setFailed(error instanceof Error ? error.message : String(error));
      }
    })();
    return () => {
      disposed = true;
      watch?.stop();
      setHandle(null);
      created?.remove();
    };
    // the map is created once per style; later prop changes are the layers' business
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, fellBack]);

  return (
    <div role="region" aria-label={label} className={`relative overflow-hidden bg-[#cfe0ee] ${className}`}>
      {/* inline: maplibre's unlayered .maplibregl-map { position: relative } would beat a tailwind class */}
      <div
        ref={container}
        style={{ position: "absolute", inset: 0 }}
        data-map-ready={handle ? "true" : "false"}
        data-map-style={active.kind}
      />
      {failed ? (
        <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-slate-700">
          The map cannot be shown in this browser ({failed}).
        </p>
      ) : null}
      {fellBack ? (
        <p
          role="status"
          className="pointer-events-none absolute bottom-1 left-1 max-w-[calc(100%-0.5rem)] rounded bg-white/90 px-2 py-0.5 text-[11px] text-slate-700 shadow-sm"
        >
          {FALLBACK_NOTE}
        </p>
      ) : null}
      {handle ? <MapContext.Provider value={handle}>{children}</MapContext.Provider> : null}
    </div>
  );
}
