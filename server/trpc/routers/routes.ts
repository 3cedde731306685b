// School routes and their stops for the dashboard: every member reads them; roles that import (imports.manage)
// create, edit and delete routes and add, edit, reorder and remove stops. Bodies are the use cases' inputs,
// validated there (the import's parsers), so forms get field errors in the import's words.
import { z } from "zod";
import { addRouteStop } from "../../modules/routes/add-route-stop";
import { createRoute } from "../../modules/routes/create-route";
import { deleteRoute } from "../../modules/routes/delete-route";
import { deleteRouteStop } from "../../modules/routes/delete-route-stop";
import { getRoute } from "../../modules/routes/get-route";
import { listRoutes } from "../../modules/routes/list-routes";
import { reorderRouteStops } from "../../modules/routes/reorder-route-stops";
import { updateRouteStop } from "../../modules/routes/update-route-stop";
import { updateRouteWithLinks } from "../../modules/tracking-links/update-route-with-links";
import { accountProcedure, createTrpcRouter, requirePermission } from "../trpc";
import { ZPageInput } from "../../modules/paging";

const ZId = z.number().int().positive();
const ZBody = z.record(z.string(), z.unknown());

export const routesRouter = createTrpcRouter({
  list: accountProcedure
    .input(ZPageInput)
    .query(({ ctx, input }) => listRoutes({ accountId: ctx.account.id, cursor: input.cursor, limit: input.limit })),

  get: accountProcedure.input(z.object({ routeId: ZId })).query(({ ctx, input }) => getRoute({ accountId: ctx.account.id, routeId: input.routeId })),

  create: requirePermission("imports.manage")
    .input(z.object({ body: ZBody }))
    .mutation(({ ctx, input }) => createRoute({ ...input.body, accountId: ctx.account.id } as Parameters<typeof createRoute>[0])),

  update: requirePermission("imports.manage")
    .input(z.object({ routeId: ZId, body: ZBody }))
    // the route's tracking links move with its vehicle before the answer (update-route-with-links.ts)
    .mutation(({ ctx, input }) =>
      updateRouteWithLinks({ ...input.body, accountId: ctx.account.id, routeId: input.routeId } as Parameters<typeof updateRouteWithLinks>[0]),
    ),

  delete: requirePermission("imports.manage")
    .input(z.object({ routeId: ZId }))
    .mutation(({ ctx, input }) => deleteRoute({ accountId: ctx.account.id, routeId: input.routeId })),

  addStop: requirePermission("imports.manage")
    .input(z.object({ routeId: ZId, body: ZBody }))
    .mutation(({ ctx, input }) => addRouteStop({ ...input.body, accountId: ctx.account.id, routeId: input.routeId } as Parameters<typeof addRouteStop>[0])),

  updateStop: requirePermission("imports.manage")
    .input(z.object({ stopId: ZId, body: ZBody }))
    .mutation(({ ctx, input }) => updateRouteStop({ ...input.body, accountId: ctx.account.id, stopId: input.stopId } as Parameters<typeof updateRouteStop>[0])),

  deleteStop: requirePermission("imports.manage")
    .input(z.object({ stopId: ZId }))
    .mutation(({ ctx, input }) => deleteRouteStop({ accountId: ctx.account.id, stopId: input.stopId })),

  reorderStops: requirePermission("imports.manage")
    .input(z.object({ routeId: ZId, stopIds: z.array(ZId).max(1_000) }))
    .mutation(({ ctx, input }) => reorderRouteStops({ accountId: ctx.account.id, routeId: input.routeId, stopIds: input.stopIds })),
});
