// One page of an asset's photos in id order (oldest upload first), without their bytes.
import { z } from "zod";
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { decodeCursor, pageById, ZListPage } from "../paging";
import { loadPhotoContext } from "./asset-photo-context";
import { type PhotoPage, photoSelect, toPhotoDto } from "./asset-photos.schema";

const ZListPhotos = ZListPage.extend({ assetId: z.number().int().positive(), basePath: z.string().min(1) });

export async function listAssetPhotos(input: z.input<typeof ZListPhotos>): Promise<PhotoPage> {
  const { accountId, assetId, cursor, limit, basePath } = parseInput(ZListPhotos, input);
  const after = cursor ? decodeCursor(cursor) : 0;
  const { keepLocation } = await loadPhotoContext({ accountId, assetId });
  const rows = await db().assetPhoto.findMany({
    where: { accountId, assetId, id: { gt: after } },
    select: photoSelect,
    orderBy: { id: "asc" },
    take: limit + 1, // one extra row tells whether another page exists
  });
  return pageById(rows, limit, (row) => toPhotoDto(row, { keepLocation, basePath }));
}
