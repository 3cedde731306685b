// Snoozes a service or renewal reminder until a date, or wakes it (until: null), leaving the rest of it as it is: the
// dashboard's Snooze button, where REST sets `snoozed_until` in a whole PUT. While the account's local date is before
// that date its status is `snoozed` and it notifies nothing; a date that is not after today would snooze nothing, so
// it is refused on the field. A group-limited member (`scope`) snoozes only their assets' reminders (another asset's is
// not found) and cannot change a driver's renewal (renewal-scope.ts), as for a whole save.
import { z } from "zod";
import { type AssetScope, scopedAssetRelation, wholeFleet } from "../asset-scope/asset-scope";
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { compareLocalDates } from "../time/zoned-time";
import { localToday } from "./reminder-arithmetic";
import {
  fieldError,
  localToDateColumn,
  parseDateText,
  reminderNotFound,
  type RenewalReminderDto,
  renewalNotFound,
  type ServiceReminderDto,
  ZLocalDateText,
} from "./reminders.schema";
import { evaluateAndStoreRenewals, renewalSelect } from "./renewal-reminder-view";
import { assertDriverRenewalWritable, scopedRenewalWhere } from "./renewal-scope";
import { accountTimeZone, evaluateAndStore, reminderSelect } from "./service-reminder-view";

const ZSnooze = z.object({ snoozed_until: ZLocalDateText.nullable() });

export async function snoozeReminder(input: {
  accountId: number;
  type: "service" | "renewal";
  id: number;
  /** YYYY-MM-DD in the account's zone; null wakes it */
  until: string | null;
  scope?: AssetScope;
  now?: number;
}): Promise<ServiceReminderDto | RenewalReminderDto> {
  const { snoozed_until } = parseInput(ZSnooze, { snoozed_until: input.until });
  const now = input.now ?? Date.now();
  const timeZone = await accountTimeZone(input.accountId);
  const until = snoozed_until === null ? null : parseDateText(snoozed_until);
  if (until && compareLocalDates(until, localToday(now, timeZone)) <= 0) throw fieldError("snoozed_until", "must be after today");
  const snoozedUntil = until ? localToDateColumn(until) : null;
  const scope = input.scope ?? wholeFleet(input.accountId);
  const where = { id: input.id, accountId: input.accountId };

  if (input.type === "service") {
    const { count } = await db().serviceReminder.updateMany({ where: { ...where, ...scopedAssetRelation(scope) }, data: { snoozedUntil } });
    if (count === 0) throw reminderNotFound(input.id);
    const row = await db().serviceReminder.findUniqueOrThrow({ where: { id: input.id }, select: reminderSelect });
    const [evaluated] = await evaluateAndStore([row], { now, timeZone });
    return evaluated!.dto;
  }
  const found = await db().renewalReminder.findFirst({ where: { ...where, ...scopedRenewalWhere(scope) }, select: { driverId: true } });
  if (!found) throw renewalNotFound(input.id);
  assertDriverRenewalWritable(scope, found.driverId);
  await db().renewalReminder.update({ where: { id: input.id }, data: { snoozedUntil } });
  const row = await db().renewalReminder.findUniqueOrThrow({ where: { id: input.id }, select: renewalSelect });
  const [evaluated] = await evaluateAndStoreRenewals([row], { now, timeZone });
  return evaluated!.dto;
}
