// One renewal reminder of the account, evaluated now (RENEWAL_REMINDER_NOT_FOUND otherwise).
import { db } from "../../db/client";
import { type RenewalReminderDto, renewalNotFound } from "./reminders.schema";
import { evaluateRenewals, renewalSelect } from "./renewal-reminder-view";
import { accountTimeZone } from "./service-reminder-view";

export async function getRenewalReminder(input: { accountId: number; renewalId: number; now?: number }): Promise<RenewalReminderDto> {
  const row = await db().renewalReminder.findFirst({ where: { id: input.renewalId, accountId: input.accountId }, select: renewalSelect });
  if (!row) throw renewalNotFound(input.renewalId);
  return evaluateRenewals([row], { now: input.now ?? Date.now(), timeZone: await accountTimeZone(input.accountId) })[0]!.dto;
}
