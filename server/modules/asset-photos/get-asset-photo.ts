// One photo of an asset, without its bytes; another account's (or another asset's) photo is ASSET_PHOTO_NOT_FOUND.
import { z } from "zod";
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { loadPhotoContext } from "./asset-photo-context";
import { type PhotoDto, photoNotFound, photoSelect, toPhotoDto, ZPhotoRef } from "./asset-photos.schema";

const ZGetPhoto = ZPhotoRef.extend({ basePath: z.string().min(1) });

export async function getAssetPhoto(input: z.input<typeof ZGetPhoto>): Promise<PhotoDto> {
  const { accountId, assetId, photoId, basePath } = parseInput(ZGetPhoto, input);
  const { keepLocation } = await loadPhotoContext({ accountId, assetId });
  const row = await db().assetPhoto.findFirst({ where: { id: photoId, assetId, accountId }, select: photoSelect });
  if (!row) throw photoNotFound(photoId);
  return toPhotoDto(row, { keepLocation, basePath });
}
