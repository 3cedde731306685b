// POST /a/{accountKey}/assets/{assetId}/photos: the asset page's photo upload, for the signed-in dashboard user (the
// session cookie, from this server's own pages; admins and fleet managers). Takes what the REST upload takes
// (server/http/photo-upload.ts) and answers the same: 201 {data} with the photo, or the error body ({message, code,
// errors?}) the gallery shows. Uploads count per user (60 a minute).
import { jsonResponse } from "@/server/http/api-response";
import { PHOTO_UPLOAD_RATE_LIMIT, readPhotoUpload } from "@/server/http/photo-upload";
import { idParam } from "@/server/http/request-input";
import { withDashboardMember } from "@/server/auth/with-dashboard-member";
import { uploadAssetPhoto } from "@/server/modules/asset-photos/upload-asset-photo";
import { rateLimiter } from "@/server/security/rate-limit";
import { dashboardPhotoPath } from "@/server/trpc/routers/asset-photos";

export const dynamic = "force-dynamic";

const uploads = rateLimiter(PHOTO_UPLOAD_RATE_LIMIT);

export const POST = withDashboardMember<{ accountKey: string; assetId: string }>("assets.write", async ({ request, params, userId, account }) => {
  const assetId = idParam(params.assetId, "ASSET_NOT_FOUND");
  await uploads.consume(`user:${userId}`);
  const photo = await uploadAssetPhoto({
    accountId: account.id,
    assetId,
    bytes: await readPhotoUpload(request),
    createdBy: `user:${userId}`,
    basePath: dashboardPhotoPath(account.key, assetId),
  });
  return jsonResponse({ data: photo }, { status: 201 });
});
