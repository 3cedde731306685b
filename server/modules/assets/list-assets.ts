// One page of an account's assets in id order, filtered (assets/asset-filter-where.ts); `next_cursor` is null on the
// last page. Cursors stay ids, so a filtered list pages the same way as the whole one.
import { db } from "../../db/client";
import { type AssetScope, scopedAssetWhere, wholeFleet } from "../asset-scope/asset-scope";
import { parseInput } from "../parse-input";
import { decodeCursor, pageById } from "../paging";
import { assetFilterWhere } from "./asset-filter-where";
import {
  type AssetPage,
  assetSelect,
  type ListAssetsInput,
  toAssetDto,
  ZListAssets,
} from "./assets.schema";

/** `scope`: the assets the caller sees (asset-scope/asset-scope.ts); default the whole account */
export async function listAssets(input: ListAssetsInput & { scope?: AssetScope; now?: Date }): Promise<AssetPage> {
  const { accountId, cursor, limit, ...filters } = parseInput(ZListAssets, input);
  const after = cursor ? decodeCursor(cursor) : 0;
  const scope = scopedAssetWhere(input.scope ?? wholeFleet(accountId));
  const rows = await db().asset.findMany({
    where: { accountId, id: { gt: after }, AND: [scope, ...(await assetFilterWhere(accountId, filters, input.now ?? new Date()))] },
    select: assetSelect,
    orderBy: { id: "asc" },
    take: limit + 1, // one extra row tells whether another page exists
  });
  return pageById(rows, limit, toAssetDto);
}
