// An asset's photos for the dashboard's gallery (docs/fleet-records.md "Photos"): members who read assets list them,
// admins and fleet managers delete them. Uploads and the image bytes go through the session routes under
// /a/{accountKey}/assets/{assetId}/photos (a file does not travel well in a tRPC call), which the URLs name.
import { z } from "zod";
import { deleteAssetPhoto } from "../../modules/asset-photos/delete-asset-photo";
import { listAssetPhotos } from "../../modules/asset-photos/list-asset-photos";
import { ZPageInput } from "../../modules/paging";
import { createTrpcRouter, requirePermission } from "../trpc";

const ZAssetId = z.number().int().positive();

/** where the dashboard reaches an asset's photo files with its session */
export function dashboardPhotoPath(accountKey: string, assetId: number): string {
  return `/a/${encodeURIComponent(accountKey)}/assets/${assetId}/photos`;
}

export const assetPhotosRouter = createTrpcRouter({
  list: requirePermission("assets.read")
    .input(ZPageInput.extend({ assetId: ZAssetId }))
    .query(({ ctx, input }) =>
      listAssetPhotos({
        accountId: ctx.account.id,
        assetId: input.assetId,
        cursor: input.cursor,
        limit: input.limit,
        basePath: dashboardPhotoPath(ctx.account.key, input.assetId),
      }),
    ),

  delete: requirePermission("assets.write")
    .input(z.object({ assetId: ZAssetId, photoId: z.number().int().positive() }))
    .mutation(({ ctx, input }) => deleteAssetPhoto({ accountId: ctx.account.id, assetId: input.assetId, photoId: input.photoId })),
});
