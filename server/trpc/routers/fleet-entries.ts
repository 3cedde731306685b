// Fuel and odometer entries for the dashboard's asset page (docs/fleet-records.md): the same use cases and body shapes
// as REST /fuel-entry and /odometer-entry. Members who read assets read them; those who write assets log them. The
// use cases take the member's scope: a member limited to some groups reads and logs entries of their assets only.
import { z } from "zod";
import { createFuelEntry } from "../../modules/fuel-entries/create-fuel-entry";
import { deleteFuelEntry } from "../../modules/fuel-entries/delete-fuel-entry";
import { listFuelEntries } from "../../modules/fuel-entries/list-fuel-entries";
import { replaceFuelEntry } from "../../modules/fuel-entries/replace-fuel-entry";
import { summariseFuelEntries } from "../../modules/fuel-entries/summarise-fuel-entries";
import { createOdometerEntry } from "../../modules/odometer-entries/create-odometer-entry";
import { deleteOdometerEntry } from "../../modules/odometer-entries/delete-odometer-entry";
import { listOdometerEntries } from "../../modules/odometer-entries/list-odometer-entries";
import { ZPageInput } from "../../modules/paging";
import { createTrpcRouter, requirePermission } from "../trpc";

const ZAssetPage = ZPageInput.extend({ assetId: z.number().int().positive() });
const ZEntryId = z.object({ entryId: z.number().int().positive() });
const ZBody = z.object({ body: z.record(z.string(), z.unknown()) });

export const fleetEntriesRouter = createTrpcRouter({
  fuelList: requirePermission("assets.read")
    .input(ZAssetPage)
    .query(({ ctx, input }) => listFuelEntries({ accountId: ctx.account.id, scope: ctx.scope, assetId: input.assetId, cursor: input.cursor, limit: input.limit })),
  fuelSummary: requirePermission("assets.read")
    .input(z.object({ assetId: z.number().int().positive() }))
    .query(({ ctx, input }) => summariseFuelEntries({ accountId: ctx.account.id, scope: ctx.scope, assetId: input.assetId })),
  fuelCreate: requirePermission("assets.write")
    .input(ZBody)
    .mutation(({ ctx, input }) => createFuelEntry({ accountId: ctx.account.id, scope: ctx.scope, body: input.body })),
  fuelReplace: requirePermission("assets.write")
    .input(ZBody.extend(ZEntryId.shape))
    .mutation(({ ctx, input }) => replaceFuelEntry({ accountId: ctx.account.id, scope: ctx.scope, entryId: input.entryId, body: input.body })),
  fuelDelete: requirePermission("assets.write")
    .input(ZEntryId)
    .mutation(({ ctx, input }) => deleteFuelEntry({ accountId: ctx.account.id, scope: ctx.scope, entryId: input.entryId })),
  odometerList: requirePermission("assets.read")
    .input(ZAssetPage)
    .query(({ ctx, input }) => listOdometerEntries({ accountId: ctx.account.id, scope: ctx.scope, assetId: input.assetId, cursor: input.cursor, limit: input.limit })),
  odometerCreate: requirePermission("assets.write")
    .input(ZBody)
    .mutation(({ ctx, input }) => createOdometerEntry({ accountId: ctx.account.id, scope: ctx.scope, body: input.body })),
  odometerDelete: requirePermission("assets.write")
    .input(ZEntryId)
    .mutation(({ ctx, input }) => deleteOdometerEntry({ accountId: ctx.account.id, scope: ctx.scope, entryId: input.entryId })),
});
