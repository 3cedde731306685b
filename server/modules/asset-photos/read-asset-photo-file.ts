// The bytes of a photo's full image or thumbnail, as they are served: the full image is the original while the
// account keeps photo locations, else the copy stripped of metadata (the original itself when it had none).
import { z } from "zod";
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { loadPhotoContext } from "./asset-photo-context";
import { PHOTO_VARIANTS, photoNotFound, storedVariant, ZPhotoRef } from "./asset-photos.schema";

const ZReadFile = ZPhotoRef.extend({ variant: z.enum(PHOTO_VARIANTS) });

export interface PhotoFileBytes {
  contentType: string;
  /** a file name for Content-Disposition: photo-12.jpg, photo-12-thumbnail.webp */
  fileName: string;
  /** the strong ETag (quoted): the body's SHA-256 */
  etag: string;
  body: Uint8Array;
}

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

export async function readAssetPhotoFile(input: z.input<typeof ZReadFile>): Promise<PhotoFileBytes> {
  const { accountId, assetId, photoId, variant } = parseInput(ZReadFile, input);
  const { keepLocation } = await loadPhotoContext({ accountId, assetId });
  const photo = await db().assetPhoto.findFirst({
    where: { id: photoId, assetId, accountId },
    select: { files: { select: { variant: true } } },
  });
  if (!photo) throw photoNotFound(photoId);
  const hasStripped = photo.files.some((file) => file.variant === "stripped");
  const file = await db().assetPhotoFile.findUnique({
    where: { photoId_variant: { photoId, variant: storedVariant(variant, keepLocation, hasStripped) } },
    select: { contentType: true, sha256: true, body: true },
  });
  if (!file) throw photoNotFound(photoId);
  const suffix = variant === "thumbnail" ? "-thumbnail" : "";
  return {
    contentType: file.contentType,
    fileName: `photo-${photoId}${suffix}.${EXTENSIONS[file.contentType] ?? "bin"}`,
    etag: `"${file.sha256}"`,
    body: file.body,
  };
}
