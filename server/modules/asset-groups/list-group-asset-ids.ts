// The ids of the assets directly in a group (not its subgroups': the asset list's ?group_id= includes those), a page
// at a time in ascending order, as asset_map answers ids.
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { decodeCursor, encodeCursor, ZListPage } from "../paging";
import { groupNotFound } from "./asset-groups.schema";

export async function listGroupAssetIds(input: {
  accountId: number;
  groupId: number;
  cursor?: string | null;
  limit?: number;
}): Promise<{ data: number[]; next_cursor: string | null }> {
  const { accountId, cursor, limit } = parseInput(ZListPage, input);
  const group = await db().assetGroup.findFirst({ where: { id: input.groupId, accountId }, select: { id: true } });
  if (!group) throw groupNotFound(input.groupId);
  const after = cursor ? decodeCursor(cursor) : 0;
  const rows = await db().assetGroupMember.findMany({
    where: { groupId: group.id, assetId: { gt: after } },
    select: { assetId: true },
    orderBy: { assetId: "asc" },
    take: limit + 1,
  });
  const page = rows.slice(0, limit).map((row) => row.assetId);
  return { data: page, next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null };
}
