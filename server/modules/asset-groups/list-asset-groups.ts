// One page of an account's asset groups in id order (a parent is always created before its subgroups, so parents
// come first), optionally only the subgroups of one group or only the top-level groups.
import { z } from "zod";
import { db } from "../../db/client";
import { type AssetScope, scopedGroupWhere, wholeFleet } from "../asset-scope/asset-scope";
import { parseInput } from "../parse-input";
import { decodeCursor, pageById, ZListPage } from "../paging";
import { type AssetGroupPage, groupSelect, toAssetGroupDto } from "./asset-groups.schema";

const ZListAssetGroups = ZListPage.extend({
  /** undefined: every group; null: top-level groups only */
  parentId: z.number().int().positive().nullable().optional(),
});

/** `scope`: a limited member lists only their groups and subgroups (asset-scope/asset-scope.ts) */
export async function listAssetGroups(input: z.input<typeof ZListAssetGroups> & { scope?: AssetScope }): Promise<AssetGroupPage> {
  const { accountId, cursor, limit, parentId } = parseInput(ZListAssetGroups, input);
  const after = cursor ? decodeCursor(cursor) : 0;
  const rows = await db().assetGroup.findMany({
    where: { AND: [scopedGroupWhere(input.scope ?? wholeFleet(accountId)), { accountId, id: { gt: after }, ...(parentId !== undefined ? { parentId } : {}) }] },
    select: groupSelect,
    orderBy: { id: "asc" },
    take: limit + 1, // one extra row tells whether another page exists
  });
  return pageById(rows, limit, toAssetGroupDto);
}
