// One service reminder of the account, evaluated now (SERVICE_REMINDER_NOT_FOUND otherwise, and for one
// of an asset outside a group-limited member's `scope`).
import { db } from "../../db/client";
import { type AssetScope, scopedAssetRelation, wholeFleet } from "../asset-scope/asset-scope";
import { reminderNotFound, type ServiceReminderDto } from "./reminders.schema";
import { accountTimeZone, evaluateReminders, reminderSelect } from "./service-reminder-view";

export async function getServiceReminder(input: { accountId: number; reminderId: number; scope?: AssetScope; now?: number }): Promise<ServiceReminderDto> {
  const row = await db().serviceReminder.findFirst({ where: { id: input.reminderId, accountId: input.accountId, ...scopedAssetRelation(input.scope ?? wholeFleet(input.accountId)) }, select: reminderSelect });
  if (!row) throw reminderNotFound(input.reminderId);
  const [evaluated] = await evaluateReminders([row], { now: input.now ?? Date.now(), timeZone: await accountTimeZone(input.accountId) });
  return evaluated!.dto;
}
