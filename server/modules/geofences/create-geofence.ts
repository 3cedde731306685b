// Creates a circle or polygon geofence of an account.
import { db } from "../../db/client";
import { ensureAccount } from "../accounts/ensure-account";
import { geometryColumns } from "./geofence-columns";
import { type GeofenceDto, geofenceSelect, parseGeofenceBody, toGeofenceDto } from "./geofences.schema";

export async function createGeofence(input: { accountId: number; body: unknown }): Promise<GeofenceDto> {
  const { name, geometry } = parseGeofenceBody(input.body);
  const prisma = db();
  await ensureAccount(prisma, input.accountId);
  const row = await prisma.geofence.create({
    data: { accountId: input.accountId, name, ...geometryColumns(geometry) },
    select: geofenceSelect,
  });
  return toGeofenceDto(row);
}
