// Deletes a service entry: the reminders it completed count again from their previous service (or their start). One
// of an asset outside a group-limited member's `scope` is not found.
import { db } from "../../db/client";
import { type AssetScope, scopedAssetRelation, wholeFleet } from "../asset-scope/asset-scope";
import { entryNotFound } from "./reminders.schema";
import { accountTimeZone, evaluateAndStore, reminderSelect } from "./service-reminder-view";

export async function deleteServiceEntry(input: { accountId: number; entryId: number; scope?: AssetScope; now?: number }): Promise<void> {
  const scope = input.scope ?? wholeFleet(input.accountId);
  const found = await db().serviceEntry.findFirst({ where: { id: input.entryId, accountId: input.accountId, ...scopedAssetRelation(scope) }, select: { id: true, reminders: { select: { reminderId: true } } } });
  if (!found) throw entryNotFound(input.entryId);
  await db().serviceEntry.delete({ where: { id: found.id } });
  const ids = found.reminders.map((r) => r.reminderId);
  if (ids.length === 0) return;
  const rows = await db().serviceReminder.findMany({ where: { id: { in: ids } }, select: reminderSelect });
  await evaluateAndStore(rows, { now: input.now ?? Date.now(), timeZone: await accountTimeZone(input.accountId) });
}
