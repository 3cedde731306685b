// Assets and their tracker (one IMEI per asset), and re-keying a phone tracker's device id. Validation of IMEI,
// device id, adapter kind and lengths is the use cases'.
import { z } from "zod";
import { AppError } from "../../errors";
import { isLimited } from "../../modules/asset-scope/asset-scope";
import { createAsset } from "../../modules/assets/create-asset";
import { deleteAsset } from "../../modules/assets/delete-asset";
import { listAssets } from "../../modules/assets/list-assets";
import { rekeyDeviceId } from "../../modules/assets/rekey-device-id";
import { updateAsset } from "../../modules/assets/update-asset";
import { createTrpcRouter, requirePermission } from "../trpc";
import { ZAssetListInput } from "../../modules/assets/assets.schema";

const ZText = z.string().max(1000);
const ZAssetId = z.object({ assetId: z.number().int().positive() });

export const assetsRouter = createTrpcRouter({
  /** one page, with the REST list's filters (group with its subgroups, tag, protocol, status, text) */
  list: requirePermission("assets.read")
    .input(ZAssetListInput)
    .query(({ ctx, input: { accountKey: _key, cursor, ...rest } }) =>
      listAssets({ accountId: ctx.account.id, scope: ctx.scope, cursor: cursor ?? undefined, ...rest }),
    ),

  create: requirePermission("assets.write")
    .input(
      z.object({
        name: ZText,
        plate: ZText.optional(),
        vin: ZText.optional(),
        brand: ZText.optional(),
        model: ZText.optional(),
        imei: ZText.optional(),
        protocol: ZText.optional(),
        adapter: ZText.optional(),
        allowWeakDeviceId: z.boolean().optional(),
      }),
    )
    .mutation(({ ctx, input: { accountKey: _key, ...fields } }) => {
      // a new asset is in no group yet: a group-limited member could not see it (docs/fleet-records.md "Groups as scopes")
      if (isLimited(ctx.scope)) throw new AppError("FORBIDDEN", "Your access is limited to some groups: ask an admin to add vehicles.");
      return createAsset({ accountId: ctx.account.id, ...fields });
    }),

  /** imei/adapter: null removes the tracker / adapter, undefined leaves it. */
  update: requirePermission("assets.write")
    .input(
      ZAssetId.extend({
        name: ZText.optional(),
        plate: ZText.nullable().optional(),
        vin: ZText.nullable().optional(),
        brand: ZText.nullable().optional(),
        model: ZText.nullable().optional(),
        imei: ZText.nullable().optional(),
        protocol: ZText.optional(),
        adapter: ZText.nullable().optional(),
        allowWeakDeviceId: z.boolean().optional(),
      }),
    )
    .mutation(({ ctx, input: { accountKey: _key, ...fields } }) => updateAsset({ accountId: ctx.account.id, ...fields })),

  /** a phone tracker gets a new generated device id (docs/osmand.md); the phone must be set up again */
  rekeyDeviceId: requirePermission("assets.write")
    .input(ZAssetId)
    .mutation(({ ctx, input }) => rekeyDeviceId({ accountId: ctx.account.id, assetId: input.assetId, userId: ctx.userId })),

  delete: requirePermission("assets.write")
    .input(ZAssetId)
    .mutation(async ({ ctx, input }) => {
      await deleteAsset({ accountId: ctx.account.id, assetId: input.assetId });
      return { ok: true as const };
    }),
});
