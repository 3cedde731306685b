// An asset's authorised drivers for the dashboard: every member reads the list and its sync status (the key ids in
// full only with vehicles.control, masked for the others); admins and fleet managers (vehicles.control, like the
// API's control:write) replace the list and set the immobiliser. Bodies are the
// use cases' inputs, validated there, so the form gets the same field errors as the REST API.
import { z } from "zod";
import { getAuthorisedDriverSyncStatus } from "../../modules/authorised-drivers/get-authorised-driver-sync-status";
import { getAuthorisedDrivers } from "../../modules/authorised-drivers/get-authorised-drivers";
import { replaceAuthorisedDrivers } from "../../modules/authorised-drivers/replace-authorised-drivers";
import { setAuthorisedDriverImmobiliser } from "../../modules/authorised-drivers/set-authorised-driver-immobiliser";
import { can } from "../../modules/users/roles";
import { accountProcedure, createTrpcRouter, requirePermission } from "../trpc";

const ZAssetId = z.number().int().positive();

export const authorisedDriversRouter = createTrpcRouter({
  get: accountProcedure.input(z.object({ assetId: ZAssetId })).query(async ({ ctx, input }) => {
    const ref = { accountId: ctx.account.id, assetId: input.assetId, keyIds: can(ctx.role, "vehicles.control") ? "full" : "masked" } as const;
    const [list, status] = await Promise.all([getAuthorisedDrivers(ref), getAuthorisedDriverSyncStatus(ref)]);
    return { list, status };
  }),

  replace: requirePermission("vehicles.control")
    .input(z.object({ assetId: ZAssetId, drivers: z.unknown() }))
    .mutation(({ ctx, input }) =>
      replaceAuthorisedDrivers({ accountId: ctx.account.id, assetId: input.assetId, body: { drivers: input.drivers } }),
    ),

  setImmobiliser: requirePermission("vehicles.control")
    .input(z.object({ assetId: ZAssetId, enabled: z.boolean() }))
    .mutation(({ ctx, input }) =>
      setAuthorisedDriverImmobiliser({ accountId: ctx.account.id, assetId: input.assetId, body: { enabled: input.enabled } }),
    ),
});
