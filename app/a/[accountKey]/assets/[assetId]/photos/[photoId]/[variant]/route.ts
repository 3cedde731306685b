// GET /a/{accountKey}/assets/{assetId}/photos/{photoId}/image|thumbnail: a photo's file for the signed-in dashboard
// user who reads assets (the gallery's <img> tags carry the session cookie, not an API token), served as the REST
// route serves it (ETag, 304, caching: server/http/photo-upload.ts).
import { AppError } from "@/server/errors";
import { photoFileResponse } from "@/server/http/photo-upload";
import { idParam } from "@/server/http/request-input";
import { withDashboardMember } from "@/server/auth/with-dashboard-member";
import { PHOTO_VARIANTS, type PhotoVariant } from "@/server/modules/asset-photos/asset-photos.schema";
import { readAssetPhotoFile } from "@/server/modules/asset-photos/read-asset-photo-file";

export const dynamic = "force-dynamic";

export const GET = withDashboardMember<{ accountKey: string; assetId: string; photoId: string; variant: string }>(
  "assets.read",
  async ({ request, params, account }) => {
    const variant = params.variant as PhotoVariant;
    if (!PHOTO_VARIANTS.includes(variant)) throw new AppError("NOT_FOUND", "Not found.");
    const file = await readAssetPhotoFile({
      accountId: account.id,
      assetId: idParam(params.assetId, "ASSET_NOT_FOUND"),
      photoId: idParam(params.photoId, "ASSET_PHOTO_NOT_FOUND"),
      variant,
    });
    return photoFileResponse(request, file, variant);
  },
);
