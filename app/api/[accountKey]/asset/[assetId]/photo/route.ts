// /api/{account_key}/asset/{id}/photo: the asset's photos (docs/fleet-records.md "Photos"). GET lists them in id
// order ({data, next_cursor}); POST uploads one (multipart/form-data field `photo`, or the image as the body with an
// image/* Content-Type): 201 {data} + Location. JPEG, PNG and WebP only, told by the bytes (415 otherwise), at most
// 10 MiB (413) and 100 megapixels (422); at most 100 photos an asset and 10,000 an account (422 QUOTA_EXCEEDED).
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { PHOTO_UPLOAD_RATE_LIMIT, readPhotoUpload } from "@/server/http/photo-upload";
import { idParam, readQuery } from "@/server/http/request-input";
import { jsonResponse } from "@/server/http/api-response";
import { withApiAuth } from "@/server/http/with-api-auth";
import { listAssetPhotos } from "@/server/modules/asset-photos/list-asset-photos";
import { uploadAssetPhoto } from "@/server/modules/asset-photos/upload-asset-photo";
import { ZPageQuery } from "@/server/modules/paging";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; assetId: string };

export const GET = withApiAuth<Params>({ scope: "assets:read" }, async ({ request, params, account }) => {
  const assetId = idParam(params.assetId, "ASSET_NOT_FOUND");
  const { cursor, limit } = readQuery(request, ZPageQuery);
  return listAssetPhotos({ accountId: account.id, assetId, cursor, limit, basePath: `/api/${account.key}/asset/${assetId}/photo` });
});

export const POST = withApiAuth<Params>(
  { scope: "assets:write", rateLimit: PHOTO_UPLOAD_RATE_LIMIT },
  async ({ request, params, account, client }) => {
    const assetId = idParam(params.assetId, "ASSET_NOT_FOUND");
    const basePath = `/api/${account.key}/asset/${assetId}/photo`;
    const photo = await uploadAssetPhoto({
      accountId: account.id,
      assetId,
      bytes: await readPhotoUpload(request),
      createdBy: `oauth:${client.clientId}`,
      basePath,
    });
    return jsonResponse({ data: photo }, { status: 201, headers: { location: `${basePath}/${photo.id}` } });
  },
);

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
