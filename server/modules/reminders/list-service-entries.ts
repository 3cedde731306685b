// One page of an account's service entries in id order; optionally one asset's, or those completing one reminder.
import { db } from "../../db/client";
import { type AssetScope, scopedAssetRelation, wholeFleet } from "../asset-scope/asset-scope";
import { decodeCursor, pageById } from "../paging";
import type { ServiceEntryDto } from "./reminders.schema";
import { entrySelect, toServiceEntryDto } from "./service-entry-dto";

export async function listServiceEntries(input: {
  accountId: number;
  assetId?: number;
  reminderId?: number;
  cursor?: string | null;
  limit?: number;
  /** a group-limited member's: only the records of their assets */
  scope?: AssetScope;
}): Promise<{ data: ServiceEntryDto[]; next_cursor: string | null }> {
  const limit = input.limit ?? 100;
  const after = input.cursor ? decodeCursor(input.cursor) : 0;
  const rows = await db().serviceEntry.findMany({
    where: {
      accountId: input.accountId,
      id: { gt: after },
      ...scopedAssetRelation(input.scope ?? wholeFleet(input.accountId)),
      ...(input.assetId !== undefined ? { assetId: input.assetId } : {}),
      ...(input.reminderId !== undefined ? { reminders: { some: { reminderId: input.reminderId } } } : {}),
    },
    select: entrySelect,
    orderBy: { id: "asc" },
    take: limit + 1,
  });
  return pageById(rows, limit, toServiceEntryDto);
}
