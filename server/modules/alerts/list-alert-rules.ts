import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { decodeCursor, pageById, ZListPage } from "../paging";
import { type AlertRulePage, alertRuleSelect, toAlertRuleDto } from "./alerts.schema";

/** One page of an account's alert rules in id order; `next_cursor` is null on the last page. */
export async function listAlertRules(input: { accountId: number; cursor?: string | null; limit?: number }): Promise<AlertRulePage> {
  const { accountId, cursor, limit } = parseInput(ZListPage, input);
  const after = cursor ? decodeCursor(cursor) : 0;
  const rows = await db().alertRule.findMany({
    where: { accountId, id: { gt: after } },
    select: alertRuleSelect,
    orderBy: { id: "asc" },
    take: limit + 1, // one extra row tells whether another page exists
  });
  return pageById(rows, limit, toAlertRuleDto);
}
