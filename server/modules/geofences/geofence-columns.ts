// A geometry as the geofences table stores it: a circle in three columns, a polygon as JSON; the unused ones null.
import { Prisma } from "../../generated/prisma/client";
import type { GeofenceGeometry } from "./geofence-geometry";

export function geometryColumns(geometry: GeofenceGeometry) {
  return geometry.shape === "circle"
    ? {
        shape: "circle" as const,
        centerLat: geometry.center.latitude,
        centerLng: geometry.center.longitude,
        radiusM: geometry.radiusM,
        points: Prisma.DbNull,
      }
    : {
        shape: "polygon" as const,
        centerLat: null,
        centerLng: null,
        radiusM: null,
        points: geometry.points as unknown as Prisma.InputJsonValue,
      };
}
