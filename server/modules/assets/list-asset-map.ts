// GET asset_map: the account's asset ids, a page at a time, as every collection answers ({data, next_cursor}:
// spec-readings "Responses the spec does not show"). Pages are ascending ids with the asset list's cursors
// (paging.ts). Ids are small and a client usually wants them all for the live stream's asset_ids, so a page holds as
// many ids as one stream connection takes (the stream's MAX_ASSET_IDS, 20,000): a fleet of that size or less is one
// page, and a larger one needs several connections anyway.
import { z } from "zod";
import { db } from "../../db/client";
import { type AssetScope, scopedAssetWhere } from "../asset-scope/asset-scope";
import { parseInput } from "../parse-input";
import { decodeCursor, pageById, ZCursor } from "../paging";

export const ASSET_MAP_PAGE_SIZE = 20_000;
const LIMIT_MESSAGE = `must be a whole number from 1 to ${ASSET_MAP_PAGE_SIZE}`;

/** the query string: `?cursor=…&limit=…` (limit arrives as text) */
export const ZAssetMapQuery = z.object({
  cursor: ZCursor.optional(),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(ASSET_MAP_PAGE_SIZE, LIMIT_MESSAGE)
    .optional()
    .meta({ description: `Page size, 1 to ${ASSET_MAP_PAGE_SIZE} (default ${ASSET_MAP_PAGE_SIZE}: as many ids as one live-stream connection takes).` }),
});

const ZListAssetMap = z.object({
  accountId: z.number().int().positive(),
  cursor: z.string().nullish(),
  limit: z.number().int().min(1).max(ASSET_MAP_PAGE_SIZE).default(ASSET_MAP_PAGE_SIZE),
});

export const ZAssetMapPage = z.object({
  data: z.array(z.number().int()).describe("asset ids of the account, ascending"),
  next_cursor: z.string().nullable().describe("pass as ?cursor= for the next page; null on the last page"),
});
export type AssetMapPage = z.infer<typeof ZAssetMapPage>;

/** One page of the asset ids the scope sees, ascending; `next_cursor` is null on the last page. */
export async function listAssetMap(input: z.input<typeof ZListAssetMap> & { scope: AssetScope }): Promise<AssetMapPage> {
  const { accountId, cursor, limit } = parseInput(ZListAssetMap, input);
  const after = cursor ? decodeCursor(cursor) : 0;
  const rows = await db().asset.findMany({
    where: { AND: [scopedAssetWhere(input.scope), { accountId, id: { gt: after } }] },
    select: { id: true },
    orderBy: { id: "asc" },
    take: limit + 1, // one extra row tells whether another page exists
  });
  return pageById(rows, limit, (row) => row.id);
}
