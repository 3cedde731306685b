// Drivers of school routes for the dashboard: every member reads them; roles that import (imports.manage) add,
// edit and delete them, since imports name drivers. Bodies are the use cases' inputs, validated there, so forms get
// the same field errors as every other caller. Scorecards rank drivers by the trips of the assets the member sees
// (assets.read: every role), so a member limited to groups sees their groups' drivers only.
import { z } from "zod";
import { createDriver } from "../../modules/drivers/create-driver";
import { deleteDriver } from "../../modules/drivers/delete-driver";
import { ZListDriverScorecards } from "../../modules/drivers/driver-scorecards.schema";
import { getDriver } from "../../modules/drivers/get-driver";
import { listDriverScorecards } from "../../modules/drivers/list-driver-scorecards";
import { listDrivers } from "../../modules/drivers/list-drivers";
import { updateDriver } from "../../modules/drivers/update-driver";
import { accountProcedure, createTrpcRouter, requirePermission } from "../trpc";
import { ZPageInput } from "../../modules/paging";

const ZDriverId = z.number().int().positive();
const ZBody = z.record(z.string(), z.unknown());

export const driversRouter = createTrpcRouter({
  list: accountProcedure
    .input(ZPageInput)
    .query(({ ctx, input }) => listDrivers({ accountId: ctx.account.id, cursor: input.cursor, limit: input.limit })),

  get: accountProcedure
    .input(z.object({ driverId: ZDriverId }))
    .query(({ ctx, input }) => getDriver({ accountId: ctx.account.id, driverId: input.driverId })),

  scorecards: requirePermission("assets.read")
    .input(ZListDriverScorecards)
    .query(({ ctx, input }) => listDriverScorecards({ scope: ctx.scope, period: input.period, offset: input.offset })),

  create: requirePermission("imports.manage")
    .input(z.object({ body: ZBody }))
    .mutation(({ ctx, input }) => createDriver({ ...input.body, accountId: ctx.account.id } as Parameters<typeof createDriver>[0])),

  update: requirePermission("imports.manage")
    .input(z.object({ driverId: ZDriverId, body: ZBody }))
    .mutation(({ ctx, input }) =>
      updateDriver({ ...input.body, accountId: ctx.account.id, driverId: input.driverId } as Parameters<typeof updateDriver>[0]),
    ),

  delete: requirePermission("imports.manage")
    .input(z.object({ driverId: ZDriverId }))
    .mutation(({ ctx, input }) => deleteDriver({ accountId: ctx.account.id, driverId: input.driverId })),
});
