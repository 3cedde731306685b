import { db } from "../../db/client";

/** Every asset id of an account, ascending (asset_map; live-stream subscriptions). */
export async function listAssetIds({ accountId }: { accountId: number }): Promise<number[]> {
  const rows = await db().asset.findMany({ where: { accountId }, select: { id: true }, orderBy: { id: "asc" } });
  return rows.map((row) => row.id);
}
