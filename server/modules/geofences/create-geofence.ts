// Creates a circle or polygon geofence of an account, within its quota (accounts/account-quotas.ts).
import { db } from "../../db/client";
import { takeAccountQuota } from "../accounts/account-quotas";
import { geometryColumns } from "./geofence-columns";
import { type GeofenceDto, geofenceSelect, parseGeofenceBody, toGeofenceDto } from "./geofences.schema";

export async function createGeofence(input: { accountId: number; body: unknown }): Promise<GeofenceDto> {
  const { name, geometry } = parseGeofenceBody(input.body);
  const row = await db().$transaction(async (tx) => {
    await takeAccountQuota(tx, input.accountId, "geofences");
    return tx.geofence.create({
      data: { accountId: input.accountId, name, ...geometryColumns(geometry) },
      select: geofenceSelect,
    });
  });
  return toGeofenceDto(row);
}
