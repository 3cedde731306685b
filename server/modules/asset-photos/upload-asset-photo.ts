// Stores a photo of an asset: the bytes are checked and processed first (processPhoto: type from the bytes, pixel
// limit, thumbnail, stripped copy), outside any transaction; then, under the account's photo quota lock, the
// per-asset cap is checked and the photo and its files are written at once.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { takeAccountQuota } from "../accounts/account-quotas";
import { parseInput } from "../parse-input";
import { zonedInstant } from "../time/zoned-time";
import { z } from "zod";
import { loadPhotoContext } from "./asset-photo-context";
import { AssetPhotoQuotaError, PHOTO_LIMITS, type PhotoDto, photoSelect, toPhotoDto, ZAssetRef } from "./asset-photos.schema";
import type { ExifFacts } from "./exif";
import { processPhoto } from "./photo-image";

const ZUpload = ZAssetRef.extend({
  createdBy: z.string().min(1).max(100),
  basePath: z.string().min(1),
});

export async function uploadAssetPhoto(input: z.input<typeof ZUpload> & { bytes: Uint8Array }): Promise<PhotoDto> {
  const { accountId, assetId, createdBy, basePath } = parseInput(ZUpload, input);
  if (input.bytes.byteLength > PHOTO_LIMITS.maxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", `A photo may be at most ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MiB.`);
  }
  const context = await loadPhotoContext({ accountId, assetId });
  const photo = await processPhoto(input.bytes);
  const row = await db().$transaction(async (tx) => {
    await takeAccountQuota(tx, accountId, "asset_photos");
    await loadPhotoContext({ accountId, assetId }, tx); // deleted meanwhile: 404, not a foreign-key error
    const count = await tx.assetPhoto.count({ where: { assetId } });
    if (count >= PHOTO_LIMITS.perAsset) throw new AssetPhotoQuotaError(PHOTO_LIMITS.perAsset, count);
    const files = [
      { variant: "original" as const, ...photo.original },
      ...(photo.stripped ? [{ variant: "stripped" as const, ...photo.stripped }] : []),
      { variant: "thumbnail" as const, ...photo.thumbnail },
    ].map(({ body, ...file }) => ({ ...file, size: body.byteLength, body }));
    return tx.assetPhoto.create({
      data: {
        accountId,
        assetId,
        contentType: photo.contentType,
        width: photo.width,
        height: photo.height,
        takenAt: takenAt(photo.exif, context.timeZone),
        latitude: photo.exif.latitude,
        longitude: photo.exif.longitude,
        createdBy,
        files: { create: files },
      },
      select: photoSelect,
    });
  });
  return toPhotoDto(row, { keepLocation: context.keepLocation, basePath });
}

/** the camera's local time at its recorded offset, else read in the account's time zone (cameras keep local time) */
export function takenAt(exif: ExifFacts, timeZone: string): Date | null {
  if (!exif.takenLocal) return null;
  if (exif.takenOffset) return new Date(`${exif.takenLocal}${exif.takenOffset}`);
  const [date, time] = exif.takenLocal.split("T") as [string, string];
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute, seconds] = time.split(":").map(Number) as [number, number, number];
  return new Date(zonedInstant({ year, month, day }, hour * 60 + minute, timeZone) + Math.round(seconds * 1000));
}
