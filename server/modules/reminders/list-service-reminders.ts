// One page of an account's service reminders in id order, each evaluated now; optionally one asset's, or only those
// whose last evaluated status is one of `statuses` (the periodic evaluation keeps it at most one pass old).
import { db } from "../../db/client";
import { type AssetScope, scopedAssetRelation, wholeFleet } from "../asset-scope/asset-scope";
import { decodeCursor, pageById } from "../paging";
import type { ReminderStatus } from "./reminder-arithmetic";
import type { ServiceReminderDto } from "./reminders.schema";
import { accountTimeZone, evaluateReminders, reminderSelect } from "./service-reminder-view";

export async function listServiceReminders(input: {
  accountId: number;
  assetId?: number;
  statuses?: ReminderStatus[];
  cursor?: string | null;
  limit?: number;
  /** a group-limited member's: only the records of their assets */
  scope?: AssetScope;
  now?: number;
}): Promise<{ data: ServiceReminderDto[]; next_cursor: string | null }> {
  const limit = input.limit ?? 100;
  const after = input.cursor ? decodeCursor(input.cursor) : 0;
  const rows = await db().serviceReminder.findMany({
    where: {
      accountId: input.accountId,
      id: { gt: after },
      ...scopedAssetRelation(input.scope ?? wholeFleet(input.accountId)),
      ...(input.assetId !== undefined ? { assetId: input.assetId } : {}),
      ...(input.statuses ? { status: { in: input.statuses } } : {}),
    },
    select: reminderSelect,
    orderBy: { id: "asc" },
    take: limit + 1,
  });
  const page = pageById(rows, limit, (row) => row);
  const evaluated = await evaluateReminders(page.data, { now: input.now ?? Date.now(), timeZone: await accountTimeZone(input.accountId) });
  return { data: evaluated.map((e) => e.dto), next_cursor: page.next_cursor };
}
