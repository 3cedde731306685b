// The ids of the account's assets that a group (with its subgroups) and/or a tag pick, as the asset list's filters
// pick them (asset-filter-where.ts). The live map's stream uses them to send only the chosen vehicles' positions.
import { db } from "../../db/client";
import { assetFilterWhere } from "./asset-filter-where";

export async function listMatchingAssetIds(input: { accountId: number; groupId?: number; tagId?: number }): Promise<Set<number>> {
  const { accountId, groupId, tagId } = input;
  const rows = await db().asset.findMany({
    where: { accountId, AND: await assetFilterWhere(accountId, { groupId, tagId }, new Date()) },
    select: { id: true },
  });
  return new Set(rows.map((row) => row.id));
}
