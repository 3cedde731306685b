// Creates or replaces a renewal reminder of an asset or a driver (a whole replacement). Renewing is a replacement
// with the new expiry date: the status follows the new date, the snooze stays only if given again, and the notified
// state is cleared so that the next due-soon notifies again. A group-limited member (`scope`) changes only those of
// their assets; a driver's are read-only to them (renewal-scope.ts).
import { db } from "../../db/client";
import { type AssetScope, wholeFleet } from "../asset-scope/asset-scope";
import { takeAccountQuota } from "../accounts/account-quotas";
import { parseInput } from "../parse-input";
import { checkAsset, checkDriver, checkWatchers } from "./reminder-refs";
import { localToDateColumn, parseDateText, type RenewalReminderDto, renewalNotFound, ZRenewalReminderBody } from "./reminders.schema";
import { evaluateAndStoreRenewals, renewalSelect } from "./renewal-reminder-view";
import { accountTimeZone } from "./service-reminder-view";
import { assertDriverRenewalWritable, scopedRenewalWhere } from "./renewal-scope";

export async function saveRenewalReminder(input: { accountId: number; renewalId: number | null; body: unknown; scope?: AssetScope; now?: number }): Promise<RenewalReminderDto> {
  const body = parseInput(ZRenewalReminderBody, input.body);
  const now = input.now ?? Date.now();
  const scope = input.scope ?? wholeFleet(input.accountId);
  assertDriverRenewalWritable(scope, body.driver_id);
  if (body.asset_id) await checkAsset(db(), input.accountId, body.asset_id, scope);
  if (body.driver_id) await checkDriver(db(), input.accountId, body.driver_id);
  const watcherIds = await checkWatchers(db(), input.accountId, body.watcher_ids);
  const data = {
    assetId: body.asset_id ?? null,
    driverId: body.driver_id ?? null,
    kind: body.kind,
    name: body.kind === "custom" ? (body.name ?? null) : null,
    expiresOn: localToDateColumn(parseDateText(body.expires_on)),
    remindDaysBefore: body.remind_days_before ?? 30,
    snoozedUntil: body.snoozed_until ? localToDateColumn(parseDateText(body.snoozed_until)) : null,
    watcherIds,
  };
  const row = await db().$transaction(async (tx) => {
    if (input.renewalId === null) {
      await takeAccountQuota(tx, input.accountId, "renewal_reminders");
      return tx.renewalReminder.create({ data: { ...data, accountId: input.accountId }, select: renewalSelect });
    }
    const found = await tx.renewalReminder.findFirst({
      where: { id: input.renewalId, accountId: input.accountId, ...scopedRenewalWhere(scope) },
      select: { id: true, expiresOn: true, driverId: true },
    });
    if (!found) throw renewalNotFound(input.renewalId);
    assertDriverRenewalWritable(scope, found.driverId);
    const renewed = found.expiresOn.getTime() !== data.expiresOn.getTime();
    return tx.renewalReminder.update({ where: { id: found.id }, data: { ...data, ...(renewed ? { notifiedState: "ok" } : {}) }, select: renewalSelect });
  });
  const [evaluated] = await evaluateAndStoreRenewals([row], { now, timeZone: await accountTimeZone(input.accountId) });
  return evaluated!.dto;
}
