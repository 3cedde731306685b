// Small geodesy helpers shared by trips, odometer and geocoding.

const EARTH_RADIUS_M = 6_371_008.8;

/** great-circle distance in metres */
export function haversineMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLng = (lng2 - lng1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** a fix at exactly 0,0 is what devices send without a GNSS fix */
export function isNullIsland(lat: number, lng: number): boolean {
  return lat === 0 && lng === 0;
}
