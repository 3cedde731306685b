import { db } from "../../db/client";
import { type AssetScope, scopedAssetWhere } from "../asset-scope/asset-scope";

/** Every asset id the scope sees (the whole account, or a limited member's groups), ascending (the live map). */
export async function listAssetIds({ scope }: { scope: AssetScope }): Promise<number[]> {
  const rows = await db().asset.findMany({ where: scopedAssetWhere(scope), select: { id: true }, orderBy: { id: "asc" } });
  return rows.map((row) => row.id);
}
