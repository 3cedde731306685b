// The public location object (spec, Resources): what a viewer of a tracking link may see of a position, built field
// by field from the enriched position, so an asset id, IMEI, device, account, driver or history field can never slip
// through. Links with arrival-based expiry add the distance to the destination and an estimated arrival time.
import { haversineMeters } from "../positions/geo";
import type { LivePosition } from "../positions/live-position";
import { isoWithOffset } from "../time/zoned-time";
import type { PublicLocation } from "./tracking-links.schema";

export interface Destination {
  lat: number;
  lng: number;
  radiusM: number;
}

/** Straight-line distance understates the road; this is a typical ratio of road to crow-flies distance in towns. */
export const ROAD_FACTOR = 1.3;
/** speed assumed while the vehicle stands or crawls (stops, lights, traffic), km/h */
export const FALLBACK_SPEED_KMH = 30;
/** below this the current speed says little about the rest of the way, km/h */
const MIN_USEFUL_SPEED_KMH = 10;
/** a trip must be this long before its average speed is trusted */
const MIN_TRIP_M = 1000;
const MIN_TRIP_S = 120;

export function toPublicLocation(position: LivePosition, timeZone: string, destination: Destination | null): PublicLocation {
  const location: PublicLocation = {
    latitude: position.latitude,
    longitude: position.longitude,
    speed_kmh: position.speed,
    heading: position.course,
    timestamp: isoWithOffset(position.dateUpdated, timeZone),
    is_moving: position.moving,
    // devices without an ignition input: a moving vehicle has its engine on
    ignition: position.ignition ?? position.moving,
    street: position.geoPoint?.street ?? "",
    town: position.geoPoint?.town ?? "",
    country: position.geoPoint?.country ?? "",
  };
  if (!destination) return location;
  const metres = haversineMeters(position.latitude, position.longitude, destination.lat, destination.lng);
  location.distance_km = Math.round(metres / 100) / 10;
  location.eta_minutes = metres <= destination.radiusM ? 0 : etaMinutes(metres, position);
  return location;
}

/**
 * Minutes to the destination: the road distance estimated from the straight line, at the trip's average speed when
 * the trip is long enough to have one, else the current speed when it means something, else a town speed.
 */
export function etaMinutes(straightMetres: number, position: LivePosition): number {
  const trip = position.startStopTrip;
  let speedKmh = FALLBACK_SPEED_KMH;
  if (trip && trip.distanceM >= MIN_TRIP_M && trip.durationS >= MIN_TRIP_S) {
    speedKmh = Math.max(MIN_USEFUL_SPEED_KMH, (trip.distanceM / trip.durationS) * 3.6);
  } else if (position.speed >= MIN_USEFUL_SPEED_KMH) {
    speedKmh = position.speed;
  }
  return Math.max(1, Math.ceil(((straightMetres * ROAD_FACTOR) / 1000 / speedKmh) * 60));
}

export function linkDestination(link: {
  destinationLat: number | null;
  destinationLng: number | null;
  arrivalRadiusM: number | null;
}): Destination | null {
  if (link.destinationLat === null || link.destinationLng === null) return null;
  return { lat: link.destinationLat, lng: link.destinationLng, radiusM: link.arrivalRadiusM ?? 0 };
}
