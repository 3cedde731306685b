// Geofences for the dashboard's map editor: list, create, replace, delete (one use case each, REST bodies).
import { z } from "zod";
import { createGeofence } from "../../modules/geofences/create-geofence";
import { deleteGeofence } from "../../modules/geofences/delete-geofence";
import { listGeofences } from "../../modules/geofences/list-geofences";
import { updateGeofence } from "../../modules/geofences/update-geofence";
import { createTrpcRouter, requirePermission } from "../trpc";
import { ZPageInput } from "../../modules/paging";

const ZGeofenceId = z.number().int().positive();
const ZBody = z.record(z.string(), z.unknown());

export const geofencesRouter = createTrpcRouter({
  list: requirePermission("alerts.read")
    .input(ZPageInput)
    .query(({ ctx, input }) => listGeofences({ accountId: ctx.account.id, cursor: input.cursor, limit: input.limit })),

  create: requirePermission("alerts.manage")
    .input(z.object({ body: ZBody }))
    .mutation(({ ctx, input }) => createGeofence({ accountId: ctx.account.id, body: input.body })),

  update: requirePermission("alerts.manage")
    .input(z.object({ geofenceId: ZGeofenceId, body: ZBody }))
    .mutation(({ ctx, input }) => updateGeofence({ accountId: ctx.account.id, geofenceId: input.geofenceId, body: input.body })),

  delete: requirePermission("alerts.manage")
    .input(z.object({ geofenceId: ZGeofenceId }))
    .mutation(({ ctx, input }) => deleteGeofence({ accountId: ctx.account.id, geofenceId: input.geofenceId })),
});
