// Deletes a service reminder; the service entries that completed it stay (they are the asset's service history). One
// of an asset outside a group-limited member's `scope` is not found.
import { db } from "../../db/client";
import { type AssetScope, scopedAssetRelation, wholeFleet } from "../asset-scope/asset-scope";
import { reminderNotFound } from "./reminders.schema";

export async function deleteServiceReminder(input: { accountId: number; reminderId: number; scope?: AssetScope }): Promise<void> {
  const scope = input.scope ?? wholeFleet(input.accountId);
  const { count } = await db().serviceReminder.deleteMany({ where: { id: input.reminderId, accountId: input.accountId, ...scopedAssetRelation(scope) } });
  if (count === 0) throw reminderNotFound(input.reminderId);
}
