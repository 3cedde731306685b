// Geofences as GeoJSON for the map: polygons as they are, circles as 64-sided polygons (maplibre has no geographic
// circle), with the same great-circle radius the server uses to decide inside/outside.
import type { GeofenceDto } from "@/server/modules/geofences/geofences.schema";

const CIRCLE_SIDES = 64;
const EARTH_RADIUS_M = 6_371_008.8;

export interface LatLngPoint {
  latitude: number;
  longitude: number;
}

/** the ring of a circle, [longitude, latitude], closed */
export function circleRing(center: LatLngPoint, radiusM: number): Array<[number, number]> {
  const toRad = Math.PI / 180;
  const lat1 = center.latitude * toRad;
  const lng1 = center.longitude * toRad;
  const d = radiusM / EARTH_RADIUS_M;
  const ring: Array<[number, number]> = [];
  for (let i = 0; i <= CIRCLE_SIDES; i++) {
    const bearing = ((i % CIRCLE_SIDES) / CIRCLE_SIDES) * 2 * Math.PI;
    const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
    const lng2 = lng1 + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
    ring.push([lng2 / toRad, lat2 / toRad]);
  }
  return ring;
}

/** the ring of a polygon's corners, [longitude, latitude], closed */
export function polygonRing(points: LatLngPoint[]): Array<[number, number]> {
  const ring = points.map((p): [number, number] => [p.longitude, p.latitude]);
  if (ring.length > 0) ring.push(ring[0]!);
  return ring;
}

export type GeofenceShape =
  | { shape: "circle"; center: LatLngPoint; radiusM: number }
  | { shape: "polygon"; points: LatLngPoint[] };

export function shapeOf(geofence: GeofenceDto): GeofenceShape {
  return geofence.shape === "circle"
    ? { shape: "circle", center: geofence.center!, radiusM: geofence.radius_m! }
    : { shape: "polygon", points: geofence.points ?? [] };
}

export function shapeRing(shape: GeofenceShape): Array<[number, number]> {
  return shape.shape === "circle" ? circleRing(shape.center, shape.radiusM) : polygonRing(shape.points);
}
