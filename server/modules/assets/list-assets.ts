import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { decodeCursor, pageById } from "../paging";
import {
  type AssetPage,
  assetSelect,
  type ListAssetsInput,
  toAssetDto,
  ZListAssets,
} from "./assets.schema";

/** One page of an account's assets in id order; `next_cursor` is null on the last page. */
export async function listAssets(input: ListAssetsInput): Promise<AssetPage> {
  const { accountId, cursor, limit } = parseInput(ZListAssets, input);
  const after = cursor ? decodeCursor(cursor) : 0;
  const rows = await db().asset.findMany({
    where: { accountId, id: { gt: after } },
    select: assetSelect,
    orderBy: { id: "asc" },
    take: limit + 1, // one extra row tells whether another page exists
  });
  return pageById(rows, limit, toAssetDto);
}
