"use client";
// The map of the passenger page: the shared FleetMap with the followed vehicle, and a button to follow it again after
// the passenger has moved the map. Loaded on its own (next/dynamic) once there is a position to show, so maplibre
// never delays the first paint of the page.
import type { MapStyle } from "@/server/modules/maps/map-style";
import { useMemo, useState } from "react";
import type { PublicLocation } from "@/server/modules/tracking-links/tracking-links.schema";
import { FleetMap } from "../../_components/map/fleet-map";
import { VehicleMarkerLayer, type MapPadding } from "./vehicle-marker-layer";

/** close enough to see the streets around the vehicle */
const ZOOM = 15;

export function PassengerMap({
  mapStyle,
  location,
  color,
  contrast,
  padding,
}: {
  mapStyle: MapStyle;
  location: PublicLocation;
  color: string;
  contrast: string;
  padding: MapPadding;
}) {
  const [follow, setFollow] = useState(true);
  const position = useMemo(
    () => ({ latitude: location.latitude, longitude: location.longitude, heading: location.heading, moving: location.is_moving }),
    [location.latitude, location.longitude, location.heading, location.is_moving],
  );
  return (
    <>
      <FleetMap
        mapStyle={mapStyle}
        // maplibre's zoom buttons are 29 px: a passenger's thumb needs 44 (its stylesheet is unlayered, so only an
        // important utility overrides it)
        className="h-full w-full [&_.maplibregl-ctrl-group_button]:size-11!"
        center={[location.longitude, location.latitude]}
        zoom={ZOOM}
        label="Map showing where the vehicle is"
      >
        <VehicleMarkerLayer position={position} color={color} contrast={contrast} follow={follow} padding={padding} onUserMove={() => setFollow(false)} />
      </FleetMap>
      {follow ? null : (
        <button
          type="button"
          onClick={() => setFollow(true)}
          className="absolute bottom-8 right-3 min-h-11 rounded-full bg-white px-4 text-sm font-semibold text-slate-900 shadow-lg ring-1 ring-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 md:bottom-4 md:right-4"
        >
          Follow the vehicle
        </button>
      )}
    </>
  );
}
