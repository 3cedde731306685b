// Fired alerts of an account, newest first (id descending), filtered by asset, rule, type and time.
import { db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import { type AssetScope, scopedAssetRelation } from "../asset-scope/asset-scope";
import { parseInput } from "../parse-input";
import { decodeCursor, DEFAULT_PAGE_SIZE, pageById } from "../paging";
import {
  type FiredAlertPage,
  firedAlertSelect,
  toFiredAlertDto,
  ZFiredAlertQuery,
} from "./alerts.schema";

/** `scope`: the assets the caller sees (asset-scope/asset-scope.ts); default the whole account */
export async function listFiredAlerts(input: { accountId: number; scope?: AssetScope; query: unknown }): Promise<FiredAlertPage> {
  const query = parseInput(ZFiredAlertQuery, input.query ?? {});
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const before = query.cursor ? decodeCursor(query.cursor) : null;
  const where: Prisma.AlertWhereInput = {
    accountId: input.accountId,
    ...(input.scope && scopedAssetRelation(input.scope)),
    ...(before !== null && { id: { lt: before } }),
    ...(query.asset_id !== undefined && { assetId: query.asset_id }),
    ...(query.rule_id !== undefined && { ruleId: query.rule_id }),
    ...(query.type !== undefined && { type: query.type }),
    ...((query.from || query.to) && {
      firedAt: {
        ...(query.from && { gte: new Date(query.from) }),
        ...(query.to && { lte: new Date(query.to) }),
      },
    }),
  };
  const rows = await db().alert.findMany({ where, select: firedAlertSelect, orderBy: { id: "desc" }, take: limit + 1 });
  return pageById(rows, limit, toFiredAlertDto);
}
