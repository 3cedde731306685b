// Deletes a photo with its files (they go with the row: asset_photo_files cascades). Deleting the asset or the
// account deletes its photos the same way.
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { loadPhotoContext } from "./asset-photo-context";
import { photoNotFound, ZPhotoRef } from "./asset-photos.schema";

export async function deleteAssetPhoto(input: { accountId: number; assetId: number; photoId: number }): Promise<{ id: number }> {
  const { accountId, assetId, photoId } = parseInput(ZPhotoRef, input);
  await loadPhotoContext({ accountId, assetId });
  const { count } = await db().assetPhoto.deleteMany({ where: { id: photoId, assetId, accountId } });
  if (count === 0) throw photoNotFound(photoId);
  return { id: photoId };
}
