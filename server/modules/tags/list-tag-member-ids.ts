// The ids of the assets (or drivers) carrying a tag, a page at a time in ascending order.
import { db } from "../../db/client";
import { type AssetScope, scopedAssetRelation } from "../asset-scope/asset-scope";
import type { OwnedKind } from "../owned-ids";
import { parseInput } from "../parse-input";
import { decodeCursor, encodeCursor, ZListPage } from "../paging";
import { tagNotFound } from "./tags.schema";

export async function listTagMemberIds(input: {
  accountId: number;
  tagId: number;
  kind: OwnedKind;
  /** a limited member gets only the tagged assets they see (asset-scope/asset-scope.ts) */
  scope?: AssetScope;
  cursor?: string | null;
  limit?: number;
}): Promise<{ data: number[]; next_cursor: string | null }> {
  const { accountId, cursor, limit } = parseInput(ZListPage, input);
  const tag = await db().tag.findFirst({ where: { id: input.tagId, accountId }, select: { id: true } });
  if (!tag) throw tagNotFound(input.tagId);
  const after = cursor ? decodeCursor(cursor) : 0;
  const ids =
    input.kind === "asset"
      ? (await db().assetTag.findMany({ where: { tagId: tag.id, assetId: { gt: after }, ...(input.scope && scopedAssetRelation(input.scope)) }, select: { assetId: true }, orderBy: { assetId: "asc" }, take: limit + 1 })).map((row) => row.assetId)
      : (await db().driverTag.findMany({ where: { tagId: tag.id, driverId: { gt: after } }, select: { driverId: true }, orderBy: { driverId: "asc" }, take: limit + 1 })).map((row) => row.driverId);
  const page = ids.slice(0, limit);
  return { data: page, next_cursor: ids.length > limit ? encodeCursor(page[page.length - 1]!) : null };
}
