// Fired alerts of an account, newest first (id descending), filtered by asset, rule, type and time.
import { db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import { parseInput } from "../parse-input";
import { decodeCursor, DEFAULT_PAGE_SIZE, pageById } from "../paging";
import {
  type FiredAlertPage,
  firedAlertSelect,
  toFiredAlertDto,
  ZFiredAlertQuery,
} from "./alerts.schema";

export async function listFiredAlerts(input: { accountId: number; query: unknown }): Promise<FiredAlertPage> {
  const query = parseInput(ZFiredAlertQuery, input.query ?? {});
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const before = query.cursor ? decodeCursor(query.cursor) : null;
  const where: Prisma.AlertWhereInput = {
    accountId: input.accountId,
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
