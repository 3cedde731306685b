// Geofence inputs (REST bodies and the dashboard send the same shape) and the GeofenceDto every transport answers
// with. A geofence is a circle (centre and radius) or a polygon (its corners, in order, not repeating the first).
import { z } from "zod";
import { parseInput, requiredOr } from "../parse-input";
import {
  MAX_POLYGON_POINTS,
  MAX_RADIUS_M,
  MIN_POLYGON_POINTS,
  MIN_RADIUS_M,
  openRing,
  polygonProblem,
  type GeofenceGeometry,
  type LatLng,
} from "./geofence-geometry";

const ZId = z.number().int().positive();

export const ZLatLng = z
  .object(
    {
      latitude: z.number({ error: requiredOr("must be a number") }).min(-90, "must be from -90 to 90").max(90, "must be from -90 to 90"),
      longitude: z.number({ error: requiredOr("must be a number") }).min(-180, "must be from -180 to 180").max(180, "must be from -180 to 180"),
    },
    { error: requiredOr("must be a point {latitude, longitude}") },
  )
  .strict()
  .meta({ id: "LatLng", description: "A point in degrees (WGS 84)." });

const ZGeofenceName = z
  .string({ error: requiredOr("must be a text") })
  .trim()
  .min(1, "must not be empty")
  .max(120, "must be at most 120 characters");

const ZCircle = z
  .object({
    name: ZGeofenceName,
    shape: z.literal("circle"),
    center: ZLatLng,
    radius_m: z
      .number({ error: "must be a number" })
      .min(MIN_RADIUS_M, `must be from ${MIN_RADIUS_M} to ${MAX_RADIUS_M} metres`)
      .max(MAX_RADIUS_M, `must be from ${MIN_RADIUS_M} to ${MAX_RADIUS_M} metres`),
  })
  .strict();

const ZPolygon = z
  .object({
    name: ZGeofenceName,
    shape: z.literal("polygon"),
    // one more than the limit: a closing point repeating the first is accepted and dropped
    points: z
      .array(ZLatLng, { error: requiredOr("must be a list of points") })
      .min(MIN_POLYGON_POINTS, `needs at least ${MIN_POLYGON_POINTS} points`)
      .max(MAX_POLYGON_POINTS + 1, `may have at most ${MAX_POLYGON_POINTS} points`),
  })
  .strict();

export const ZGeofenceBody = z
  .discriminatedUnion("shape", [ZCircle, ZPolygon], { error: 'must be "circle" or "polygon"' })
  .superRefine((body, ctx) => {
    if (body.shape !== "polygon") return;
    const problem = polygonProblem(openRing(body.points));
    if (problem) ctx.addIssue({ code: "custom", path: ["points"], message: problem });
  })
  .meta({
    id: "GeofenceInput",
    description:
      "A circle `{name, shape: \"circle\", center, radius_m}` or a polygon `{name, shape: \"polygon\", points}` " +
      `(${MIN_POLYGON_POINTS} to ${MAX_POLYGON_POINTS} corners in order; a closing point equal to the first is dropped; ` +
      "it must not cross itself).",
  });
export type GeofenceBody = z.input<typeof ZGeofenceBody>;

/** A geofence body as the use cases store it: polygon rings open. */
export function parseGeofenceBody(body: unknown): { name: string; geometry: GeofenceGeometry } {
  const parsed = parseInput(ZGeofenceBody, body);
  return parsed.shape === "circle"
    ? { name: parsed.name, geometry: { shape: "circle", center: parsed.center, radiusM: parsed.radius_m } }
    : { name: parsed.name, geometry: { shape: "polygon", points: openRing(parsed.points) } };
}

export const ZGeofenceRef = z.object({ accountId: ZId, geofenceId: ZId });

export const ZGeofenceDto = z
  .object({
    id: z.number().int(),
    name: z.string(),
    shape: z.enum(["circle", "polygon"]),
    center: ZLatLng.nullable().meta({ description: "circle: its centre; null for polygons" }),
    radius_m: z.number().nullable().meta({ description: "circle: its radius in metres; null for polygons" }),
    points: z.array(ZLatLng).nullable().meta({ description: "polygon: its corners in order; null for circles" }),
    created_at: z.string().meta({ description: "ISO 8601" }),
    updated_at: z.string().meta({ description: "ISO 8601" }),
  })
  .meta({ id: "Geofence" });
export type GeofenceDto = z.infer<typeof ZGeofenceDto>;

export const ZGeofencePage = z
  .object({ data: z.array(ZGeofenceDto), next_cursor: z.string().nullable() })
  .meta({ id: "GeofencePage" });
export type GeofencePage = z.infer<typeof ZGeofencePage>;

export const geofenceSelect = {
  id: true,
  name: true,
  shape: true,
  centerLat: true,
  centerLng: true,
  radiusM: true,
  points: true,
  createdAt: true,
  updatedAt: true,
} as const;

export interface GeofenceRow {
  id: number;
  name: string;
  shape: "circle" | "polygon";
  centerLat: number | null;
  centerLng: number | null;
  radiusM: number | null;
  points: unknown;
  createdAt: Date;
  updatedAt: Date;
}

/** the stored geometry of a row */
export function rowGeometry(row: Pick<GeofenceRow, "shape" | "centerLat" | "centerLng" | "radiusM" | "points">): GeofenceGeometry {
  if (row.shape === "circle") {
    return { shape: "circle", center: { latitude: row.centerLat ?? 0, longitude: row.centerLng ?? 0 }, radiusM: row.radiusM ?? 0 };
  }
  return { shape: "polygon", points: (row.points as LatLng[] | null) ?? [] };
}

export function toGeofenceDto(row: GeofenceRow): GeofenceDto {
  const geometry = rowGeometry(row);
  return {
    id: row.id,
    name: row.name,
    shape: geometry.shape,
    center: geometry.shape === "circle" ? geometry.center : null,
    radius_m: geometry.shape === "circle" ? geometry.radiusM : null,
    points: geometry.shape === "polygon" ? geometry.points : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
