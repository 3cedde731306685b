// Asset photos (docs/fleet-records.md "Photos"): the limits, the PhotoDto every transport answers with, and the
// select that reads a photo without its bytes.
import { z } from "zod";
import { AppError } from "../../errors";

export const PHOTO_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];

export const PHOTO_LIMITS = {
  /** bytes of one photo; a larger upload is 413 and is not read past this */
  maxBytes: 10 * 1024 * 1024, // 10 MiB
  /** width x height; a larger image is 422 before a pixel is decoded (decompression bombs) */
  maxPixels: 100_000_000,
  /** the thumbnail fits in a square this many pixels wide */
  thumbnailSize: 400,
  /** photos one asset may hold (the account's total is ACCOUNT_QUOTAS.asset_photos) */
  perAsset: 100,
} as const;

const ZId = z.number().int().positive();
export const ZAssetRef = z.object({ accountId: ZId, assetId: ZId });
export const ZPhotoRef = ZAssetRef.extend({ photoId: ZId });
export type PhotoRef = z.infer<typeof ZPhotoRef>;

/** the two files a client fetches */
export const PHOTO_VARIANTS = ["image", "thumbnail"] as const;
export type PhotoVariant = (typeof PHOTO_VARIANTS)[number];

export const ZPhotoDto = z
  .object({
    id: z.number().int(),
    asset_id: z.number().int(),
    content_type: z.enum(PHOTO_CONTENT_TYPES).meta({ description: "Told by the bytes, whatever the upload was named or declared." }),
    size: z.number().int().meta({ description: "Bytes of the image at image_url (as served now: see location)." }),
    width: z.number().int().meta({ description: "Pixels, EXIF orientation applied." }),
    height: z.number().int(),
    taken_at: z
      .string()
      .nullable()
      .meta({ description: "ISO 8601, from EXIF DateTimeOriginal (its offset when recorded, else the account's time zone); null without it." }),
    location: z
      .object({ latitude: z.number(), longitude: z.number() })
      .nullable()
      .meta({ description: "EXIF GPS position: only while the account keeps photo locations, else always null." }),
    created_at: z.string().meta({ description: "ISO 8601: when it was uploaded." }),
    image_url: z.string().meta({ description: "Path of the full image (same credentials)." }),
    thumbnail_url: z.string().meta({ description: "Path of the thumbnail: WebP within 400 x 400 pixels." }),
    thumbnail: z.object({ content_type: z.string(), width: z.number().int(), height: z.number().int(), size: z.number().int() }),
  })
  .meta({ id: "AssetPhoto" });
export type PhotoDto = z.infer<typeof ZPhotoDto>;

export const ZPhotoPage = z.object({ data: z.array(ZPhotoDto), next_cursor: z.string().nullable() }).meta({ id: "AssetPhotoPage" });
export type PhotoPage = z.infer<typeof ZPhotoPage>;

const fileSelect = { variant: true, contentType: true, size: true, width: true, height: true } as const;

/** a photo without any bytes */
export const photoSelect = {
  id: true,
  assetId: true,
  contentType: true,
  width: true,
  height: true,
  takenAt: true,
  latitude: true,
  longitude: true,
  createdAt: true,
  files: { select: fileSelect },
} as const;

interface PhotoRow {
  id: number;
  assetId: number;
  contentType: string;
  width: number;
  height: number;
  takenAt: Date | null;
  latitude: number | null;
  longitude: number | null;
  createdAt: Date;
  files: { variant: "original" | "stripped" | "thumbnail"; contentType: string; size: number; width: number; height: number }[];
}

/** which stored file answers a variant: the original while the account keeps locations, else the stripped copy when there is one */
export function storedVariant(variant: PhotoVariant, keepLocation: boolean, hasStripped: boolean): "original" | "stripped" | "thumbnail" {
  if (variant === "thumbnail") return "thumbnail";
  return keepLocation || !hasStripped ? "original" : "stripped";
}

/**
 * The DTO; `basePath` is where the photo collection is reached by the caller (REST: /api/{key}/asset/{id}/photo, the
 * dashboard its session routes), so the URLs work with the caller's own credentials.
 */
export function toPhotoDto(row: PhotoRow, options: { keepLocation: boolean; basePath: string }): PhotoDto {
  const file = (variant: string) => row.files.find((f) => f.variant === variant);
  const image = file(storedVariant("image", options.keepLocation, file("stripped") !== undefined))!;
  const thumbnail = file("thumbnail")!;
  const located = options.keepLocation && row.latitude !== null && row.longitude !== null;
  return {
    id: row.id,
    asset_id: row.assetId,
    content_type: row.contentType as PhotoContentType,
    size: image.size,
    width: row.width,
    height: row.height,
    taken_at: row.takenAt?.toISOString() ?? null,
    location: located ? { latitude: row.latitude!, longitude: row.longitude! } : null,
    created_at: row.createdAt.toISOString(),
    image_url: `${options.basePath}/${row.id}/image`,
    thumbnail_url: `${options.basePath}/${row.id}/thumbnail`,
    thumbnail: { content_type: thumbnail.contentType, width: thumbnail.width, height: thumbnail.height, size: thumbnail.size },
  };
}

export function photoNotFound(photoId: number): AppError {
  return new AppError("ASSET_PHOTO_NOT_FOUND", `photo ${photoId} not found`);
}

export function assetNotFound(assetId: number): AppError {
  return new AppError("ASSET_NOT_FOUND", `asset ${assetId} not found`);
}

/** The per-asset cap (PHOTO_LIMITS.perAsset): 422 QUOTA_EXCEEDED with `quota` like the account quotas. */
export class AssetPhotoQuotaError extends AppError {
  readonly quota: { resource: "asset_photos_per_asset"; limit: number; count: number };

  constructor(limit: number, count: number) {
    super("QUOTA_EXCEEDED", `An asset can have at most ${limit} photos and this one has ${count}; delete photos it no longer needs first.`);
    this.quota = { resource: "asset_photos_per_asset", limit, count };
  }
}
