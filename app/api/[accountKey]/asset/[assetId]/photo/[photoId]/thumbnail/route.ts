// GET /api/{account_key}/asset/{id}/photo/{photoId}/thumbnail: the photo's thumbnail (WebP within 400 x 400
// pixels), with a strong ETag (304 on If-None-Match); server/http/photo-upload.ts says how it is served.
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { photoFileResponse } from "@/server/http/photo-upload";
import { idParam } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { readAssetPhotoFile } from "@/server/modules/asset-photos/read-asset-photo-file";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string; assetId: string; photoId: string }>(
  { scope: "assets:read" },
  async ({ request, params, account }) => {
    const file = await readAssetPhotoFile({
      accountId: account.id,
      assetId: idParam(params.assetId, "ASSET_NOT_FOUND"),
      photoId: idParam(params.photoId, "ASSET_PHOTO_NOT_FOUND"),
      variant: "thumbnail",
    });
    return photoFileResponse(request, file, "thumbnail");
  },
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
