// /api/{account_key}/asset/{id}/photo/{photoId}: one photo's record (GET, without its bytes: image_url and
// thumbnail_url name them) and its removal with its files (DELETE, 204).
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { deleteAssetPhoto } from "@/server/modules/asset-photos/delete-asset-photo";
import { getAssetPhoto } from "@/server/modules/asset-photos/get-asset-photo";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; assetId: string; photoId: string };

export const GET = withApiAuth<Params>({ scope: "assets:read" }, async ({ params, account }) => {
  const assetId = idParam(params.assetId, "ASSET_NOT_FOUND");
  const photoId = idParam(params.photoId, "ASSET_PHOTO_NOT_FOUND");
  return { data: await getAssetPhoto({ accountId: account.id, assetId, photoId, basePath: `/api/${account.key}/asset/${assetId}/photo` }) };
});

export const DELETE = withApiAuth<Params>({ scope: "assets:write" }, async ({ params, account }) => {
  const assetId = idParam(params.assetId, "ASSET_NOT_FOUND");
  await deleteAssetPhoto({ accountId: account.id, assetId, photoId: idParam(params.photoId, "ASSET_PHOTO_NOT_FOUND") });
  return new Response(null, { status: 204 });
});

export const POST = methodNotAllowed(["GET", "DELETE"]);
export const PUT = POST;
export const PATCH = POST;
