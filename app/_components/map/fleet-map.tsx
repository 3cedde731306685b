"use client";
// One maplibre map. Children are layer components (VehicleLayer, TrackLayer, ...) that manage their own sources and
// render nothing; they mount once the style has loaded. maplibre is imported in the browser only (it needs WebGL and
// window), with its worker served from public/ (stack.md trap 5).
import "maplibre-gl/dist/maplibre-gl.css";
import { useEffect, useRef, useState } from "react";
import { MapContext, type MapHandle } from "./map-context";
import { offlineStyle } from "./offline-style";

export const WORKER_URL = "/maplibre-gl-worker.mjs";

/** Vilnius: where the demo fleet drives; any fleet's own vehicles take over through fitBounds */
const DEFAULT_CENTER: [number, number] = [25.28, 54.69];

export interface FleetMapProps {
  /** MAP_STYLE_URL when set (read on the server); null: the bundled offline style */
  styleUrl: string | null;
  className?: string;
  center?: [number, number];
  zoom?: number;
  /** accessible name of the map region */
  label?: string;
  children?: React.ReactNode;
}

export function FleetMap({ styleUrl, className = "", center = DEFAULT_CENTER, zoom = 10, label = "Map", children }: FleetMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [handle, setHandle] = useState<MapHandle | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let disposed = false;
    let created: MapHandle["map"] | null = null;
    void (async () => {
      const lib = await import("maplibre-gl");
      if (disposed || !container.current) return;
      if (lib.getWorkerUrl() !== WORKER_URL) lib.setWorkerUrl(WORKER_URL);
      try {
        const map = new lib.Map({
          container: container.current,
          style: styleUrl ?? offlineStyle(window.location.origin),
          center,
          zoom,
          attributionControl: styleUrl ? { compact: true } : false,
          dragRotate: false,
          pitchWithRotate: false,
        });
        created = map;
        map.touchZoomRotate.disableRotation();
        map.addControl(new lib.NavigationControl({ showCompass: false }), "top-right");
        map.on("load", () => {
          if (!disposed) setHandle({ map, lib });
        });
        map.on("error", (event) => console.warn("map:", event.error?.message ?? event));
      } catch (error) {
        // no WebGL (old browser, disabled GPU): say so instead of a blank box
        setFailed(error instanceof Error ? error.message : String(error));
      }
    })();
    return () => {
      disposed = true;
      setHandle(null);
      created?.remove();
    };
    // the map is created once; later prop changes are the layers' business
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [styleUrl]);

  return (
    <div role="region" aria-label={label} className={`relative overflow-hidden bg-[#cfe0ee] ${className}`}>
      {/* inline: maplibre's unlayered .maplibregl-map { position: relative } would beat a tailwind class */}
      <div ref={container} style={{ position: "absolute", inset: 0 }} data-map-ready={handle ? "true" : "false"} />
      {failed ? (
        <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-slate-700">
          The map cannot be shown in this browser ({failed}).
        </p>
      ) : null}
      {handle ? <MapContext.Provider value={handle}>{children}</MapContext.Provider> : null}
    </div>
  );
}
