// Replaces a geofence's name and geometry (PUT semantics: the whole geofence). Rules watching it reload at once.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { notifyRulesChanged } from "./notify-rules-changed";
import { geometryColumns } from "./geofence-columns";
import { type GeofenceDto, geofenceSelect, parseGeofenceBody, toGeofenceDto, ZGeofenceRef } from "./geofences.schema";

export async function updateGeofence(input: { accountId: number; geofenceId: number; body: unknown }): Promise<GeofenceDto> {
  const { accountId, geofenceId } = parseInput(ZGeofenceRef, input);
  const { name, geometry } = parseGeofenceBody(input.body);
  const result = await db().geofence.updateMany({
    where: { id: geofenceId, accountId },
    data: { name, ...geometryColumns(geometry) },
  });
  if (result.count === 0) throw new AppError("GEOFENCE_NOT_FOUND", `geofence ${geofenceId} not found`);
  await notifyRulesChanged(accountId);
  const row = await db().geofence.findUniqueOrThrow({ where: { id: geofenceId }, select: geofenceSelect });
  return toGeofenceDto(row);
}
