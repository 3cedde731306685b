// Deletes a geofence no rule uses. A geofence a rule watches is refused (GEOFENCE_IN_USE, naming the rules): deleting
// it would make the rule silently useless; delete or change the rules first.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { ZGeofenceRef } from "./geofences.schema";

export async function deleteGeofence(input: { accountId: number; geofenceId: number }): Promise<{ id: number }> {
  const { accountId, geofenceId } = parseInput(ZGeofenceRef, input);
  return db().$transaction(async (tx) => {
    const geofence = await tx.geofence.findFirst({
      where: { id: geofenceId, accountId },
      select: { id: true, rules: { select: { id: true, name: true }, orderBy: { id: "asc" } } },
    });
    if (!geofence) throw new AppError("GEOFENCE_NOT_FOUND", `geofence ${geofenceId} not found`);
    if (geofence.rules.length > 0) {
      const names = geofence.rules.map((rule) => `"${rule.name}" (${rule.id})`).join(", ");
      throw new AppError("GEOFENCE_IN_USE", `The geofence is used by the alert rules ${names}; change or delete them first.`);
    }
    await tx.geofence.delete({ where: { id: geofenceId } });
    return { id: geofenceId };
  });
}
