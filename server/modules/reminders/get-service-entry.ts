// One service entry of the account (SERVICE_ENTRY_NOT_FOUND otherwise, and for one
// of an asset outside a group-limited member's `scope`).
import { db } from "../../db/client";
import { type AssetScope, scopedAssetRelation, wholeFleet } from "../asset-scope/asset-scope";
import { entryNotFound, type ServiceEntryDto } from "./reminders.schema";
import { entrySelect, toServiceEntryDto } from "./service-entry-dto";

export async function getServiceEntry(input: { accountId: number; entryId: number; scope?: AssetScope }): Promise<ServiceEntryDto> {
  const row = await db().serviceEntry.findFirst({ where: { id: input.entryId, accountId: input.accountId, ...scopedAssetRelation(input.scope ?? wholeFleet(input.accountId)) }, select: entrySelect });
  if (!row) throw entryNotFound(input.entryId);
  return toServiceEntryDto(row);
}
