// One renewal reminder of the account, evaluated now (RENEWAL_REMINDER_NOT_FOUND otherwise, and for one
// of an asset outside a group-limited member's `scope`; a driver's is seen by all: renewal-scope.ts).
import { db } from "../../db/client";
import { type AssetScope, wholeFleet } from "../asset-scope/asset-scope";
import { type RenewalReminderDto, renewalNotFound } from "./reminders.schema";
import { evaluateRenewals, renewalSelect } from "./renewal-reminder-view";
import { scopedRenewalWhere } from "./renewal-scope";
import { accountTimeZone } from "./service-reminder-view";

export async function getRenewalReminder(input: { accountId: number; renewalId: number; scope?: AssetScope; now?: number }): Promise<RenewalReminderDto> {
  const row = await db().renewalReminder.findFirst({ where: { id: input.renewalId, accountId: input.accountId, ...scopedRenewalWhere(input.scope ?? wholeFleet(input.accountId)) }, select: renewalSelect });
  if (!row) throw renewalNotFound(input.renewalId);
  return evaluateRenewals([row], { now: input.now ?? Date.now(), timeZone: await accountTimeZone(input.accountId) })[0]!.dto;
}
