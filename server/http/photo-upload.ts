// How a photo reaches the server and leaves it (docs/fleet-records.md "Photos"), for the REST routes and the
// dashboard's session routes alike.
//
// In: `multipart/form-data` with the image in the field `photo` (what an HTML form or FormData sends), or the bytes
// themselves as the body with any `image/*` type or `application/octet-stream`. The declared type is only how the
// body is framed: what the image is comes from its bytes (processPhoto). Any other Content-Type is 415. The body is
// read under a cap (the photo's 10 MiB plus 64 KiB for the multipart envelope): a larger one is 413 without being
// read further; a multipart photo over 10 MiB is 413 too.
//
// Out: the image with its own type, `Content-Disposition: inline`, a strong ETag (the bytes' SHA-256) answered with
// 304 on If-None-Match, `nosniff` and a CSP that lets nothing run. Thumbnails never change (immutable, a year); the
// full image may (the account's location setting picks the original or the stripped copy): revalidated each time.
import { AppError } from "../errors";
import { PHOTO_LIMITS, type PhotoVariant } from "../modules/asset-photos/asset-photos.schema";
import { type PhotoFileBytes, readAssetPhotoFile } from "../modules/asset-photos/read-asset-photo-file";
import { KIB, payloadTooLarge, readBodyBytes } from "./read-body";
import { idParam } from "./request-input";
import { withApiAuth } from "./with-api-auth";

/** room for the multipart boundaries and part headers around the photo */
const MULTIPART_ENVELOPE_BYTES = 64 * KIB;

const RAW_TYPES = /^(image\/[a-z0-9.+-]+|application\/octet-stream)\s*(;|$)/i;

function unsupported(): AppError {
  return new AppError(
    "UNSUPPORTED_MEDIA_TYPE",
    "Send the photo as multipart/form-data in the field `photo`, or as the request body with an image/* Content-Type.",
  );
}

/** The uploaded photo's bytes (not yet checked: processPhoto tells what they are). */
export async function readPhotoUpload(request: Request): Promise<Uint8Array> {
  const type = request.headers.get("content-type") ?? "";
  if (RAW_TYPES.test(type)) return readBodyBytes(request, PHOTO_LIMITS.maxBytes);
  if (!/^multipart\/form-data\s*;/i.test(type)) throw unsupported();

  const body = await readBodyBytes(request, PHOTO_LIMITS.maxBytes + MULTIPART_ENVELOPE_BYTES);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw new AppError("BAD_REQUEST", "The multipart/form-data body is malformed.");
  }
  const parts = form.getAll("photo");
  const missing = (message: string) => new AppError("VALIDATION_FAILED", `photo: ${message}`, [{ field: "photo", message }]);
  if (parts.length === 0) throw missing("is required (a file in the form field `photo`)");
  if (parts.length > 1) throw missing("send one photo per request");
  const part = parts[0]!;
  if (typeof part === "string") throw missing("must be a file, not a text field");
  if (part.size > PHOTO_LIMITS.maxBytes) throw payloadTooLarge(PHOTO_LIMITS.maxBytes);
  return new Uint8Array(await part.arrayBuffer());
}

/** a thumbnail's bytes never change; a full image may (keep-location setting), so it is revalidated */
const CACHE_CONTROL = { image: "private, no-cache", thumbnail: "private, max-age=31536000, immutable" } as const;

export function photoFileResponse(request: Request, file: PhotoFileBytes, variant: "image" | "thumbnail"): Response {
  const headers: Record<string, string> = {
    "content-type": file.contentType,
    "content-disposition": `inline; filename="${file.fileName}"`,
    "cache-control": CACHE_CONTROL[variant],
    etag: file.etag,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
  };
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => [file.etag, `W/${file.etag}`, "*"].includes(tag.trim()))) {
    return new Response(null, { status: 304, headers });
  }
  const body = request.method === "HEAD" ? null : new Uint8Array(file.body);
  return new Response(body, { status: 200, headers: { ...headers, "content-length": String(file.body.byteLength) } });
}

/** uploads per client (REST) or user (dashboard) a minute: each one decodes and encodes images */
export const PHOTO_UPLOAD_RATE_LIMIT = { name: "asset-photo-upload", points: 60, duration: 60 } as const;

/** GET of a photo's image or thumbnail over REST (assets:read): the two routes differ only in the variant */
export function restPhotoFileGet(variant: PhotoVariant) {
  return withApiAuth<{ accountKey: string; assetId: string; photoId: string }>({ scope: "assets:read" }, async ({ request, params, account }) => {
    const file = await readAssetPhotoFile({
      accountId: account.id,
      assetId: idParam(params.assetId, "ASSET_NOT_FOUND"),
      photoId: idParam(params.photoId, "ASSET_PHOTO_NOT_FOUND"),
      variant,
    });
    return photoFileResponse(request, file, variant);
  });
}
