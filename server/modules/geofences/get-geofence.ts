import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { type GeofenceDto, geofenceSelect, toGeofenceDto, ZGeofenceRef } from "./geofences.schema";

/** A geofence of the account; another account's is GEOFENCE_NOT_FOUND, exactly like a missing one. */
export async function getGeofence(input: { accountId: number; geofenceId: number }): Promise<GeofenceDto> {
  const { accountId, geofenceId } = parseInput(ZGeofenceRef, input);
  const row = await db().geofence.findFirst({ where: { id: geofenceId, accountId }, select: geofenceSelect });
  if (!row) throw new AppError("GEOFENCE_NOT_FOUND", `geofence ${geofenceId} not found`);
  return toGeofenceDto(row);
}
