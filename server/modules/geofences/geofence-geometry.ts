// Geofence geometry, pure: "is this fix inside?" for circles (great-circle distance to the centre) and polygons (ray
// casting on longitude/latitude, exact enough for areas of a city's size and the reason polygons may not span more
// than MAX_POLYGON_SPAN_DEG), plus the checks a drawn polygon must pass before it is stored.
import { haversineMeters } from "../positions/geo";

export interface LatLng {
  latitude: number;
  longitude: number;
}

export type GeofenceGeometry =
  | { shape: "circle"; center: LatLng; radiusM: number }
  | { shape: "polygon"; points: LatLng[] };

/** a polygon wider or taller than this (degrees) is refused: ray casting on raw degrees would mislead over it */
export const MAX_POLYGON_SPAN_DEG = 30;
export const MIN_POLYGON_POINTS = 3;
export const MAX_POLYGON_POINTS = 500;
export const MIN_RADIUS_M = 10;
export const MAX_RADIUS_M = 100_000;

/** A geometry prepared for the hot path: the polygon's bounding box rejects most fixes with four comparisons. */
export interface CompiledGeometry {
  contains(latitude: number, longitude: number): boolean;
}

export function compileGeometry(geometry: GeofenceGeometry): CompiledGeometry {
  if (geometry.shape === "circle") {
    const { center, radiusM } = geometry;
    return { contains: (lat, lng) => haversineMeters(center.latitude, center.longitude, lat, lng) <= radiusM };
  }
  const xs = geometry.points.map((p) => p.longitude);
  const ys = geometry.points.map((p) => p.latitude);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return {
    contains(lat, lng) {
      if (lng < minX || lng > maxX || lat < minY || lat > maxY) return false;
      return pointInRing(xs, ys, lng, lat);
    },
  };
}

/** even-odd ray casting; a point exactly on an edge may land either side, which GPS noise makes moot */
function pointInRing(xs: number[], ys: number[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
    const xi = xs[i]!;
    const yi = ys[i]!;
    const xj = xs[j]!;
    const yj = ys[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Drops a closing point equal to the first (GeoJSON rings repeat it; we store open rings). */
export function openRing(points: LatLng[]): LatLng[] {
  if (points.length > 1) {
    const first = points[0]!;
    const last = points[points.length - 1]!;
    if (first.latitude === last.latitude && first.longitude === last.longitude) return points.slice(0, -1);
  }
  return points;
}

/** Why a polygon cannot be used, or null when it can. */
export function polygonProblem(points: LatLng[]): string | null {
  if (points.length < MIN_POLYGON_POINTS) return `needs at least ${MIN_POLYGON_POINTS} distinct points`;
  if (points.length > MAX_POLYGON_POINTS) return `may have at most ${MAX_POLYGON_POINTS} points`;
  const xs = points.map((p) => p.longitude);
  const ys = points.map((p) => p.latitude);
  if (Math.max(...xs) - Math.min(...xs) > MAX_POLYGON_SPAN_DEG || Math.max(...ys) - Math.min(...ys) > MAX_POLYGON_SPAN_DEG) {
    return `may span at most ${MAX_POLYGON_SPAN_DEG} degrees of latitude and longitude`;
  }
  // crossing first: a figure-eight's halves cancel out and would look like "no area"
  if (selfIntersects(xs, ys)) return "must not cross itself";
  let twiceArea = 0;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) twiceArea += (xs[j]! - xs[i]!) * (ys[j]! + ys[i]!);
  if (Math.abs(twiceArea) < 1e-12) return "has no area (its points lie on one line)";
  return null;
}

/** true when two non-adjacent edges cross (O(n²), fine for MAX_POLYGON_POINTS) */
function selfIntersects(xs: number[], ys: number[]): boolean {
  const n = xs.length;
  for (let i = 0; i < n; i++) {
    const a = i;
    const b = (i + 1) % n;
    for (let j = i + 1; j < n; j++) {
      const c = j;
      const d = (j + 1) % n;
      if (a === c || a === d || b === c || b === d) continue; // adjacent edges share a vertex
      if (segmentsCross(xs[a]!, ys[a]!, xs[b]!, ys[b]!, xs[c]!, ys[c]!, xs[d]!, ys[d]!)) return true;
    }
  }
  return false;
}

function orientation(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const value = (by - ay) * (cx - bx) - (bx - ax) * (cy - by);
  return Math.abs(value) < 1e-15 ? 0 : value > 0 ? 1 : 2;
}

function onSegment(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean {
  return Math.min(ax, cx) <= bx && bx <= Math.max(ax, cx) && Math.min(ay, cy) <= by && by <= Math.max(ay, cy);
}

function segmentsCross(
  ax: number, ay: number, bx: number, by: number,
  cx: number, cy: number, dx: number, dy: number,
): boolean {
  const o1 = orientation(ax, ay, bx, by, cx, cy);
  const o2 = orientation(ax, ay, bx, by, dx, dy);
  const o3 = orientation(cx, cy, dx, dy, ax, ay);
  const o4 = orientation(cx, cy, dx, dy, bx, by);
  if (o1 !== o2 && o3 !== o4) return true;
  // collinear overlaps count as crossing
  if (o1 === 0 && onSegment(ax, ay, cx, cy, bx, by)) return true;
  if (o2 === 0 && onSegment(ax, ay, dx, dy, bx, by)) return true;
  if (o3 === 0 && onSegment(cx, cy, ax, ay, dx, dy)) return true;
  if (o4 === 0 && onSegment(cx, cy, bx, by, dx, dy)) return true;
  return false;
}
